package org.docex.benchmark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToIntFunction;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.docex.extraction.control.DocumentExtractor;
import org.docex.extraction.control.ExtractionFailedException;
import org.docex.extraction.control.ExtractionLimits;
import org.docex.extraction.control.ProgressListener;
import org.docex.extraction.control.Template;

/** The baseline: PDFBox alone, in this JVM, one thread per core: load and extract text; and docex's engine the same way. */
final class InProcessExtraction {

    private InProcessExtraction() {
    }

    /**
     * PDFBox alone, warmed up: each {@link Passes#pass()} then measures one more pass, so that the
     * benchmark can take turns with the service.
     */
    static Passes pdfBoxAlone(Corpus corpus, int threads) throws Exception {
        Passes passes = new Passes(corpus, threads, InProcessExtraction::extract);
        passes.warmUp();
        return passes;
    }

    /**
     * docex's own extraction engine (positions, key-value pairs, form fields) in this JVM, measured
     * the same way: how much of the gap is the engine and how much the server around it.
     */
    static double enginePagesPerSecond(Corpus corpus, int threads) throws Exception {
        DocumentExtractor engine = new DocumentExtractor(ExtractionLimits.defaults());
        Passes passes = new Passes(corpus, threads, file -> {
            try {
                return engine.extract(file, Template.GENERIC, List.of(), ProgressListener.NONE).pages().size();
            } catch (ExtractionFailedException e) {
                return 0;
            }
        });
        passes.warmUp();
        List<Double> measured = new ArrayList<>();
        for (int pass = 0; pass < Benchmark.MEASURED_PASSES; pass++) {
            measured.add(passes.pass());
        }
        return Benchmark.median(measured, Comparator.naturalOrder());
    }

    /** Passes over the corpus with one extraction, one thread per core. */
    static final class Passes {

        private final Corpus corpus;
        private final int threads;
        private final ToIntFunction<Path> extract;

        private Passes(Corpus corpus, int threads, ToIntFunction<Path> extract) {
            this.corpus = corpus;
            this.threads = threads;
            this.extract = extract;
        }

        private void warmUp() throws Exception {
            for (int pass = 0; pass < Benchmark.WARM_UP_PASSES; pass++) {
                run(corpus, threads, extract);
            }
        }

        /** One pass: pages per second. */
        double pass() throws Exception {
            long start = System.nanoTime();
            long pages = run(corpus, threads, extract);
            return pages / ((System.nanoTime() - start) / 1e9);
        }
    }

    private static long run(Corpus corpus, int threads, ToIntFunction<Path> extract) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicLong pages = new AtomicLong();
        try {
            List<Future<Long>> work = new ArrayList<>();
            for (Path file : corpus.files()) {
                work.add(pool.submit(() -> pages.addAndGet(extract.applyAsInt(file))));
            }
            for (Future<Long> each : work) {
                each.get();
            }
        } finally {
            pool.shutdown();
        }
        return pages.get();
    }

    private static int extract(Path file) {
        try (PDDocument document = Loader.loadPDF(file.toFile())) {
            PDFTextStripper stripper = new PDFTextStripper();
            stripper.setSortByPosition(true);
            for (int page = 1; page <= document.getNumberOfPages(); page++) {
                stripper.setStartPage(page);
                stripper.setEndPage(page);
                stripper.getText(document);
            }
            return document.getNumberOfPages();
        } catch (Exception e) {
            return 0;
        }
    }
}
