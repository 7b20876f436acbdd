package org.docex.extraction.control.ocr;

import java.util.Arrays;
import java.util.List;

/** Tesseract's language list, such as {@code eng+deu}: codes of letters, digits and underscores, joined by '+'. */
public final class OcrLanguages {

    private OcrLanguages() {
    }

    public static List<String> parse(String languages) {
        if (languages == null || !languages.matches("[A-Za-z0-9_]{1,32}(\\+[A-Za-z0-9_]{1,32}){0,9}")) {
            throw new IllegalArgumentException("DOCEX_OCR_LANGUAGES must be language codes joined by '+', such as eng+deu");
        }
        return Arrays.asList(languages.split("\\+"));
    }
}
