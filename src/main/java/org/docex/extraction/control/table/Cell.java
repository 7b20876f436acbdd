package org.docex.extraction.control.table;

import org.docex.extraction.control.BoundingBox;

/** One cell: its text (empty when nothing is written in it) and where it is, or null when empty. */
public record Cell(String text, BoundingBox bbox) {

    static final Cell EMPTY = new Cell("", null);

    public boolean isEmpty() {
        return text.isEmpty();
    }
}
