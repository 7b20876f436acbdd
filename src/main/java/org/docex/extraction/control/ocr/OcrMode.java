package org.docex.extraction.control.ocr;

import java.util.Locale;
import java.util.Optional;

/** Which pages a workflow reads by OCR: those without a text layer, every page, or none. */
public enum OcrMode {
    AUTO, ALWAYS, NEVER;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<OcrMode> named(String id) {
        for (OcrMode mode : values()) {
            if (mode.id().equals(id)) {
                return Optional.of(mode);
            }
        }
        return Optional.empty();
    }
}
