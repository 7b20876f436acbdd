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
import org.docex.extraction.control.text.TextToken;
import org.docex.extraction.control.values.Vocabulary;

/**
 * Finds item tables on text and OCR pages alike: a header line that names at least three of an
 * item table's columns (a description and an amount or a price among them), then the lines below
 * it, each phrase put in the column whose header it sits under. Rules drawn around the cells are
 * not needed: the columns come from where the text is. A row needs a number in one of the numeric
 * columns; a line with text under the description alone continues the description above it, unless
 * a rule runs between them or it is bold under regular items: then it heads the items below it
 * ("Hardware", "Services") or notes them, and is no item, as such a line above the first item. The
 * table ends at the totals (subtotal, tax, total), at a gap of several rows, or at the page's end,
 * where a header of the same columns at the top of the next page continues it. Tables drawn as a
 * grid of rules are found from the rules as well ({@link RuledTables}), whatever their header says.
 */
public final class TableFinder {

    private static final Pattern TOTALS = Pattern.compile("(?iu)\\s*(?:" + Vocabulary.foldAccents(String.join("|",
            Vocabulary.all().alternation("total_amount"), Vocabulary.all().alternation("total_amount.loose"),
            Vocabulary.all().alternation("subtotal_amount"), Vocabulary.all().alternation("tax"),
            Vocabulary.all().alternation("tax_amount"))) + "|sub\\s*-?\\s*total|grand\\s*total|balance(?:\\s*due)?|zzgl|"
            + "netto(?:betrag|summe)?|summe|gesamt(?:betrag|summe)?|übertrag|carried\\s*forward|brutto(?:betrag)?)(?![\\p{L}])");
    private static final Pattern NUMBER = Pattern.compile(
            "[-+(]?\\s*(?:[$€£]|EUR|USD|GBP|CHF)?\\s*[-+]?\\d[\\d.,'\\u00A0\\u202F ]*\\s*(?:[$€£%]|EUR|USD|GBP|CHF)?\\)?");
    /** A quantity with its unit: "50 Stk", "2,5 h", "12 pcs". */
    private static final Pattern QUANTITY_WITH_UNIT = Pattern.compile("[-+]?\\d[\\d.,]*\\s?\\p{L}{1,6}\\.?");
    private static final Pattern MEANINGFUL = Pattern.compile("[\\p{L}\\p{N}]");
    private static final double END_GAP_IN_ROWS = 2.5;
    private static final int ROWS_TO_INFER_FROM = 6;
    private static final double CONTINUATION_GAP_IN_LINES = 1.5;
    private static final double STACKED_HEADER_REACH_IN_LINES = 3.2;
    private static final int MAX_STACKED_HEADING = 25;
    private static final int CONTINUATION_SEARCH_LINES = 8;
    private static final int MAX_NOTE_LINES = 10;
    /** The most words of a column's heading ("Positionsbetrag ohne USt.", "Prix unitaire HT"). */
    private static final int MAX_HEADING_WORDS = 4;
    private static final int HEADINGS_THAT_START_A_TABLE = 3;

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
        Header openHeader = null;
        for (PageText page : pages) {
            List<TextLine> lines = topDown(page.lines());
            boolean first = true;
            int from = 0;
            if (open != null && open.page() == page.pageNumber() - 1) {
                Optional<Table> rest = continuation(openHeader, lines, page);
                if (rest.isPresent()) {
                    tables.set(tables.indexOf(open), open.continuing());
                    tables.add(rest.get());
                    open = null;
                    first = false;
                    from = lineAfter(lines, rest.get());
                }
            }
            for (int i = from; i < lines.size(); i++) {
                final int at = i;
                Optional<Header> header = Header.of(lines.get(i), i + 1).map(found -> found.withStackedHeadings(lines, at).withLastPriceAsAmount())
                        .map(found -> found.withQuantityUnderMissingHeading(lines, found.next()));
                if (header.isEmpty()) {
                    continue;
                }
                Scan scan = scan(header.get(), lines, header.get().next(), page.rules());
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
                openHeader = header.get();
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
     * The rows at the top of a page that continue the previous page's table without repeating its
     * header: the first lines that read as rows of that header's columns (a number under quantity,
     * unit price or amount, in two of them), within the page's first lines (a running head such as
     * the sender's name or "Page 2 of 3" may stand above them).
     */
    private static Optional<Table> continuation(Header header, List<TextLine> lines, PageText page) {
        for (int i = 0; i < Math.min(lines.size(), CONTINUATION_SEARCH_LINES); i++) {
            if (endsTable(lines.get(i))) {
                return Optional.empty();
            }
            List<Cell> cells = header.cells(lines.get(i));
            if (header.numericCells(cells) >= 2) {
                Scan scan = scan(header.startingAbove(lines.get(i), i), lines, i, page.rules());
                if (scan.rows().isEmpty()) {
                    return Optional.empty();
                }
                return Optional.of(new Table(page.pageNumber(), box(scan.rows()), 0, header.kinds(), scan.rows(), false, true));
            }
        }
        return Optional.empty();
    }

    /** The index of the first line below {@code table} on its page. */
    private static int lineAfter(List<TextLine> lines, Table table) {
        int i = 0;
        while (i < lines.size() && lines.get(i).box().y0() <= table.bbox().y1()) {
            i++;
        }
        return i;
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

    private static Scan scan(Header header, List<TextLine> lines, int from, List<BoundingBox> rules) {
        List<List<Cell>> rows = new ArrayList<>();
        double previousBottom = header.bottom();
        double pitch = header.line().box().height() * 2;
        boolean itemHasBold = false;
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
            if (TOTALS.matcher(line.segments().get(0).text()).lookingAt() && !header.hasItemNumbers(line)
                    || startsWithHeadings(line)) {
                return new Scan(rows, i, true);
            }
            List<Cell> cells = header.cells(line);
            if (!rows.isEmpty() && gap < CONTINUATION_GAP_IN_LINES * lineHeight && header.completesAmount(rows.get(rows.size() - 1), cells)) {
                // The row's amount written lower than its other cells (a row of several lines, aligned at the bottom).
                rows.set(rows.size() - 1, header.merged(rows.get(rows.size() - 1), cells));
                previousBottom = line.box().y1();
                continue;
            }
            if (header.hasNumber(cells)) {
                if (!rows.isEmpty()) {
                    pitch = Math.max(lineHeight, line.box().y0() - previousBottom + lineHeight);
                }
                rows.add(cells);
                itemHasBold = line.tokens().stream().anyMatch(TextToken::bold);
                previousBottom = line.box().y1();
                continue;
            }
            boolean onlyDescription = header.onlyDescription(cells, line);
            // Not the description above going on: a bold heading under regular items ("Hardware", "Services"),
            // or a line in a cell of its own (a rule between them); a heading or a note, followed by items or not.
            boolean apart = line.bold() && !itemHasBold || ruleBetween(rules, previousBottom, line);
            if (!rows.isEmpty() && gap < CONTINUATION_GAP_IN_LINES * lineHeight && onlyDescription && !apart) {
                rows.set(rows.size() - 1, header.appendDescription(rows.get(rows.size() - 1), cells));
                previousBottom = line.box().y1();
                continue;
            }
            // Before the first item, text under the description alone heads the first group of items.
            int nextRow = rows.isEmpty() && !onlyDescription ? -1 : rowAfterNotes(header, lines, i, pitch);
            if (nextRow > i) {
                // Notes between two items ("Delivered on ...", a licence plate, dates of service) are not rows.
                previousBottom = lines.get(nextRow - 1).box().y1();
                i = nextRow - 1;
                continue;
            }
            return new Scan(rows, i, false);
        }
        return new Scan(rows, i, false);
    }

    /** Whether a horizontal rule runs between {@code above} (a y) and the line, across the line's first word. */
    private static boolean ruleBetween(List<BoundingBox> rules, double above, TextLine line) {
        BoundingBox box = line.box();
        for (BoundingBox rule : rules) {
            if (rule.height() <= rule.width() && rule.y0() >= above - 1 && rule.y1() <= box.y0() + 1
                    && rule.x0() <= box.x0() + 1 && rule.x1() >= box.x0() + line.fontSize()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The next item row after lines of notes starting at {@code from}, or -1: notes are lines without
     * a number under quantity, unit price or amount, at most a few of them, none a totals line or
     * another table's heading, and no gap between them wider than the table's rows are apart.
     */
    private static int rowAfterNotes(Header header, List<TextLine> lines, int from, double pitch) {
        double bottom = lines.get(from - 1).box().y1();
        for (int j = from; j < lines.size() && j < from + MAX_NOTE_LINES; j++) {
            TextLine line = lines.get(j);
            if (line.box().y0() - bottom > END_GAP_IN_ROWS * pitch || endsTable(line)) {
                return -1;
            }
            if (header.numericCells(header.cells(line)) >= 2) {
                return j;
            }
            bottom = line.box().y1();
        }
        return -1;
    }

    /**
     * A line that starts with three column headings: the head of another table under the items (a
     * tax breakdown's "Taux TVA  Prix HT  TVA  Montant total", which may end in the invoice's total).
     */
    private static boolean startsWithHeadings(TextLine line) {
        List<TextSegment> segments = line.segments();
        return segments.size() >= HEADINGS_THAT_START_A_TABLE && segments.subList(0, HEADINGS_THAT_START_A_TABLE).stream()
                .allMatch(segment -> ColumnKind.named(segment.text()).isPresent());
    }

    /** A totals line, or the heading of another table: three or more phrases, none with a digit, or three column headings first. */
    private static boolean endsTable(TextLine line) {
        List<TextSegment> segments = line.segments();
        return TOTALS.matcher(segments.get(0).text()).lookingAt() || startsWithHeadings(line)
                || segments.size() >= 3 && segments.stream().noneMatch(segment -> segment.text().chars().anyMatch(Character::isDigit));
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

    /**
     * The header line: its cells, the kind of each column, the zones between them, the index of the
     * first line under the header and the header's bottom edge (a header may take several lines).
     */
    private record Header(TextLine line, List<Cell> heads, List<ColumnKind> kinds, double[] bounds, int next, double bottom) {

        static Optional<Header> of(TextLine line, int next) {
            if (line.segments().size() < 2 || line.segments().size() > 10) {
                return Optional.empty();
            }
            List<Heading> headings = headings(line.segments());
            if (headings.size() < 3 || headings.size() > 10) {
                return Optional.empty();
            }
            List<ColumnKind> kinds = headings.stream().map(heading -> heading.kind().orElse(ColumnKind.OTHER)).toList();
            long unknown = headings.stream().filter(heading -> heading.kind().isEmpty()).count();
            long named = kinds.stream().filter(kind -> kind != ColumnKind.OTHER).distinct().count();
            long namedColumns = kinds.stream().filter(kind -> kind != ColumnKind.OTHER).count();
            if (unknown > 1 || named < 3 || named != namedColumns || !kinds.contains(ColumnKind.DESCRIPTION)
                    || !(kinds.contains(ColumnKind.AMOUNT) || kinds.contains(ColumnKind.UNIT_PRICE))) {
                return Optional.empty();
            }
            return Optional.of(of(line, headings.stream().map(heading -> new Cell(heading.segment().text(),
                    heading.segment().box())).toList(), kinds, next, line.box().y1()));
        }

        /** A phrase of a header line and the column it names, if it names one. */
        private record Heading(TextSegment segment, Optional<ColumnKind> kind) {
        }

        /**
         * The line's phrases as headings, each classified once: a phrase whose last words name a
         * column and whose first do not is two headings set close ("Pos Art-Nr-Kunde Beschreibung");
         * a word broken at a hyphen ("Positions-") is left to the lines under it, which
         * {@link #withStackedHeadings} joins.
         */
        private static List<Heading> headings(List<TextSegment> segments) {
            List<Heading> headings = new ArrayList<>();
            for (TextSegment segment : segments) {
                String text = segment.text().strip();
                Optional<ColumnKind> kind = ColumnKind.named(text);
                if (kind.isEmpty() && text.endsWith("-")) {
                    continue;
                }
                if (kind.isPresent() || !splitAtTrailingHeading(segment, headings)) {
                    headings.add(new Heading(segment, kind));
                }
            }
            return headings;
        }

        /** Adds the two headings of a phrase that ends with a column's name, and says whether it did. */
        private static boolean splitAtTrailingHeading(TextSegment segment, List<Heading> headings) {
            List<TextToken> tokens = segment.tokens();
            for (int from = Math.max(1, tokens.size() - MAX_HEADING_WORDS); from < tokens.size(); from++) {
                TextSegment tail = new TextSegment(tokens.subList(from, tokens.size()));
                Optional<ColumnKind> kind = ColumnKind.named(tail.text()).filter(named -> named != ColumnKind.OTHER);
                if (kind.isPresent()) {
                    TextSegment head = new TextSegment(tokens.subList(0, from));
                    headings.add(new Heading(head, ColumnKind.named(head.text())));
                    headings.add(new Heading(tail, kind));
                    return true;
                }
            }
            return false;
        }

        private static Header of(TextLine line, List<Cell> heads, List<ColumnKind> kinds, int next, double bottom) {
            double[] bounds = new double[heads.size() - 1];
            for (int i = 0; i < bounds.length; i++) {
                bounds[i] = (heads.get(i).bbox().x1() + heads.get(i + 1).bbox().x0()) / 2;
            }
            return new Header(line, heads, kinds, bounds, next, bottom);
        }

        /**
         * Without a column named for the line's amount, the last priced column is it: "Prix HT" after
         * "Quantité" (and a "Prix unitaire" written over two lines) is the line's price, as "Price" is
         * in "Description  Qty  Price".
         */
        Header withLastPriceAsAmount() {
            int last = kinds.lastIndexOf(ColumnKind.UNIT_PRICE);
            if (last < 0 || kinds.contains(ColumnKind.AMOUNT)) {
                return this;
            }
            List<ColumnKind> named = new ArrayList<>(kinds);
            named.set(last, ColumnKind.AMOUNT);
            return new Header(line, heads, List.copyOf(named), bounds, next, bottom);
        }

        /**
         * The header with the headings written over several lines around its main line ("Positions- /
         * betrag / ohne USt." beside "Pos  Beschreibung  Nettopreis  Menge"): the words above and below
         * the line, where it has no heading of its own, joined top-down into one heading each; a
         * hyphen at a line's end joins the word. The lines so read are the header's too: the rows
         * start under them. A line with a digit is a row, not a heading, and ends the header.
         */
        Header withStackedHeadings(List<TextLine> lines, int at) {
            double reach = STACKED_HEADER_REACH_IN_LINES * Math.max(line.box().height(), line.fontSize());
            List<TextLine> stacked = new ArrayList<>();
            int last = at;
            for (int direction : new int[] {-1, 1}) {
                for (int j = at + direction; j >= 0 && j < lines.size(); j += direction) {
                    TextLine other = lines.get(j);
                    if (Math.abs(other.box().y0() - line.box().y0()) > reach || !isHeadingLine(other)) {
                        break;
                    }
                    stacked.add(other);
                    last = Math.max(last, j);
                }
            }
            if (stacked.isEmpty()) {
                return this;
            }
            List<List<TextSegment>> stacks = new ArrayList<>();
            stacked.stream().sorted(Comparator.comparingDouble(other -> other.box().y0())).forEach(other -> {
                for (TextSegment segment : other.segments()) {
                    if (heads.stream().anyMatch(head -> overlaps(head.bbox(), segment.box()))) {
                        continue;
                    }
                    stacks.stream().filter(stack -> overlaps(stack.get(0).box(), segment.box())).findFirst()
                            .ifPresentOrElse(stack -> stack.add(segment), () -> stacks.add(new ArrayList<>(List.of(segment))));
                }
            });
            List<Cell> withStacked = new ArrayList<>(heads);
            List<ColumnKind> withKinds = new ArrayList<>(kinds);
            for (List<TextSegment> stack : stacks) {
                String text = joined(stack);
                Optional<ColumnKind> kind = ColumnKind.named(text);
                if (kind.isEmpty() || kind.get() == ColumnKind.OTHER) {
                    continue;
                }
                BoundingBox box = stack.stream().map(TextSegment::box).reduce(BoundingBox::union).orElseThrow();
                if (withKinds.contains(kind.get())) {
                    // "Prix / unitaire" stacked left of the line's "Prix HT": that one is the line's price.
                    int price = withKinds.indexOf(ColumnKind.UNIT_PRICE);
                    if (kind.get() != ColumnKind.UNIT_PRICE || withKinds.contains(ColumnKind.AMOUNT)
                            || withStacked.get(price).bbox().x0() < box.x0()) {
                        continue;
                    }
                    withKinds.set(price, ColumnKind.AMOUNT);
                }
                int position = 0;
                while (position < withStacked.size() && withStacked.get(position).bbox().x0() < box.x0()) {
                    position++;
                }
                withStacked.add(position, new Cell(text, box));
                withKinds.add(position, kind.get());
            }
            double bottom = Math.max(line.box().y1(), stacked.stream().mapToDouble(other -> other.box().y1()).max().orElse(0));
            return of(line, withStacked, withKinds, last + 1, bottom);
        }

        private static boolean isHeadingLine(TextLine line) {
            return line.segments().stream().allMatch(segment -> segment.text().length() <= MAX_STACKED_HEADING
                    && segment.text().chars().noneMatch(Character::isDigit));
        }

        private static boolean overlaps(BoundingBox a, BoundingBox b) {
            return Math.min(a.x1(), b.x1()) - Math.max(a.x0(), b.x0()) > 0;
        }

        private static String joined(List<TextSegment> stack) {
            StringBuilder text = new StringBuilder();
            for (TextSegment segment : stack) {
                String part = segment.text().strip();
                if (text.length() > 1 && text.charAt(text.length() - 1) == '-' && Character.isLowerCase(part.charAt(0))) {
                    text.setLength(text.length() - 1);
                } else if (!text.isEmpty()) {
                    text.append(' ');
                }
                text.append(part);
            }
            return text.toString();
        }

        /** A line that only adds the amount to the row above, which has none: quantity and price are not repeated. */
        boolean completesAmount(List<Cell> row, List<Cell> cells) {
            int amount = kinds.indexOf(ColumnKind.AMOUNT);
            if (amount < 0 || !row.get(amount).isEmpty() || !isNumber(cells.get(amount).text())) {
                return false;
            }
            return !hasNumberIn(row, kind -> kind == ColumnKind.AMOUNT) && hasNumber(row)
                    && !hasNumberIn(cells, kind -> kind == ColumnKind.QUANTITY || kind == ColumnKind.UNIT_PRICE);
        }

        /** The row with the cells it lacked taken from the line below; the description continues. */
        List<Cell> merged(List<Cell> row, List<Cell> below) {
            List<Cell> merged = new ArrayList<>(row);
            for (int i = 0; i < merged.size(); i++) {
                Cell above = row.get(i);
                Cell more = below.get(i);
                if (more.isEmpty()) {
                    continue;
                }
                if (above.isEmpty()) {
                    merged.set(i, more);
                } else if (kinds.get(i) == ColumnKind.DESCRIPTION) {
                    merged.set(i, new Cell(above.text() + " " + more.text(), above.bbox().union(more.bbox())));
                }
            }
            return merged;
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
            return of(line, withQuantity, withKind, next, bottom);
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

        /** How many cells under quantity, unit price or amount hold a number. */
        int numericCells(List<Cell> cells) {
            int count = 0;
            for (int i = 0; i < kinds.size(); i++) {
                ColumnKind kind = kinds.get(i);
                String text = cells.get(i).text();
                boolean number = (kind == ColumnKind.AMOUNT || kind == ColumnKind.UNIT_PRICE) && isNumber(text)
                        || kind == ColumnKind.QUANTITY && (isNumber(text) || QUANTITY_WITH_UNIT.matcher(text.strip()).matches());
                count += number ? 1 : 0;
            }
            return count;
        }

        /** The same columns with the header's bottom just above {@code row}: a table continued on a new page. */
        Header startingAbove(TextLine row, int index) {
            return new Header(line, heads, kinds, bounds, index, row.box().y0() - 1);
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
