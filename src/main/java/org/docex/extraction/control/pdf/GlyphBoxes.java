package org.docex.extraction.control.pdf;

import java.util.HashMap;
import java.util.Map;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDFontDescriptor;
import org.apache.pdfbox.text.TextPosition;
import org.apache.pdfbox.util.Matrix;
import org.docex.extraction.control.GrowingBox;

/**
 * The displayed box of one glyph: its advance along the text direction and the font's ascent
 * and descent across it, mapped through the text rendering matrix, so that rotated text and
 * rotated pages give boxes where the reader sees the text.
 */
final class GlyphBoxes {

    private static final float DEFAULT_ASCENT = 0.75f;
    private static final float DEFAULT_DESCENT = -0.22f;
    /** Shared by every font without usable extents; read, never written. */
    private static final float[] DEFAULT_EXTENTS = {DEFAULT_ASCENT, DEFAULT_DESCENT};

    private final Map<PDFont, float[]> extents = new HashMap<>();
    /**
     * The last glyph's font and its extents: a page's glyphs mostly share a font, and the map's
     * lookup hashes the font's dictionary (2% of an extraction's samples in the benchmark).
     */
    private PDFont lastFont;
    private float[] lastExtents = DEFAULT_EXTENTS;

    /** Grows {@code box} by the glyph's displayed box, allocating nothing: this runs once per glyph. */
    void addBoxOf(TextPosition glyph, PageGeometry geometry, GrowingBox box) {
        Matrix m = glyph.getTextMatrix();
        float[] ascentDescent = extentsOf(glyph.getFont());
        double a = m.getValue(0, 0);
        double b = m.getValue(0, 1);
        double c = m.getValue(1, 0);
        double d = m.getValue(1, 1);
        double length = length(a, b);
        double ux = length == 0 ? 1 : a / length;
        double uy = length == 0 ? 0 : b / length;
        double advance = glyph.getWidthDirAdj();
        double ox = m.getTranslateX();
        double oy = m.getTranslateY();
        double asc = ascentDescent[0];
        double desc = ascentDescent[1];
        geometry.addCropPoint(ox + c * desc, oy + d * desc, box);
        geometry.addCropPoint(ox + c * asc, oy + d * asc, box);
        geometry.addCropPoint(ox + advance * ux + c * desc, oy + advance * uy + d * desc, box);
        geometry.addCropPoint(ox + advance * ux + c * asc, oy + advance * uy + d * asc, box);
    }

    static double fontSizeOf(TextPosition glyph) {
        Matrix m = glyph.getTextMatrix();
        return length(m.getValue(1, 0), m.getValue(1, 1));
    }

    /**
     * The vector's length. Not {@code Math.hypot}: on Java 17 that is StrictMath's software routine
     * (5% of the extraction threads' samples in the server, run twice per glyph), and its guard
     * against overflow is not needed here: the components are floats, whose squares stay far
     * inside a double's range.
     */
    private static double length(double x, double y) {
        return Math.sqrt(x * x + y * y);
    }

    private float[] extentsOf(PDFont font) {
        if (font == null) {
            return DEFAULT_EXTENTS;
        }
        if (font != lastFont) {
            lastExtents = extents.computeIfAbsent(font, GlyphBoxes::readExtents);
            lastFont = font;
        }
        return lastExtents;
    }

    private static float[] readExtents(PDFont font) {
        PDFontDescriptor descriptor = font.getFontDescriptor();
        if (descriptor == null) {
            return DEFAULT_EXTENTS;
        }
        float ascent = descriptor.getAscent() / 1000f;
        float descent = descriptor.getDescent() / 1000f;
        boolean plausible = ascent >= 0.5f && ascent <= 1.2f && descent <= 0f && descent >= -0.5f;
        return plausible ? new float[] {ascent, descent} : DEFAULT_EXTENTS;
    }
}
