package org.docex.extraction.control.ocr;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import org.docex.documents.control.PageRenderer;

/** OCR as the server sets it up by default (eng+deu at 300 dpi); tests that need it are skipped where Tesseract's data is missing. */
public final class OcrFixtures {

    private static TesseractEngine.Availability availability;

    private OcrFixtures() {
    }

    /** The engine with eng+deu; skips the calling test where it is missing. */
    public static synchronized TesseractEngine.Availability availability() {
        if (availability == null) {
            availability = TesseractEngine.load(TesseractEngine.usualTessdata(), "eng+deu");
        }
        assumeTrue(availability.engine().isPresent(), "OCR tests skipped: " + availability.problem());
        return availability;
    }

    public static synchronized OcrReader reader() {
        return OcrReader.of(availability(), new PageRenderer(25_000_000L, 100_000_000L), 300, Duration.ofSeconds(60),
                Duration.ofSeconds(600));
    }
}
