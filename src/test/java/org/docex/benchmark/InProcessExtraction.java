package org.docex.benchmark;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/** The baseline: PDFBox alone, in this JVM, one thread per core: load and extract text. */
final class InProcessExtraction {

    private InProcessExtraction() {
    }

    /** Pages per second over the corpus, after as many warm-up passes as the service gets. */
    static double pagesPerSecond(Corpus corpus, int threads) throws Exception {
        for (int pass = 0; pass < Benchmark.WARM_UP_PASSES; pass++) {
            run(corpus, threads);
        }
        long start = System.nanoTime();
        long pages = run(corpus, threads);
        return pages / ((System.nanoTime() - start) / 1e9);
    }

    private static long run(Corpus corpus, int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicLong pages = new AtomicLong();
        try {
            List<Future<Long>> work = new java.util.ArrayList<>();
            for (Path file : corpus.files()) {
                work.add(pool.submit(() -> pages.addAndGet(extract(file))));
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
