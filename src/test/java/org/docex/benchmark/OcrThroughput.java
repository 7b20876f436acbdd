package org.docex.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.docex.extraction.GeneratedPdfs;
import org.docex.extraction.control.DocumentExtractor;
import org.docex.extraction.control.ExtractionLimits;
import org.docex.extraction.control.ProgressListener;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.ocr.OcrFixtures;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.control.ocr.Scans;

/**
 * OCR pages per second on one extraction thread: docex (render at 300 dpi, clean, straighten,
 * recognise, build the page text) against the {@code tesseract} command line reading the same pages
 * rendered at the same dpi, one process for all pages, one thread ({@code OMP_THREAD_LIMIT=1}).
 */
final class OcrThroughput {

    private static final int PAGES = 12;
    private static final int DPI = 300;

    private OcrThroughput() {
    }

    static void run(Path work) throws Exception {
        Benchmark.print("%n4. OCR throughput, one thread, %d scanned invoice pages (200 dpi scans, read at %d dpi)", PAGES, DPI);
        Path dir = Files.createDirectories(work.resolve("ocr"));
        List<Path> scans = new ArrayList<>();
        Path original = Files.write(dir.resolve("invoice.pdf"), GeneratedPdfs.invoice());
        for (int i = 0; i < PAGES; i++) {
            scans.add(Scans.scan(original, dir.resolve("scan-" + i + ".pdf"), (i % 2 == 0 ? 1 : -1) * 0.2 * (i % 5), i));
        }
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults(), OcrFixtures.reader());
        extractor.extract(scans.get(0), Template.GENERIC, List.of(), OcrMode.AUTO, ProgressListener.NONE);
        long started = System.nanoTime();
        for (Path scan : scans) {
            extractor.extract(scan, Template.GENERIC, List.of(), OcrMode.AUTO, ProgressListener.NONE);
        }
        double docex = PAGES / seconds(started);

        List<String> images = new ArrayList<>();
        for (int i = 0; i < scans.size(); i++) {
            try (PDDocument document = Loader.loadPDF(scans.get(i).toFile())) {
                Path image = dir.resolve("page-" + i + ".png");
                ImageIO.write(new PDFRenderer(document).renderImageWithDPI(0, DPI, ImageType.GRAY), "png", image.toFile());
                images.add(image.toString());
            }
        }
        Path list = Files.write(dir.resolve("pages.txt"), images);
        Path blank = dir.resolve("blank.png");
        ImageIO.write(new java.awt.image.BufferedImage(50, 50, java.awt.image.BufferedImage.TYPE_BYTE_GRAY), "png", blank.toFile());
        double load = tesseract(blank.toString());
        double all = tesseract(list.toString());
        if (all < 0) {
            Benchmark.print("   docex:                    %6.2f pages/s; the tesseract command is not installed (apt-get install tesseract-ocr)", docex);
            return;
        }
        double cli = PAGES / all;
        double cliWithoutLoad = PAGES / Math.max(1e-3, all - load);
        Benchmark.print("   docex (render, clean, straighten, recognise): %6.2f pages/s", docex);
        Benchmark.print("   tesseract command line, same pages as PNG:    %6.2f pages/s  (%.2f without its %.1f s of loading)",
                cli, cliWithoutLoad, load);
        Benchmark.print("   ratio docex / command line: %.2f  (target >= 0.9); without the command's loading: %.2f",
                docex / cli, docex / cliWithoutLoad);
    }

    /** Seconds one run of the command takes, or -1 where it is missing. */
    private static double tesseract(String input) throws IOException, InterruptedException {
        ProcessBuilder command = new ProcessBuilder("tesseract", input, "stdout", "-l", "eng+deu", "--psm", "11", "tsv")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        command.environment().put("OMP_THREAD_LIMIT", "1");
        long started = System.nanoTime();
        Process process;
        try {
            process = command.start();
        } catch (IOException missing) {
            return -1;
        }
        if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
            return -1;
        }
        return seconds(started);
    }

    private static double seconds(long started) {
        return (System.nanoTime() - started) / 1e9;
    }
}
