package org.docex.extraction.control.pdf;

import java.util.Arrays;

/**
 * PDFBox's rule for text drawn twice at almost the same place (fake bold, shadows): a glyph is
 * dropped when the same character was already shown on the page within a third of the glyph's
 * width, in x and in y. {@code PDFTextStripper} keeps the shown positions in sorted trees of
 * boxed floats per character; this keeps them in flat arrays, chained per cell of a grid, so a
 * glyph costs a few array reads and no allocation. The cells of the first 1,024 points in x and
 * y (any usual page) are an array indexed directly; cells beyond it are found through an
 * open-addressing table of primitive keys (the table alone took 19% of the engine's samples on
 * the generated benchmark corpus, where no glyph repeats and each one is looked up and added).
 * Positions are forgotten at each page.
 */
final class OverlapFilter {

    private static final float CELL = 8f;
    private static final float PER_CELL = 1 / CELL;
    /** Cells per side of the directly indexed grid: 128 cells of 8 points, 1,024 points. */
    private static final int GRID = 128;
    /** A query wider than this (a huge glyph) scans every position instead of the cells. */
    private static final float MAX_GRID_SPAN = 7 * CELL;
    /** Beyond this, coordinates stay off the grid: cell numbers must not saturate. */
    private static final float MAX_GRID_COORDINATE = 1e9f;
    private static final int NONE = -1;

    private String[] characters = new String[256];
    private float[] xs = new float[256];
    private float[] ys = new float[256];
    /** The position shown before this one in the same cell, or {@link #NONE}. */
    private int[] previousInCell = new int[256];
    /** The directly indexed cell of each position, or {@link #NONE} when it is in the table or off the grid. */
    private int[] gridCellOf = new int[256];
    private int count;

    /** The newest position in each directly indexed cell, or {@link #NONE}. */
    private final int[] gridNewest = emptySlots(GRID * GRID);

    private long[] cellKeys = new long[512];
    /** The newest position in the cell whose key is at the same slot, or {@link #NONE} for a free slot. */
    private int[] cellNewest = emptySlots(512);
    private int cellsUsed;

    void clear() {
        for (int i = 0; i < count; i++) {
            if (gridCellOf[i] != NONE) {
                gridNewest[gridCellOf[i]] = NONE;
            }
        }
        Arrays.fill(characters, 0, count, null);
        count = 0;
        if (cellsUsed > 0) {
            Arrays.fill(cellNewest, NONE);
            cellsUsed = 0;
        }
    }

    /** True when the glyph repeats one already shown; otherwise notes it and answers false. */
    boolean isRepeat(String unicode, float x, float y, float width) {
        float tolerance = width / unicode.length() / 3.0f;
        if (tolerance > 0 && shown(unicode, x - tolerance, x + tolerance, y - tolerance, y + tolerance)) {
            return true;
        }
        add(unicode, x, y);
        return false;
    }

    /** Whether the character was shown in [left, right) x [bottom, top), the ranges PDFBox's trees query. */
    private boolean shown(String unicode, float left, float right, float bottom, float top) {
        if (!onGrid(left) || !onGrid(right) || !onGrid(bottom) || !onGrid(top)
                || right - left > MAX_GRID_SPAN || top - bottom > MAX_GRID_SPAN) {
            for (int i = 0; i < count; i++) {
                if (matches(i, unicode, left, right, bottom, top)) {
                    return true;
                }
            }
            return false;
        }
        int lastX = cell(right);
        int lastY = cell(top);
        for (int cx = cell(left); cx <= lastX; cx++) {
            for (int cy = cell(bottom); cy <= lastY; cy++) {
                for (int i = newestIn(cx, cy); i != NONE; i = previousInCell[i]) {
                    if (matches(i, unicode, left, right, bottom, top)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private boolean matches(int i, String unicode, float left, float right, float bottom, float top) {
        float x = xs[i];
        float y = ys[i];
        return x >= left && x < right && y >= bottom && y < top
                && (characters[i] == unicode || characters[i].equals(unicode));
    }

    private void add(String unicode, float x, float y) {
        if (count == xs.length) {
            int grown = count * 2;
            characters = Arrays.copyOf(characters, grown);
            xs = Arrays.copyOf(xs, grown);
            ys = Arrays.copyOf(ys, grown);
            previousInCell = Arrays.copyOf(previousInCell, grown);
            gridCellOf = Arrays.copyOf(gridCellOf, grown);
        }
        int i = count++;
        characters[i] = unicode;
        xs[i] = x;
        ys[i] = y;
        previousInCell[i] = NONE;
        gridCellOf[i] = NONE;
        if (onGrid(x) && onGrid(y)) {
            int cx = cell(x);
            int cy = cell(y);
            if (direct(cx, cy)) {
                int cell = cy * GRID + cx;
                previousInCell[i] = gridNewest[cell];
                gridNewest[cell] = i;
                gridCellOf[i] = cell;
            } else {
                link(i, key(cx, cy));
            }
        }
    }

    private static boolean direct(int cx, int cy) {
        return cx >= 0 && cx < GRID && cy >= 0 && cy < GRID;
    }

    private int newestIn(int cx, int cy) {
        return direct(cx, cy) ? gridNewest[cy * GRID + cx] : newestInTable(key(cx, cy));
    }

    private int newestInTable(long key) {
        if (cellsUsed == 0) {
            return NONE;
        }
        int mask = cellKeys.length - 1;
        for (int slot = slotOf(key, mask); cellNewest[slot] != NONE; slot = (slot + 1) & mask) {
            if (cellKeys[slot] == key) {
                return cellNewest[slot];
            }
        }
        return NONE;
    }

    private void link(int position, long key) {
        if (2 * (cellsUsed + 1) > cellKeys.length) {
            rehash(cellKeys.length * 2);
        }
        int mask = cellKeys.length - 1;
        int slot = slotOf(key, mask);
        while (cellNewest[slot] != NONE && cellKeys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        if (cellNewest[slot] == NONE) {
            cellsUsed++;
            cellKeys[slot] = key;
        } else {
            previousInCell[position] = cellNewest[slot];
        }
        cellNewest[slot] = position;
    }

    private void rehash(int capacity) {
        long[] oldKeys = cellKeys;
        int[] oldNewest = cellNewest;
        cellKeys = new long[capacity];
        cellNewest = emptySlots(capacity);
        int mask = capacity - 1;
        for (int old = 0; old < oldKeys.length; old++) {
            if (oldNewest[old] != NONE) {
                int slot = slotOf(oldKeys[old], mask);
                while (cellNewest[slot] != NONE) {
                    slot = (slot + 1) & mask;
                }
                cellKeys[slot] = oldKeys[old];
                cellNewest[slot] = oldNewest[old];
            }
        }
    }

    private static boolean onGrid(float coordinate) {
        return Math.abs(coordinate) <= MAX_GRID_COORDINATE;
    }

    private static int cell(float coordinate) {
        // Multiplying by the power of two's inverse is exact, as dividing would be.
        return (int) Math.floor(coordinate * PER_CELL);
    }

    private static long key(int cx, int cy) {
        return ((long) cx << 32) | (cy & 0xffffffffL);
    }

    private static int slotOf(long key, int mask) {
        long mixed = key * 0x9E3779B97F4A7C15L;
        return (int) (mixed ^ (mixed >>> 32)) & mask;
    }

    private static int[] emptySlots(int capacity) {
        int[] slots = new int[capacity];
        Arrays.fill(slots, NONE);
        return slots;
    }
}
