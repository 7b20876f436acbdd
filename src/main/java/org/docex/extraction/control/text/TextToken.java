package org.docex.extraction.control.text;

import org.docex.extraction.control.BoundingBox;

/**
 * A run of non-space characters on a page.
 *
 * @param fontSize the size of the text in points as displayed
 * @param offset where the token starts in its page's text
 * @param confidence how sure the reading is, 0..1: 1 for a text layer, the OCR engine's word confidence for a scan
 * @param bold whether the text layer draws it in a bold face (never known of a scan's words)
 */
public record TextToken(String text, BoundingBox box, double fontSize, int offset, double confidence, boolean bold) {

    /** A token of a page's text layer, read as written. */
    public TextToken(String text, BoundingBox box, double fontSize, int offset, boolean bold) {
        this(text, box, fontSize, offset, 1.0, bold);
    }

    /** A token of a page's text layer in a regular face. */
    public TextToken(String text, BoundingBox box, double fontSize, int offset) {
        this(text, box, fontSize, offset, 1.0, false);
    }

    /** A word read by OCR, with the engine's confidence in it. */
    public TextToken(String text, BoundingBox box, double fontSize, int offset, double confidence) {
        this(text, box, fontSize, offset, confidence, false);
    }

    public int end() {
        return offset + text.length();
    }

    /** The box of the characters from {@code start} to {@code end} of this token's text, estimated by width. */
    public BoundingBox boxOf(int start, int end) {
        if (start <= 0 && end >= text.length()) {
            return box;
        }
        double length = Math.max(1, text.length());
        return box.horizontalSlice(start / length, end / length);
    }
}
