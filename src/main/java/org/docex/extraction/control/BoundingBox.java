package org.docex.extraction.control;

/**
 * A rectangle in PDF points with the origin at the top-left corner of the page as displayed
 * (page rotation applied), y growing downward.
 */
public record BoundingBox(double x0, double y0, double x1, double y1) {

    public BoundingBox {
        if (x1 < x0) {
            double swap = x0;
            x0 = x1;
            x1 = swap;
        }
        if (y1 < y0) {
            double swap = y0;
            y0 = y1;
            y1 = swap;
        }
    }

    public double[] toArray() {
        return new double[] {round(x0), round(y0), round(x1), round(y1)};
    }

    public double width() {
        return x1 - x0;
    }

    public double height() {
        return y1 - y0;
    }

    public BoundingBox union(BoundingBox other) {
        if (other == null) {
            return this;
        }
        return new BoundingBox(Math.min(x0, other.x0), Math.min(y0, other.y0),
                Math.max(x1, other.x1), Math.max(y1, other.y1));
    }

    /** The part of this box between two fractions of its width, for a value that fills part of a word. */
    public BoundingBox horizontalSlice(double fromFraction, double toFraction) {
        double from = Math.max(0, Math.min(1, fromFraction));
        double to = Math.max(from, Math.min(1, toFraction));
        return new BoundingBox(x0 + width() * from, y0, x0 + width() * to, y1);
    }

    private static double round(double value) {
        return Math.round(value * 100.0) / 100.0;
    }
}
