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

/** The baseline: PDFBox alone, in this JVM, one thread per core: load and extract text. */
final class InProcessExtraction {

    private InProcessExtraction() {
    }

    /** PDFBox alone: pages per second over the corpus, warm; the median of the measured passes. */
    static double pagesPerSecond(Corpus corpus, int threads) throws Exception {
        return pagesPerSecond(corpus, threads, InProcessExtraction::extract);
    }

    /**
     * docex's own extraction engine (positions, key-value pairs, form fields) in this JVM, measured
     * the same way: how much of the gap is the engine and how much the server around it.
     */
    static double enginePagesPerSecond(Corpus corpus, int threads) throws Exception {
        DocumentExtractor engine = new DocumentExtractor(ExtractionLimits.defaults());
        return pagesPerSecond(corpus, threads, file -> {
            try {
                return engine.extract(file, Template.GENERIC, List.of(), ProgressListener.NONE).pages().size();
            } catch (ExtractionFailedException e) {
                return 0;
            }
        });
    }

    private static double pagesPerSecond(Corpus corpus, int threads, ToIntFunction<Path> extract) throws Exception {
        for (int pass = 0; pass < Benchmark.WARM_UP_PASSES; pass++) {
            run(corpus, threads, extract);
        }
        List<Double> measured = new ArrayList<>();
        for (int pass = 0; pass < Benchmark.MEASURED_PASSES; pass++) {
            long start = System.nanoTime();
            long pages = run(corpus, threads, extract);
            measured.add(pages / ((System.nanoTime() - start) / 1e9));
        }
        return Benchmark.median(measured, Comparator.naturalOrder());
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
