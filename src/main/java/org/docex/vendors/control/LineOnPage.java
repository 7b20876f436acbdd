package org.docex.vendors.control;

import org.docex.extraction.control.BoundingBox;

/**
 * One text line of a document as the vendor memory reads it: the same whether it comes from a
 * fresh extraction or from a stored result, so that a rule is learned and applied on equal terms.
 */
public record LineOnPage(int page, String text, BoundingBox box, double pageWidth, double pageHeight) {

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
