package org.docex.vendors.control;

import java.util.Objects;
import org.docex.extraction.control.BoundingBox;

/**
 * One text line of a document as the vendor memory reads it: the same whether it comes from a
 * fresh extraction or from a stored result, so that a rule is learned and applied on equal terms.
 * Its words as rules compare them are worked out once, when first asked for: every rule looks at
 * every line.
 */
public final class LineOnPage {

    private final int page;
    private final String text;
    private final BoundingBox box;
    private final double pageWidth;
    private final double pageHeight;
    private NormalText normal;
    private LineWords words;

    public LineOnPage(int page, String text, BoundingBox box, double pageWidth, double pageHeight) {
        this.page = page;
        this.text = Objects.requireNonNull(text);
        this.box = Objects.requireNonNull(box);
        this.pageWidth = pageWidth;
        this.pageHeight = pageHeight;
    }

    public int page() { return page; }
    public String text() { return text; }
    public BoundingBox box() { return box; }
    public double pageWidth() { return pageWidth; }
    public double pageHeight() { return pageHeight; }

    /** The line's words in the form labels are compared in; one reading thread per document. */
    NormalText normal() {
        if (normal == null) {
            normal = NormalText.of(text);
        }
        return normal;
    }

    LineWords words() {
        if (words == null) {
            words = LineWords.of(text);
        }
        return words;
    }

    /**
     * Where character {@code index} of the text begins, estimated in proportion to the line's width:
     * a stored line keeps its text and box, not each word's.
     */
    double xAt(int index) {
        if (text.isEmpty()) {
            return box.x0();
        }
        return box.x0() + box.width() * Math.max(0, Math.min(index, text.length())) / text.length();
    }

    /** The estimated box of characters {@code start} to {@code end}. */
    BoundingBox boxOf(int start, int end) {
        return new BoundingBox(xAt(start), box.y0(), xAt(end), box.y1());
    }
}
