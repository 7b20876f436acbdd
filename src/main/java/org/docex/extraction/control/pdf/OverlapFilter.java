package org.docex.extraction.control.pdf;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * PDFBox's rule for text drawn twice at almost the same place (fake bold, shadows): a glyph is
 * dropped when the same character was already shown on the page within a third of the glyph's
 * width, in x and in y. {@code PDFTextStripper} keeps the shown positions in sorted trees of
 * boxed floats per character; this keeps them in a hash grid of plain floats, which answers the
 * same question at a fraction of the cost per glyph. Positions are forgotten at each page.
 */
final class OverlapFilter {

    private static final float CELL = 8f;
    /** Beyond this many cells per axis (a huge glyph) every position of the character is scanned. */
    private static final long MAX_CELLS_PER_AXIS = 8;

    private final Map<String, Shown> shown = new HashMap<>();

    void clear() {
        shown.clear();
    }

    /** True when the glyph repeats one already shown; otherwise notes it and answers false. */
    boolean isRepeat(String unicode, float x, float y, float width) {
        Shown positions = shown.computeIfAbsent(unicode, character -> new Shown());
        float tolerance = width / unicode.length() / 3.0f;
        if (positions.near(x, y, tolerance)) {
            return true;
        }
        positions.add(x, y);
        return false;
    }

    /** The positions one character was shown at on this page, by grid cell (non-finite ones apart). */
    private static final class Shown {
        private final Map<Long, Points> cells = new HashMap<>();
        private final Points offGrid = new Points();

        boolean near(float x, float y, float tolerance) {
            if (!(tolerance > 0)) {
                return false;
            }
            float left = x - tolerance;
            float right = x + tolerance;
            float bottom = y - tolerance;
            float top = y + tolerance;
            if (!Float.isFinite(left) || !Float.isFinite(right) || !Float.isFinite(bottom) || !Float.isFinite(top)
                    || cell(right) - cell(left) >= MAX_CELLS_PER_AXIS || cell(top) - cell(bottom) >= MAX_CELLS_PER_AXIS) {
                return offGrid.anyWithin(left, right, bottom, top)
                        || cells.values().stream().anyMatch(points -> points.anyWithin(left, right, bottom, top));
            }
            // Counted loops: near the ends of the float range the cells saturate at Long.MAX_VALUE.
            long firstX = cell(left);
            long firstY = cell(bottom);
            for (long dx = 0; dx <= cell(right) - firstX; dx++) {
                for (long dy = 0; dy <= cell(top) - firstY; dy++) {
                    Points points = cells.get(key(firstX + dx, firstY + dy));
                    if (points != null && points.anyWithin(left, right, bottom, top)) {
                        return true;
                    }
                }
            }
            return false;
        }

        void add(float x, float y) {
            if (Float.isFinite(x) && Float.isFinite(y)) {
                cells.computeIfAbsent(key(cell(x), cell(y)), k -> new Points()).add(x, y);
            } else {
                offGrid.add(x, y);
            }
        }

        private static long cell(float coordinate) {
            return (long) Math.floor(coordinate / CELL);
        }

        private static long key(long cx, long cy) {
            return (cx << 32) ^ (cy & 0xffffffffL);
        }
    }

    /** x, y pairs in one growing array. */
    private static final class Points {
        private float[] xy = new float[8];
        private int size;

        void add(float x, float y) {
            if (size + 2 > xy.length) {
                xy = Arrays.copyOf(xy, xy.length * 2);
            }
            xy[size++] = x;
            xy[size++] = y;
        }

        /** Whether a point lies in [left, right) x [bottom, top), the ranges PDFBox's trees query. */
        boolean anyWithin(float left, float right, float bottom, float top) {
            for (int i = 0; i < size; i += 2) {
                if (xy[i] >= left && xy[i] < right && xy[i + 1] >= bottom && xy[i + 1] < top) {
                    return true;
                }
            }
            return false;
        }
    }
}
