package org.docex.extraction.control.pdf;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDFontDescriptor;

/**
 * Whether a font is a bold face: its descriptor says so (forced bold, or a weight of 600 or more),
 * or its name does ("Helvetica-Bold", "ABCDEF+Arial,Bold", "Roboto-Black"), as many embedded
 * subsets carry no weight. Answers are kept per font object of the document being read.
 */
final class BoldFaces {

    private static final Pattern BOLD_NAME = Pattern.compile("(?i)bold|black|heavy");
    private static final float BOLD_WEIGHT = 600;
    /** A document may name thousands of fonts; beyond this many the answers are computed each time. */
    private static final int MAX_REMEMBERED = 256;

    private final Map<PDFont, Boolean> known = new IdentityHashMap<>();

    boolean isBold(PDFont font) {
        if (font == null) {
            return false;
        }
        Boolean bold = known.get(font);
        if (bold == null) {
            bold = computed(font);
            if (known.size() < MAX_REMEMBERED) {
                known.put(font, bold);
            }
        }
        return bold;
    }

    private static boolean computed(PDFont font) {
        PDFontDescriptor descriptor = font.getFontDescriptor();
        if (descriptor != null && (descriptor.isForceBold() || descriptor.getFontWeight() >= BOLD_WEIGHT)) {
            return true;
        }
        String name = font.getName();
        return name != null && BOLD_NAME.matcher(name).find();
    }
}
