package org.docex.extraction.control.pdf;

import org.apache.pdfbox.util.Matrix;

/**
 * Text drawn at a slant: its baseline more than {@value #MIN_SLANT_DEGREES} degrees away from the
 * page's axes. Upright and sideways text (0, 90, 180, 270 degrees, and the few degrees of skew an
 * OCR layer over a scan has) is not slanted.
 */
final class SlantedText {

    static final double MIN_SLANT_DEGREES = 10;

    private SlantedText() {
    }

    /** Whether a glyph's text rendering matrix draws it at a slant. */
    static boolean isSlanted(Matrix textMatrix) {
        double a = textMatrix.getValue(0, 0);
        double b = textMatrix.getValue(0, 1);
        if (a == 0 || b == 0) {
            return false;
        }
        double degrees = Math.toDegrees(Math.atan2(Math.abs(b), Math.abs(a)));
        return degrees > MIN_SLANT_DEGREES && degrees < 90 - MIN_SLANT_DEGREES;
    }

    /**
     * Whether the next glyph starts a new word: it does not begin where the previous one's advance
     * ends, along the baseline, within a third of the font size.
     */
    static boolean isWordBreak(Matrix previous, double previousAdvance, Matrix next) {
        double a = previous.getValue(0, 0);
        double b = previous.getValue(0, 1);
        double length = Math.sqrt(a * a + b * b);
        double size = Math.sqrt(previous.getValue(1, 0) * previous.getValue(1, 0)
                + previous.getValue(1, 1) * previous.getValue(1, 1));
        if (length == 0) {
            return true;
        }
        double endX = previous.getTranslateX() + previousAdvance * a / length;
        double endY = previous.getTranslateY() + previousAdvance * b / length;
        double dx = next.getTranslateX() - endX;
        double dy = next.getTranslateY() - endY;
        return Math.sqrt(dx * dx + dy * dy) > size / 3;
    }
}
