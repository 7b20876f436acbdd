package org.docex.extraction.control.ocr;

import java.util.List;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextToken;

/**
 * A value read by OCR is only as sure as the words it was read from: a field's confidence is
 * multiplied by the lowest OCR confidence among the words under its box, so a reviewer's eye goes
 * to the doubtful reading first. Fields on text-layer pages keep theirs (their words count 1).
 */
public final class OcrConfidence {

    private OcrConfidence() {
    }

    public static List<ExtractedField> apply(List<ExtractedField> fields, List<PageText> texts) {
        // Text-layer pages are sure of every word: their fields need no look at the tokens.
        boolean[] read = new boolean[texts.size()];
        for (int i = 0; i < read.length; i++) {
            read[i] = texts.get(i).lines().stream().anyMatch(line -> line.confidence() < 1.0);
        }
        return fields.stream().map(field -> apply(field, texts, read)).toList();
    }

    private static ExtractedField apply(ExtractedField field, List<PageText> texts, boolean[] read) {
        if (field.bbox() == null || field.page() < 1 || field.page() > texts.size() || !read[field.page() - 1]) {
            return field;
        }
        double lowest = 1.0;
        for (TextLine line : texts.get(field.page() - 1).lines()) {
            for (TextToken token : line.tokens()) {
                if (token.confidence() < lowest && overlaps(token.box(), field.bbox())) {
                    lowest = token.confidence();
                }
            }
        }
        if (lowest >= 1.0) {
            return field;
        }
        return field.lessSure(lowest);
    }

    private static boolean overlaps(BoundingBox a, BoundingBox b) {
        double width = Math.min(a.x1(), b.x1()) - Math.max(a.x0(), b.x0());
        double height = Math.min(a.y1(), b.y1()) - Math.max(a.y0(), b.y0());
        // More than a sliver: boxes of neighbouring words touch at their edges.
        return width > 0.25 * Math.min(a.width(), b.width()) && height > 0.25 * Math.min(a.height(), b.height());
    }
}
