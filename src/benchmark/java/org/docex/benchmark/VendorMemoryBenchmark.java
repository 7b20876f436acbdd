package org.docex.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.docex.extraction.control.realworld.RealWorldSet;
import org.docex.vendors.control.InvoiceSeries;

/**
 * The vendor memory on real invoice series (the development set's invoices of one vendor, printed
 * pages): the committed fields right on each vendor's later invoices, with and without the memory,
 * and the CPU time reading with the memory adds to an extraction (this thread's CPU, median of the
 * measured rounds after warm-up rounds). Not counted: the memory's one indexed query for the
 * document's identifiers and one for the vendor's rules.
 */
final class VendorMemoryBenchmark {

    private static final int WARM_UP_ROUNDS = 2;
    private static final int MEASURED_ROUNDS = 5;

    private VendorMemoryBenchmark() {
    }

    static void run(Path work) throws Exception {
        Benchmark.print("%n9. Vendor memory on real invoice series");
        if (!RealWorldSet.available()) {
            Benchmark.print("No development set at %s", RealWorldSet.DIRECTORY.toAbsolutePath());
            return;
        }
        Path dir = Files.createDirectories(work.resolve("vendor-series"));
        var series = InvoiceSeries.ofDevelopmentSet();
        InvoiceSeries.Score score = null;
        List<Double> shares = new ArrayList<>();
        List<Double> extraction = new ArrayList<>();
        for (int round = 0; round < WARM_UP_ROUNDS + MEASURED_ROUNDS; round++) {
            score = InvoiceSeries.run(series, dir);
            if (round >= WARM_UP_ROUNDS) {
                shares.add(score.memoryNanos() / (double) score.extractionNanos());
                extraction.add(score.extractionNanos() / 1e6 / score.pages());
            }
        }
        Benchmark.print("%d series, %d invoices: %d of %d committed fields right on the later invoices (%.3f);"
                        + " without the memory %d (%.3f)", series.size(), series.values().stream().mapToInt(List::size).sum(),
                score.right(), score.total(), score.share(), score.generic(), score.genericShare());
        Benchmark.print("%s", score.table());
        Benchmark.print("CPU per page: extraction %.2f ms; reading with the memory adds %.1f%% (median of %d rounds)",
                median(extraction), 100 * median(shares), MEASURED_ROUNDS);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
