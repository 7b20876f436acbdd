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
 * this 50 ms for both; Java2D scales grey images through its general ARGB loops (about 70 ms).
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

    /** The median of each window, one output row at a time from the rows above, at and below it. */
    private static final class Filter {

        final BufferedImage image;
        private final byte[] out;
        private final int width;
        private final int[] low;
        private final int[] mid;
        private final int[] high;
        private final int[] result;

        Filter(int width, int height) {
            this.image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
            this.out = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
            this.width = width;
            this.low = new int[width];
            this.mid = new int[width];
            this.high = new int[width];
            this.result = new int[width];
        }

        void row(int y, int[] above, int[] row, int[] below) {
            for (int x = 0; x < width; x++) {
                int a = above[x];
                int b = row[x];
                int c = below[x];
                int lowAB = Math.min(a, b);
                int highAB = Math.max(a, b);
                low[x] = Math.min(lowAB, c);
                high[x] = Math.max(highAB, c);
                mid[x] = Math.max(lowAB, Math.min(highAB, c));
            }
            // The edges repeat their outer column; the loop between them has no bounds to clamp.
            result[0] = window(0, 0, Math.min(1, width - 1));
            for (int x = 1; x < width - 1; x++) {
                int maxLow = Math.max(low[x - 1], Math.max(low[x], low[x + 1]));
                int minHigh = Math.min(high[x - 1], Math.min(high[x], high[x + 1]));
                int midMid = medianOfThree(mid[x - 1], mid[x], mid[x + 1]);
                result[x] = medianOfThree(maxLow, midMid, minHigh);
            }
            if (width > 1) {
                result[width - 1] = window(width - 2, width - 1, width - 1);
            }
            int offset = y * width;
            for (int x = 0; x < width; x++) {
                out[offset + x] = (byte) result[x];
            }
        }

        private int window(int left, int x, int right) {
            int maxLow = Math.max(low[left], Math.max(low[x], low[right]));
            int minHigh = Math.min(high[left], Math.min(high[x], high[right]));
            return medianOfThree(maxLow, medianOfThree(mid[left], mid[x], mid[right]), minHigh);
        }

        private static int medianOfThree(int a, int b, int c) {
            return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
        }
    }

    /** Rows of the enlarged image, each source row stretched once (in 1/256 steps of grey) and kept while needed. */
    private static final class Stretch {

        private final byte[] in;
        private final int sourceWidth;
        private final int sourceHeight;
        private final int height;
        private final int[] left;
        private final int[] weight;
        private int[] upper;
        private int[] lower;
        private int upperRow = -2;

        Stretch(byte[] in, int sourceWidth, int sourceHeight, int width, int height) {
            this.in = in;
            this.sourceWidth = sourceWidth;
            this.sourceHeight = sourceHeight;
            this.height = height;
            this.left = new int[width];
            this.weight = new int[width];
            this.upper = new int[width];
            this.lower = new int[width];
            // Source x = (x + 0.5) * sourceWidth / width - 0.5, between pixel left[x] and the next.
            for (int x = 0; x < width; x++) {
                double at = Math.max(0, (x + 0.5) * sourceWidth / width - 0.5);
                int index = Math.min(sourceWidth - 1, (int) at);
                left[x] = index;
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
            for (int x = 0; x < target.length; x++) {
                int at = start + left[x];
                int a = in[at] & 0xff;
                int b = weight[x] == 0 ? a : in[at + 1] & 0xff;
                target[x] = a * (ONE - weight[x]) + b * weight[x];
            }
        }
    }
}
