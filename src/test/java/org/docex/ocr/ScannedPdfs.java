package org.docex.ocr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.docex.extraction.GeneratedPdfs;
import org.docex.extraction.control.ocr.Scans;

/** The generated invoice as a scanner makes it: an image-only PDF, slightly crooked, with noise. */
public final class ScannedPdfs {

    private ScannedPdfs() {
    }

    /** Skips the calling tests where the server could not read scans: Tesseract's eng and deu data are missing. */
    public static void assumeOcrLanguageData() {
        org.junit.jupiter.api.Assumptions.assumeTrue(org.docex.extraction.control.ocr.TesseractEngine.usualTessdata().stream()
                        .anyMatch(dir -> Files.isRegularFile(dir.resolve("eng.traineddata"))
                                && Files.isRegularFile(dir.resolve("deu.traineddata"))),
                "OCR black-box tests skipped: Tesseract's eng and deu data are not installed"
                        + " (apt-get install tesseract-ocr-eng tesseract-ocr-deu)");
    }

    public static byte[] invoice() {
        try {
            Path dir = Files.createTempDirectory("docex-scan");
            Path original = Files.write(dir.resolve("invoice.pdf"), GeneratedPdfs.invoice());
            byte[] scan = Files.readAllBytes(Scans.scan(original, dir.resolve("scan.pdf"), 0.6, 7));
            Files.delete(dir.resolve("scan.pdf"));
            Files.delete(original);
            Files.delete(dir);
            return scan;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
