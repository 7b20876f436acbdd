package org.docex.documents.control;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;

/**
 * A grey page image made ready for OCR. Takes the specks and grain of a scanner off: a 3x3 median keeps
 * the strokes of letters and drops isolated dark or light pixels, which otherwise come back as
 * stray words ("eee", "|") and break Tesseract's lines and blocks. A scan read at a finer dpi than
 * its own is enlarged (bilinear) on the way, row by row, so the enlarged page is never stored
 * before it is filtered.
 *
 * <p>Written here rather than taken from a library: Leptonica's {@code pixMedianFilter} (which
 * Tesseract's bindings carry) took 220 ms on a 300 dpi A4 page and its {@code pixScaleGrayLI} 38 ms,
 * this 25 ms for both; Java2D scales grey images through its general ARGB loops (about 70 ms).
 *
 * <p>The median: each column of three is sorted once and shared by the three windows that contain
 * it; the median of a window is the median of the columns' largest low, middle median and smallest
 * high (Paeth's method). It works on int rows, with min and max rather than swaps (noise makes the
 * branches of a swap unpredictable).
 */
final class GreyScan {

    private static final int ONE = 1 << 8;

    private GreyScan() {
    }

    /** The median of every 3x3 window of an 8-bit grey image; the edges repeat their outer pixels. */
    static BufferedImage median(BufferedImage grey) {
        byte[] in = pixels(grey);
        int width = grey.getWidth();
        return median(width, grey.getHeight(), (y, row) -> load(in, y * width, row));
    }

    /** {@code grey} enlarged to {@code width} x {@code height} (bilinear, pixel centres aligned), then {@link #median}. */
    static BufferedImage enlargedMedian(BufferedImage grey, int width, int height) {
        if (width < grey.getWidth() || height < grey.getHeight()) {
            throw new IllegalArgumentException("Only enlarges");
        }
        return median(width, height, new Stretch(pixels(grey), grey.getWidth(), grey.getHeight(), width, height)::row);
    }

    /** Gives row {@code y} of an image, one int per pixel. */
    private interface Rows {
        void row(int y, int[] target);
    }

    // Three rows at a time, each made once: the one above, the one filtered, the one below.
    private static BufferedImage median(int width, int height, Rows rows) {
        Filter filter = new Filter(width, height);
        int[][] ring = {new int[width], new int[width], new int[width]};
        rows.row(0, ring[0]);
        for (int y = 0; y < height; y++) {
            int[] row = ring[y % 3];
            int[] below = ring[(y + 1) % 3];
            if (y + 1 < height) {
                rows.row(y + 1, below);
            }
            int[] above = y == 0 ? row : ring[(y + 2) % 3];
            filter.row(y, above, row, y + 1 < height ? below : row);
        }
        return filter.image;
    }

    /** {@code grey} enlarged to {@code width} x {@code height}, as {@link #enlargedMedian} does before its median. */
    static BufferedImage enlarged(BufferedImage grey, int width, int height) {
        if (width < grey.getWidth() || height < grey.getHeight()) {
            throw new IllegalArgumentException("Only enlarges");
        }
        Stretch stretch = new Stretch(pixels(grey), grey.getWidth(), grey.getHeight(), width, height);
        BufferedImage enlarged = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        byte[] out = pixels(enlarged);
        int[] row = new int[width];
        for (int y = 0; y < height; y++) {
            stretch.row(y, row);
            for (int x = 0; x < width; x++) {
                out[y * width + x] = (byte) row[x];
            }
        }
        return enlarged;
    }

    private static byte[] pixels(BufferedImage grey) {
        if (grey.getType() != BufferedImage.TYPE_BYTE_GRAY) {
            throw new IllegalArgumentException("A TYPE_BYTE_GRAY image is required");
        }
        return ((DataBufferByte) grey.getRaster().getDataBuffer()).getData();
    }

    private static void load(byte[] in, int start, int[] row) {
        for (int x = 0; x < row.length; x++) {
            row[x] = in[start + x] & 0xff;
        }
    }

    /**
     * The median of each window, one output row at a time from the rows above, at and below it.
     *
     * <p>Each step is a loop of its own that stores one array, with min and max written as
     * arithmetic ({@link #min}, {@link #max}): the JIT turns such loops into vector instructions,
     * where {@code Math.min} and {@code Math.max} on ints, or a loop storing several arrays, stay
     * one pixel at a time (measured on Java 17: 40 ms a 300 dpi A4 page against 9).
     */
    private static final class Filter {

        final BufferedImage image;
        private final byte[] out;
        private final int width;
        private final int[] lowAB;
        private final int[] low;
        private final int[] mid;
        private final int[] high;
        private final int[] maxLow;
        private final int[] minHigh;
        private final int[] midMid;
        private final int[] left;
        private final int[] right;
        private final int[] result;

        Filter(int width, int height) {
            this.image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
            this.out = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
            this.width = width;
            this.lowAB = new int[width];
            this.low = new int[width];
            this.mid = new int[width];
            this.high = new int[width];
            this.maxLow = new int[width];
            this.minHigh = new int[width];
            this.midMid = new int[width];
            this.left = new int[width];
            this.right = new int[width];
            this.result = new int[width];
        }

        void row(int y, int[] above, int[] row, int[] below) {
            int n = width;
            // Each column of three sorted: low, mid, high (the larger of a and b is a + b - the smaller).
            for (int x = 0; x < n; x++) {
                lowAB[x] = min(above[x], row[x]);
            }
            for (int x = 0; x < n; x++) {
                low[x] = min(lowAB[x], below[x]);
            }
            for (int x = 0; x < n; x++) {
                high[x] = max(above[x] + row[x] - lowAB[x], below[x]);
            }
            for (int x = 0; x < n; x++) {
                mid[x] = above[x] + row[x] + below[x] - low[x] - high[x];
            }
            // Each window takes its column and the columns left and right of it, shifted into arrays
            // of their own: a loop reading x - 1 and x + 1 of an array it could be storing into is
            // not vectorised. The edges repeat their outer column.
            neighbours(low);
            for (int x = 0; x < n; x++) {
                maxLow[x] = max(left[x], max(low[x], right[x]));
            }
            neighbours(high);
            for (int x = 0; x < n; x++) {
                minHigh[x] = min(left[x], min(high[x], right[x]));
            }
            neighbours(mid);
            for (int x = 0; x < n; x++) {
                midMid[x] = medianOfThree(left[x], mid[x], right[x]);
            }
            for (int x = 0; x < n; x++) {
                result[x] = medianOfThree(maxLow[x], midMid[x], minHigh[x]);
            }
            int offset = y * n;
            for (int x = 0; x < n; x++) {
                out[offset + x] = (byte) result[x];
            }
        }

        private void neighbours(int[] columns) {
            int n = width;
            left[0] = columns[0];
            System.arraycopy(columns, 0, left, 1, n - 1);
            System.arraycopy(columns, 1, right, 0, n - 1);
            right[n - 1] = columns[n - 1];
        }

        private static int medianOfThree(int a, int b, int c) {
            int smaller = min(a, b);
            return max(smaller, min(a + b - smaller, c));
        }

        // For the 0-255 (and their sums) this filter compares, a - b never overflows.
        private static int min(int a, int b) {
            int difference = a - b;
            return b + (difference & (difference >> 31));
        }

        private static int max(int a, int b) {
            int difference = a - b;
            return a - (difference & (difference >> 31));
        }
    }

    /** Rows of the enlarged image, each source row stretched once (in 1/256 steps of grey) and kept while needed. */
    private static final class Stretch {

        private final byte[] in;
        private final int sourceWidth;
        private final int sourceHeight;
        private final int height;
        private final int[] left;
        private final int[] right;
        private final int[] weight;
        private final int[] leftPixel;
        private final int[] rightPixel;
        private int[] upper;
        private int[] lower;
        private int upperRow = -2;

        Stretch(byte[] in, int sourceWidth, int sourceHeight, int width, int height) {
            this.in = in;
            this.sourceWidth = sourceWidth;
            this.sourceHeight = sourceHeight;
            this.height = height;
            this.left = new int[width];
            this.right = new int[width];
            this.weight = new int[width];
            this.leftPixel = new int[width];
            this.rightPixel = new int[width];
            this.upper = new int[width];
            this.lower = new int[width];
            // Source x = (x + 0.5) * sourceWidth / width - 0.5, between pixel left[x] and the next.
            for (int x = 0; x < width; x++) {
                double at = Math.max(0, (x + 0.5) * sourceWidth / width - 0.5);
                int index = Math.min(sourceWidth - 1, (int) at);
                left[x] = index;
                right[x] = Math.min(sourceWidth - 1, index + 1);
                weight[x] = index == sourceWidth - 1 ? 0 : (int) Math.round((at - index) * ONE);
            }
        }

        void row(int y, int[] target) {
            double at = Math.max(0, (y + 0.5) * sourceHeight / height - 0.5);
            int row = Math.min(sourceHeight - 1, (int) at);
            int down = row == sourceHeight - 1 ? 0 : (int) Math.round((at - row) * ONE);
            if (row != upperRow) {
                if (row == upperRow + 1) {
                    int[] spare = upper;
                    upper = lower;
                    lower = spare;
                } else {
                    stretch(row, upper);
                }
                stretch(Math.min(sourceHeight - 1, row + 1), lower);
                upperRow = row;
            }
            int up = ONE - down;
            for (int x = 0; x < target.length; x++) {
                target[x] = (upper[x] * up + lower[x] * down + ONE * ONE / 2) >> 16;
            }
        }

        private void stretch(int row, int[] target) {
            int start = row * sourceWidth;
            // The gathering one pixel at a time, the weighing in a loop the JIT vectorises.
            for (int x = 0; x < target.length; x++) {
                leftPixel[x] = in[start + left[x]] & 0xff;
                rightPixel[x] = in[start + right[x]] & 0xff;
            }
            for (int x = 0; x < target.length; x++) {
                target[x] = leftPixel[x] * ONE + (rightPixel[x] - leftPixel[x]) * weight[x];
            }
        }
    }
}
