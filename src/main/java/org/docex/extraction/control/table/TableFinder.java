package org.docex.extraction.control.table;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;

/**
 * Finds item tables on text and OCR pages alike: a header line that names at least three of an
 * item table's columns (a description and an amount or a price among them), then the lines below
 * it, each phrase put in the column whose header it sits under. Rules drawn around the cells do not
 * matter: the columns come from where the text is. A row needs a number in one of the numeric
 * columns; a line with text under the description alone continues the description above it. The
 * table ends at the totals (subtotal, tax, total), at a gap of several rows, or at the page's end,
 * where a header of the same columns at the top of the next page continues it. Tables drawn as a
 * grid of rules are found from the rules as well ({@link RuledTables}), whatever their header says.
 */
public final class TableFinder {

    private static final Pattern TOTALS = Pattern.compile("(?iu)\\s*(?:sub\\s*-?\\s*total|net\\s*(?:amount|total)|"
            + "total|grand\\s*total|amount\\s*(?:due|payable)|balance(?:\\s*due)?|vat|tax|sales\\s*tax|"
            + "mwst|ust|zzgl|umsatzsteuer|mehrwertsteuer|netto(?:betrag|summe)?|zwischensumme|summe|gesamt(?:betrag|summe)?|"
            + "rechnungsbetrag|zu\\s*zahlen|endbetrag|übertrag|carried\\s*forward|brutto(?:betrag)?)(?![\\p{L}])");
    private static final Pattern NUMBER = Pattern.compile(
            "[-+(]?\\s*(?:[$€£]|EUR|USD|GBP|CHF)?\\s*[-+]?\\d[\\d.,'\\u00A0\\u202F ]*\\s*(?:[$€£%]|EUR|USD|GBP|CHF)?\\)?");
    private static final Pattern MEANINGFUL = Pattern.compile("[\\p{L}\\p{N}]");
    private static final double END_GAP_IN_ROWS = 2.5;
    private static final int ROWS_TO_INFER_FROM = 6;
    private static final double CONTINUATION_GAP_IN_LINES = 1.5;

    private TableFinder() {
    }

    /** The lines by their top edge, each line's box computed once (not twice per comparison). */
    private static List<TextLine> topDown(List<TextLine> lines) {
        record Placed(double top, TextLine line) {
        }
        return lines.stream().map(line -> new Placed(line.box().y0(), line))
                .sorted(Comparator.comparingDouble(Placed::top)).map(Placed::line).toList();
    }

    public static List<Table> find(List<PageText> pages) {
        List<Table> tables = new ArrayList<>();
        Table open = null;
        for (PageText page : pages) {
            List<TextLine> lines = topDown(page.lines());
            boolean first = true;
            for (int i = 0; i < lines.size(); i++) {
                final int next = i + 1;
                Optional<Header> header = Header.of(lines.get(i)).map(found -> found.withQuantityUnderMissingHeading(lines, next));
                if (header.isEmpty()) {
                    continue;
                }
                Scan scan = scan(header.get(), lines, i + 1);
                if (scan.rows().isEmpty()) {
                    continue;
                }
                boolean continued = first && open != null && open.page() == page.pageNumber() - 1
                        && open.columns().equals(header.get().kinds());
                if (continued) {
                    tables.set(tables.indexOf(open), open.continuing());
                }
                List<List<Cell>> rows = new ArrayList<>();
                rows.add(header.get().heads());
                rows.addAll(scan.rows());
                Table table = new Table(page.pageNumber(), box(rows), 1, header.get().kinds(), rows, false, continued);
                tables.add(table);
                open = scan.endedAtTotals() ? null : table;
                first = false;
                i = scan.next() - 1;
            }
            if (open != null && open.page() < page.pageNumber()) {
                open = null;
            }
            tables.addAll(RuledTables.find(page, tables));
        }
        return tables;
    }

    /**
     * Where an item table on this page has nothing in a numeric column of a row that has text
     * elsewhere: the area between the column's neighbours at the row's height. OCR misses lone short
     * words such as a quantity of "2"; these are the places to look again.
     */
    public static List<BoundingBox> emptyNumericCells(PageText page) {
        List<BoundingBox> empty = new ArrayList<>();
        for (Table table : find(List.of(page))) {
            if (table.headerRows() != 1) {
                continue;
            }
            List<Cell> header = table.rows().get(0);
            if (header.stream().anyMatch(cell -> cell.bbox() == null)) {
                continue;
            }
            for (List<Cell> row : table.body()) {
                double top = row.stream().filter(cell -> !cell.isEmpty()).mapToDouble(cell -> cell.bbox().y0()).min().orElse(0);
                double bottom = row.stream().filter(cell -> !cell.isEmpty()).mapToDouble(cell -> cell.bbox().y1()).max().orElse(0);
                double margin = (bottom - top) * 0.1;
                for (int i = 0; i < table.columns().size(); i++) {
                    if (!table.columns().get(i).isNumeric() || !row.get(i).isEmpty() || bottom <= top) {
                        continue;
                    }
                    double left = i == 0 ? table.bbox().x0() : leftEdge(header, row, i);
                    double right = i == header.size() - 1 ? Math.max(table.bbox().x1(), header.get(i).bbox().x1())
                            : rightEdge(header, row, i);
                    if (right > left) {
                        empty.add(new BoundingBox(left, Math.max(0, top - margin), right, bottom + margin));
                    }
                }
            }
        }
        return empty;
    }

    // Halfway between the headers of this column and the one to the left, not into that column's text in this row.
    private static double leftEdge(List<Cell> header, List<Cell> row, int column) {
        double edge = (header.get(column - 1).bbox().x1() + header.get(column).bbox().x0()) / 2;
        if (!row.get(column - 1).isEmpty()) {
            edge = Math.max(edge, row.get(column - 1).bbox().x1() + 1);
        }
        return edge;
    }

    private static double rightEdge(List<Cell> header, List<Cell> row, int column) {
        double edge = (header.get(column).bbox().x1() + header.get(column + 1).bbox().x0()) / 2;
        if (!row.get(column + 1).isEmpty()) {
            edge = Math.min(edge, row.get(column + 1).bbox().x0() - 1);
        }
        return edge;
    }

    private record Scan(List<List<Cell>> rows, int next, boolean endedAtTotals) {
    }

    private static Scan scan(Header header, List<TextLine> lines, int from) {
        List<List<Cell>> rows = new ArrayList<>();
        double previousBottom = header.line().box().y1();
        double pitch = header.line().box().height() * 2;
        int i = from;
        for (; i < lines.size(); i++) {
            TextLine line = lines.get(i);
            if (!MEANINGFUL.matcher(line.text()).find()) {
                // Marks without a letter or digit: a scanner's specks or a rule read as ".-".
                continue;
            }
            double gap = line.box().y0() - previousBottom;
            double lineHeight = Math.max(1, line.box().height());
            if (gap > END_GAP_IN_ROWS * pitch) {
                return new Scan(rows, i, false);
            }
            if (TOTALS.matcher(line.segments().get(0).text()).lookingAt() && !header.hasItemNumbers(line)) {
                return new Scan(rows, i, true);
            }
            List<Cell> cells = header.cells(line);
            if (header.hasNumber(cells)) {
                if (!rows.isEmpty()) {
                    pitch = Math.max(lineHeight, line.box().y0() - previousBottom + lineHeight);
                }
                rows.add(cells);
                previousBottom = line.box().y1();
                continue;
            }
            if (!rows.isEmpty() && gap < CONTINUATION_GAP_IN_LINES * lineHeight && header.onlyDescription(cells, line)) {
                rows.set(rows.size() - 1, header.appendDescription(rows.get(rows.size() - 1), cells));
                previousBottom = line.box().y1();
                continue;
            }
            return new Scan(rows, i, false);
        }
        return new Scan(rows, i, false);
    }

    private static BoundingBox box(List<List<Cell>> rows) {
        BoundingBox box = null;
        for (List<Cell> row : rows) {
            for (Cell cell : row) {
                if (cell.bbox() != null) {
                    box = box == null ? cell.bbox() : box.union(cell.bbox());
                }
            }
        }
        return box;
    }

    static boolean isNumber(String text) {
        return !text.isBlank() && NUMBER.matcher(text.strip()).matches();
    }

    /** The header line: its cells, the kind of each column, and the zones between them. */
    private record Header(TextLine line, List<Cell> heads, List<ColumnKind> kinds, double[] bounds) {

        static Optional<Header> of(TextLine line) {
            List<TextSegment> segments = line.segments();
            if (segments.size() < 3 || segments.size() > 10) {
                return Optional.empty();
            }
            List<ColumnKind> kinds = new ArrayList<>();
            int unknown = 0;
            for (TextSegment segment : segments) {
                Optional<ColumnKind> kind = ColumnKind.named(segment.text());
                if (kind.isEmpty()) {
                    unknown++;
                }
                kinds.add(kind.orElse(ColumnKind.OTHER));
            }
            long named = kinds.stream().filter(kind -> kind != ColumnKind.OTHER).distinct().count();
            long namedColumns = kinds.stream().filter(kind -> kind != ColumnKind.OTHER).count();
            if (unknown > 1 || named < 3 || named != namedColumns || !kinds.contains(ColumnKind.DESCRIPTION)
                    || !(kinds.contains(ColumnKind.AMOUNT) || kinds.contains(ColumnKind.UNIT_PRICE))) {
                return Optional.empty();
            }
            return Optional.of(of(line, segments.stream().map(segment -> new Cell(segment.text(), segment.box())).toList(), kinds));
        }

        private static Header of(TextLine line, List<Cell> heads, List<ColumnKind> kinds) {
            double[] bounds = new double[heads.size() - 1];
            for (int i = 0; i < bounds.length; i++) {
                bounds[i] = (heads.get(i).bbox().x1() + heads.get(i + 1).bbox().x0()) / 2;
            }
            return new Header(line, heads, kinds, bounds);
        }

        /**
         * The header with a quantity column added where OCR missed its heading: when the rows below
         * have a number between the description's and the unit price's headings, a third of them at least
         * (OCR misses many of the short ones; the cells are read again once the column is known).
         */
        Header withQuantityUnderMissingHeading(List<TextLine> lines, int from) {
            int description = kinds.indexOf(ColumnKind.DESCRIPTION);
            int price = kinds.indexOf(ColumnKind.UNIT_PRICE);
            if (kinds.contains(ColumnKind.QUANTITY) || description < 0 || price != description + 1) {
                return this;
            }
            double left = heads.get(description).bbox().x1();
            double right = heads.get(price).bbox().x0();
            int rows = 0;
            List<BoundingBox> numbers = new ArrayList<>();
            for (int i = from; i < lines.size() && rows < ROWS_TO_INFER_FROM; i++) {
                if (!MEANINGFUL.matcher(lines.get(i).text()).find()) {
                    continue;
                }
                rows++;
                lines.get(i).segments().stream()
                        .filter(segment -> isNumber(segment.text()) && segment.box().x0() > left && segment.box().x1() < right)
                        .findFirst().ifPresent(segment -> numbers.add(segment.box()));
            }
            if (numbers.size() < 2 || numbers.size() * 3 < rows) {
                return this;
            }
            double x0 = numbers.stream().mapToDouble(BoundingBox::x0).min().orElseThrow();
            double x1 = numbers.stream().mapToDouble(BoundingBox::x1).max().orElseThrow();
            BoundingBox heading = heads.get(description).bbox();
            List<Cell> withQuantity = new ArrayList<>(heads);
            withQuantity.add(price, new Cell("", new BoundingBox(x0, heading.y0(), x1, heading.y1())));
            List<ColumnKind> withKind = new ArrayList<>(kinds);
            withKind.add(price, ColumnKind.QUANTITY);
            return of(line, withQuantity, withKind);
        }

        /** The line's phrases put into the columns they overlap most; two in one column are joined. */
        List<Cell> cells(TextLine row) {
            List<Cell> cells = new ArrayList<>();
            for (int i = 0; i < kinds.size(); i++) {
                cells.add(Cell.EMPTY);
            }
            for (TextSegment segment : row.segments()) {
                if (!MEANINGFUL.matcher(segment.text()).find()) {
                    continue;
                }
                int column = column(segment.box());
                Cell cell = cells.get(column);
                cells.set(column, cell.isEmpty() ? new Cell(segment.text(), segment.box())
                        : new Cell(cell.text() + " " + segment.text(), cell.bbox().union(segment.box())));
            }
            return cells;
        }

        private int column(BoundingBox box) {
            int best = 0;
            double bestOverlap = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < kinds.size(); i++) {
                double left = i == 0 ? Double.NEGATIVE_INFINITY : bounds[i - 1];
                double right = i == kinds.size() - 1 ? Double.POSITIVE_INFINITY : bounds[i];
                double overlap = Math.min(box.x1(), right) - Math.max(box.x0(), left);
                if (overlap > bestOverlap) {
                    bestOverlap = overlap;
                    best = i;
                }
            }
            return best;
        }

        /** A number in a column of quantities, prices or amounts: what makes a line an item's row. */
        boolean hasNumber(List<Cell> cells) {
            return hasNumberIn(cells, kind -> kind == ColumnKind.AMOUNT || kind == ColumnKind.UNIT_PRICE
                    || kind == ColumnKind.QUANTITY);
        }

        /** A number under quantity or unit price: a totals line has none, an item's row does. */
        boolean hasItemNumbers(TextLine line) {
            return hasNumberIn(cells(line), kind -> kind == ColumnKind.QUANTITY || kind == ColumnKind.UNIT_PRICE);
        }

        private boolean hasNumberIn(List<Cell> cells, java.util.function.Predicate<ColumnKind> columns) {
            for (int i = 0; i < kinds.size(); i++) {
                if (columns.test(kinds.get(i)) && isNumber(cells.get(i).text())) {
                    return true;
                }
            }
            return false;
        }

        /** Text under the description only, not reaching into the next column. */
        boolean onlyDescription(List<Cell> cells, TextLine line) {
            int description = kinds.indexOf(ColumnKind.DESCRIPTION);
            for (int i = 0; i < cells.size(); i++) {
                if (i != description && !cells.get(i).isEmpty()) {
                    return false;
                }
            }
            return description >= bounds.length || line.box().x1() <= bounds[description] + line.fontSize();
        }

        List<Cell> appendDescription(List<Cell> row, List<Cell> more) {
            int description = kinds.indexOf(ColumnKind.DESCRIPTION);
            List<Cell> joined = new ArrayList<>(row);
            Cell above = row.get(description);
            Cell added = more.get(description);
            joined.set(description, above.isEmpty() ? added
                    : new Cell(above.text() + " " + added.text(), above.bbox().union(added.bbox())));
            return joined;
        }
    }
}
