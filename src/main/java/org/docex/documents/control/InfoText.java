package org.docex.documents.control;

import java.util.function.Supplier;

/** Makes a string from a PDF's info dictionary fit to store and show: no control characters, bounded, blank is null. */
final class InfoText {

    static final int MAX_LENGTH = 1000;

    private InfoText() {
    }

    static String clean(Supplier<String> value) {
        try {
            return clean(value.get());
        } catch (RuntimeException e) {
            // A malformed entry loses only itself, not the upload.
            return null;
        }
    }

    static String clean(String raw) {
        if (raw == null) {
            return null;
        }
        StringBuilder kept = new StringBuilder(Math.min(raw.length(), MAX_LENGTH));
        raw.codePoints()
                .filter(c -> !isControl(c))
                .forEach(kept::appendCodePoint);
        String text = kept.toString().strip();
        if (text.isEmpty()) {
            return null;
        }
        return text.codePointCount(0, text.length()) <= MAX_LENGTH
                ? text
                : text.substring(0, text.offsetByCodePoints(0, MAX_LENGTH)).strip();
    }

    /** C0/C1 controls, and the bidi overrides and isolates that make text display other than it reads. */
    static boolean isControl(int codePoint) {
        return Character.isISOControl(codePoint)
                || (codePoint >= 0x202A && codePoint <= 0x202E)
                || (codePoint >= 0x2066 && codePoint <= 0x2069);
    }
}
