package org.docex.extraction.control;

/**
 * The smallest box around the points added so far, kept as four numbers: the loop over a line's
 * glyphs grows one per word, adding each glyph's corners. A {@link BoundingBox} per glyph, the
 * arrays of its corners and another box per union were a tenth of the extraction's allocations on
 * long documents (about 13 GB over seven passes of 9,116 pages), which the JIT did not remove.
 */
public final class GrowingBox {

    private double x0;
    private double y0;
    private double x1;
    private double y1;
    private boolean empty;

    public GrowingBox() {
        clear();
    }

    public void add(double x, double y) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
        empty = false;
    }

    public boolean isEmpty() {
        return empty;
    }

    /** The box around what was added, or null when nothing was. */
    public BoundingBox box() {
        return empty ? null : new BoundingBox(x0, y0, x1, y1);
    }

    public void clear() {
        x0 = Double.MAX_VALUE;
        y0 = Double.MAX_VALUE;
        x1 = -Double.MAX_VALUE;
        y1 = -Double.MAX_VALUE;
        empty = true;
    }
}
