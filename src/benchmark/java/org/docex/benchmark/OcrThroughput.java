package org.docex.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.docex.documents.control.PageRenderer;
import org.docex.extraction.GeneratedPdfs;
import org.docex.extraction.control.DocumentExtractor;
import org.docex.extraction.control.ExtractionLimits;
import org.docex.extraction.control.ProgressListener;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.ocr.OcrFixtures;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.control.ocr.Scans;

/**
 * OCR pages per second on one extraction thread: docex (from the PDF: the page image at 300 dpi,
 * cleaned, straightened, recognised, the page text built) against the {@code tesseract} command line
 * reading the same page images as PNG at the same dpi ({@code --dpi 300}), one process for all pages,
 * one thread ({@code OMP_THREAD_LIMIT=1}).
 */
final class OcrThroughput {

    private static final int PAGES = 12;
    private static final int DPI = 300;
    private static final int ROUNDS = 3;

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
        List<String> images = new ArrayList<>();
        PageRenderer renderer = new PageRenderer(25_000_000L, 100_000_000L);
        for (int i = 0; i < scans.size(); i++) {
            // The page as docex reads it before it takes the specks off: the scan enlarged to the dpi.
            Path image = dir.resolve("page-" + i + ".png");
            ImageIO.write(renderer.renderGrey(scans.get(i), 1, DPI, false).image(), "png", image.toFile());
            images.add(image.toString());
        }
        Path list = Files.write(dir.resolve("pages.txt"), images);
        Path blank = dir.resolve("blank.png");
        ImageIO.write(new java.awt.image.BufferedImage(50, 50, java.awt.image.BufferedImage.TYPE_BYTE_GRAY), "png", blank.toFile());
        if (tesseract(blank.toString()) < 0) {
            Benchmark.print("   the tesseract command is not installed (apt-get install tesseract-ocr); nothing to compare with");
            return;
        }

        // A server reads scans all day: one unmeasured pass warms docex's JIT; then the two sides take
        // turns, three passes each, and the middle pass of each counts.
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults(), OcrFixtures.reader());
        docexPass(extractor, scans);
        double[] docex = new double[ROUNDS];
        double[] cli = new double[ROUNDS];
        double[] load = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            docex[round] = docexPass(extractor, scans);
            load[round] = tesseract(blank.toString());
            cli[round] = tesseract(list.toString());
            Benchmark.print("   pass %d: docex %5.2f s, command line %5.2f s (of which loading %.2f s)", round + 1, docex[round], cli[round], load[round]);
        }
        double docexRate = PAGES / middle(docex);
        double cliRate = PAGES / middle(cli);
        double cliWithoutLoad = PAGES / Math.max(1e-3, middle(cli) - middle(load));
        Benchmark.print("   docex (page image, despeckle, straighten, recognise, page text): %6.2f pages/s", docexRate);
        Benchmark.print("   tesseract command line, the same page images as PNG:            %6.2f pages/s  (%.2f without its loading)",
                cliRate, cliWithoutLoad);
        Benchmark.print("   ratio docex / command line: %.2f  (target >= 0.9); without the command's loading: %.2f",
                docexRate / cliRate, docexRate / cliWithoutLoad);
        images(extractor, dir, images);
        OcrFixtures.availability().engine().ifPresent(org.docex.extraction.control.ocr.TesseractEngine::close);
    }

    /**
     * The same pages uploaded as images (grey PNGs at 300 dpi): each made into its PDF with Tesseract's
     * orientation detection, as an upload does, then read by OCR; images per second, the middle of three passes.
     */
    private static void images(DocumentExtractor extractor, Path dir, List<String> pngs) throws Exception {
        org.docex.extraction.control.ocr.TesseractEngine engine = OcrFixtures.availability().engine().orElse(null);
        if (engine == null) {
            return;
        }
        org.docex.documents.control.ImagePages pages = org.docex.documents.control.ImagePages.of(500, 40_000_000L, page -> {
            java.awt.image.BufferedImage gray = new java.awt.image.BufferedImage(page.getWidth(), page.getHeight(),
                    java.awt.image.BufferedImage.TYPE_BYTE_GRAY);
            gray.getGraphics().drawImage(page, 0, 0, null);
            return engine.uprightTurns(gray, DPI).orElse(0);
        });
        double[] total = new double[ROUNDS];
        double[] made = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            long started = System.nanoTime();
            double making = 0;
            for (int i = 0; i < pngs.size(); i++) {
                Path pdf = dir.resolve("image-" + i + ".pdf");
                long converting = System.nanoTime();
                pages.toPdf(Path.of(pngs.get(i)), org.docex.documents.control.ImagePages.PNG, pdf);
                making += seconds(converting);
                extractor.extract(pdf, Template.GENERIC, List.of(), OcrMode.AUTO, ProgressListener.NONE);
            }
            total[round] = seconds(started);
            made[round] = making;
        }
        Benchmark.print("   images through docex (PNG -> PDF with orientation detection -> OCR): %6.2f images/s"
                + "  (%.2f s of %.2f s a pass making the PDFs)", pngs.size() / middle(total), middle(made), middle(total));
    }

    private static double docexPass(DocumentExtractor extractor, List<Path> scans) throws Exception {
        long started = System.nanoTime();
        for (Path scan : scans) {
            extractor.extract(scan, Template.GENERIC, List.of(), OcrMode.AUTO, ProgressListener.NONE);
        }
        return seconds(started);
    }

    private static double middle(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Seconds one run of the command takes, or -1 where it is missing. */
    private static double tesseract(String input) throws IOException, InterruptedException {
        // The dpi is said: the PNG carries none, and without it the command guesses one from the
        // text's size (about 455 here), which changes its work and makes it a different comparison.
        ProcessBuilder command = new ProcessBuilder("tesseract", input, "stdout", "-l", "eng+deu", "--psm", "11",
                "--dpi", String.valueOf(DPI), "tsv")
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
