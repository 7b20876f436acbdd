package org.docex.extraction.control.table;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextToken;

/**
 * Tables drawn as grids: the page's horizontal and vertical rules that cross one another make a
 * grid, its rows lie between neighbouring horizontal rules and its columns between neighbouring
 * vertical ones, and each word goes into the cell its middle falls in. A grid needs at least two
 * rows and two columns with text in more than one cell. The first row is the header when none of
 * its cells holds a number. Grids inside one another, or on an item table found by its header,
 * are not reported again.
 */
final class RuledTables {

    private static final double TOUCH = 2.5;
    private static final double SAME_POSITION = 1.5;
    private static final int MAX_CELLS = 5000;

    private RuledTables() {
    }

    static List<Table> find(PageText page, List<Table> found) {
        List<BoundingBox> horizontal = new ArrayList<>();
        List<BoundingBox> vertical = new ArrayList<>();
        for (BoundingBox rule : page.rules()) {
            (rule.height() <= rule.width() ? horizontal : vertical).add(rule);
        }
        if (horizontal.size() < 2 || vertical.size() < 2) {
            return List.of();
        }
        List<Table> tables = new ArrayList<>();
        for (List<BoundingBox> grid : grids(horizontal, vertical)) {
            Table table = table(page, grid);
            if (table != null && found.stream().noneMatch(other -> other.page() == page.pageNumber() && overlaps(other.bbox(), table.bbox()))
                    && tables.stream().noneMatch(other -> overlaps(other.bbox(), table.bbox()))) {
                tables.add(table);
            }
        }
        return tables;
    }

    /** The rules that touch one another, grouped (union-find over crossings). */
    private static List<List<BoundingBox>> grids(List<BoundingBox> horizontal, List<BoundingBox> vertical) {
        List<BoundingBox> all = new ArrayList<>(horizontal);
        all.addAll(vertical);
        int[] parent = new int[all.size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        for (int h = 0; h < horizontal.size(); h++) {
            for (int v = 0; v < vertical.size(); v++) {
                if (touch(horizontal.get(h), vertical.get(v))) {
                    parent[root(parent, h)] = root(parent, horizontal.size() + v);
                }
            }
        }
        List<List<BoundingBox>> groups = new ArrayList<>();
        java.util.Map<Integer, List<BoundingBox>> byRoot = new java.util.LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            byRoot.computeIfAbsent(root(parent, i), r -> new ArrayList<>()).add(all.get(i));
        }
        groups.addAll(byRoot.values());
        return groups;
    }

    private static int root(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private static boolean touch(BoundingBox horizontal, BoundingBox vertical) {
        double x = (vertical.x0() + vertical.x1()) / 2;
        double y = (horizontal.y0() + horizontal.y1()) / 2;
        return x >= horizontal.x0() - TOUCH && x <= horizontal.x1() + TOUCH
                && y >= vertical.y0() - TOUCH && y <= vertical.y1() + TOUCH;
    }

    private static Table table(PageText page, List<BoundingBox> grid) {
        List<Double> ys = positions(grid.stream().filter(rule -> rule.height() <= rule.width())
                .map(rule -> (rule.y0() + rule.y1()) / 2).toList());
        List<Double> xs = positions(grid.stream().filter(rule -> rule.height() > rule.width())
                .map(rule -> (rule.x0() + rule.x1()) / 2).toList());
        int rows = ys.size() - 1;
        int columns = xs.size() - 1;
        if (rows < 2 || columns < 2 || (long) rows * columns > MAX_CELLS) {
            return null;
        }
        List<List<List<TextToken>>> cells = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            List<List<TextToken>> row = new ArrayList<>();
            for (int c = 0; c < columns; c++) {
                row.add(new ArrayList<>());
            }
            cells.add(row);
        }
        int filled = 0;
        for (TextLine line : page.lines()) {
            for (TextToken token : line.tokens()) {
                double x = (token.box().x0() + token.box().x1()) / 2;
                double y = (token.box().y0() + token.box().y1()) / 2;
                int r = slot(ys, y);
                int c = slot(xs, x);
                if (r >= 0 && c >= 0) {
                    if (cells.get(r).get(c).isEmpty()) {
                        filled++;
                    }
                    cells.get(r).get(c).add(token);
                }
            }
        }
        if (filled < 2) {
            return null;
        }
        List<List<Cell>> table = new ArrayList<>();
        for (List<List<TextToken>> row : cells) {
            if (row.stream().allMatch(List::isEmpty)) {
                continue;
            }
            table.add(row.stream().map(RuledTables::cell).toList());
        }
        if (table.size() < 2) {
            return null;
        }
        boolean header = table.get(0).stream().noneMatch(cell -> TableFinder.isNumber(cell.text()) && !cell.isEmpty());
        List<ColumnKind> kinds = new ArrayList<>();
        for (Cell cell : table.get(0)) {
            kinds.add(header ? ColumnKind.named(cell.text()).orElse(ColumnKind.OTHER) : ColumnKind.OTHER);
        }
        BoundingBox box = new BoundingBox(xs.get(0), ys.get(0), xs.get(xs.size() - 1), ys.get(ys.size() - 1));
        return new Table(page.pageNumber(), box, header ? 1 : 0, kinds, table, false, false);
    }

    // The words of a cell in reading order: by line, then left to right.
    private static Cell cell(List<TextToken> tokens) {
        if (tokens.isEmpty()) {
            return Cell.EMPTY;
        }
        List<TextToken> ordered = new ArrayList<>(tokens);
        double lineHeight = ordered.stream().mapToDouble(token -> token.box().height()).min().orElse(1);
        ordered.sort(Comparator.<TextToken>comparingDouble(token -> Math.round(token.box().y0() / Math.max(1, lineHeight / 2)))
                .thenComparingDouble(token -> token.box().x0()));
        StringBuilder text = new StringBuilder();
        BoundingBox box = null;
        for (TextToken token : ordered) {
            if (!text.isEmpty()) {
                text.append(' ');
            }
            text.append(token.text());
            box = box == null ? token.box() : box.union(token.box());
        }
        return new Cell(text.toString(), box);
    }

    // Distinct positions of rules, close ones merged, in order.
    private static List<Double> positions(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        List<Double> distinct = new ArrayList<>();
        for (double value : sorted) {
            if (distinct.isEmpty() || value - distinct.get(distinct.size() - 1) > SAME_POSITION) {
                distinct.add(value);
            }
        }
        return distinct;
    }

    private static int slot(List<Double> bounds, double value) {
        for (int i = 0; i + 1 < bounds.size(); i++) {
            if (value >= bounds.get(i) && value < bounds.get(i + 1)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean overlaps(BoundingBox a, BoundingBox b) {
        double width = Math.min(a.x1(), b.x1()) - Math.max(a.x0(), b.x0());
        double height = Math.min(a.y1(), b.y1()) - Math.max(a.y0(), b.y0());
        if (width <= 0 || height <= 0) {
            return false;
        }
        double smaller = Math.min(a.width() * a.height(), b.width() * b.height());
        return smaller <= 0 || width * height > 0.5 * smaller;
    }
}
