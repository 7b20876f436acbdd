package org.docex.extraction.control.invoice;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.keyvalue.LabelledValue;
import org.docex.extraction.control.keyvalue.LabelledValueReader;
import org.docex.extraction.control.keyvalue.ValueSite;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.text.TextToken;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.AmountParser;
import org.docex.extraction.control.values.ValueType;

/**
 * Chooses the total, the subtotal and the tax of an invoice together. Each label offers candidates
 * (the "Total" of a line-item table, the per-rate rows of a tax breakdown, the gross sum, the
 * amount due); the choice is the combination whose subtotal plus tax makes the total, the best
 * scored one of those, else each field's best candidate alone. An invoice that adds up is read with
 * more confidence than one whose amounts were each found alone.
 */
final class Totals {

    /** The confidence of amounts that add up: three labelled values that agree are rarely all wrong. */
    static final double ADDS_UP = 0.95;
    /** The most an amount read alone is trusted: a subtotal or a tax row is easily taken for the total. */
    static final double ALONE = 0.85;
    /** Amounts that add up only with the tax summed from its rows: a little less sure than one printed tax total. */
    static final double SUMMED = 0.9;
    private static final int MAX_CANDIDATES = 12;
    private static final double NET_FROM_TOTAL_PENALTY = 0.2;
    private static final int MAX_SUMMED_CANDIDATES = 8;
    private static final double SAME_ROW = 2.0;
    private static final BigDecimal CENT = new BigDecimal("0.01");
    /** How many lines below the subtotal and the tax their sum is looked for. */
    private static final int LINES_BELOW_PARTS = 4;
    /** How far apart, in the heights of their amounts, two rows of one table may lie. */
    private static final double ROWS_APART = 2.6;
    private static final Pattern RATE = Pattern.compile(InvoiceParties.RATE);

    record Chosen(Optional<LabelledValue> total, Optional<LabelledValue> subtotal, Optional<ExtractedField> tax,
                  boolean addsUp) {
    }

    private Totals() {
    }

    static Chosen choose(List<LabelledValue> totals, List<LabelledValue> subtotals, List<LabelledValue> taxes, List<PageText> pages) {
        List<LabelledValue> total = strongest(totals);
        // A "Total" may be the net: the total of a tax summary's taxable values, before its taxes are added.
        List<LabelledValue> netCandidates = new ArrayList<>(subtotals);
        Set<LabelledValue> fromTotals = Collections.newSetFromMap(new IdentityHashMap<>());
        totals.stream().map(value -> new LabelledValue(value.value(), value.site(), value.confidence() - NET_FROM_TOTAL_PENALTY))
                .forEach(net -> {
                    netCandidates.add(net);
                    fromTotals.add(net);
                });
        List<LabelledValue> subtotal = strongest(netCandidates);
        List<LabelledValue> tax = strongest(taxes);
        List<LabelledValue[]> addingUp = new ArrayList<>();
        for (LabelledValue gross : total) {
            for (LabelledValue net : subtotal) {
                for (LabelledValue vat : tax) {
                    // A "Total" taken for the net agrees with any total when the tax is nil: that proves nothing.
                    boolean trivial = fromTotals.contains(net) && isZero(vat);
                    if (!trivial && addsUp(net, vat, gross) && !sameSite(net, gross) && !sameSite(vat, gross) && !sameSite(net, vat)) {
                        addingUp.add(new LabelledValue[] {gross, net, vat});
                    }
                }
            }
        }
        if (!addingUp.isEmpty()) {
            LabelledValue[] best = best(addingUp, totals);
            Optional<LabelledValue> ofRows = totalOfRows(best, totals, pages);
            if (ofRows.isPresent()) {
                return new Chosen(ofRows.map(value -> sure(value, ADDS_UP)), Optional.empty(), Optional.empty(), true);
            }
            return new Chosen(Optional.of(sure(best[0], ADDS_UP)), Optional.of(sure(best[1], ADDS_UP)),
                    Optional.of(taxField(sure(best[2], ADDS_UP))), true);
        }
        Optional<Chosen> split = withTaxesSummed(total, subtotal, tax);
        if (split.isPresent()) {
            return split.get();
        }
        return new Chosen(firstNonZero(total).map(Totals::capped), firstNonZero(strongest(subtotals)).map(Totals::capped),
                firstNonZero(tax).map(Totals::capped).map(Totals::taxField), false);
    }

    /**
     * Of the combinations that add up, the best scored (the first on a tie), one whose tax is not nil
     * where there is one (a 0% row beside the 7% one adds up too). Where it is a row of a table (a
     * tax breakdown's row per rate), the rows of its column that add up as well are compared, and the
     * largest total among them is the invoice's: the row of sums under the rows per rate.
     */
    private static LabelledValue[] best(List<LabelledValue[]> addingUp, List<LabelledValue> totals) {
        // A nil tax makes any amount add up with itself ("44.86 = 44.86 + 0.00"): a combination with a tax comes first.
        boolean anyTax = addingUp.stream().anyMatch(triple -> !isZero(triple[2]));
        LabelledValue[] best = null;
        for (LabelledValue[] triple : addingUp) {
            if ((!anyTax || !isZero(triple[2])) && (best == null || score(triple) > score(best))) {
                best = triple;
            }
        }
        if (onOneLine(best)) {
            List<LabelledValue> run = columnRun(best[0], totals);
            best = addingUp.stream().filter(triple -> onOneLine(triple) && run.stream().anyMatch(cell -> sameCell(cell, triple[0])))
                    .max(Comparator.<LabelledValue[], BigDecimal>comparing(triple -> amount(triple[0]).abs())
                            .thenComparing(triple -> !isZero(triple[2]))
                            .thenComparingDouble(Totals::score))
                    .orElse(best);
        }
        return best;
    }

    private static double score(LabelledValue[] triple) {
        return triple[0].confidence() + triple[1].confidence() + triple[2].confidence();
    }

    /**
     * A tax breakdown with a row per rate and no row of their sums ("19%: 4,20 0,80 5,00", "7%: 76,64
     * 5,36 82,00" under "Total 87,00"): a row adds up, but it is not the invoice. Where the rows of the
     * chosen row's column (one run of them, each line once) each print a rate, and a labelled total
     * larger than each of them is their sum, that is the total; so is the run's last amount where it is
     * the sum of the rows per rate above it. The net and the tax are then read only per rate, so none is
     * chosen. A previous balance or an amount due under the column prints no rate and ends the reading.
     */
    private static Optional<LabelledValue> totalOfRows(LabelledValue[] best, List<LabelledValue> totals, List<PageText> pages) {
        LabelledValue row = best[0];
        if (!onOneLine(best)) {
            return Optional.empty();
        }
        List<LabelledValue> run = columnRun(row, totals);
        if (run.size() < 2) {
            return Optional.empty();
        }
        LabelledValue last = run.get(run.size() - 1);
        List<LabelledValue> above = run.subList(0, run.size() - 1);
        BigDecimal aboveLast = sum(above);
        if (run.size() > 2 && !sameCell(last, row) && aboveLast != null && aboveLast.compareTo(amount(last)) == 0
                && above.stream().allMatch(cell -> onRateRow(cell, pages))) {
            return Optional.of(last);
        }
        BigDecimal ofRows = sum(run);
        if (ofRows == null || !run.stream().allMatch(cell -> onRateRow(cell, pages))) {
            return Optional.empty();
        }
        BigDecimal largest = run.stream().map(cell -> amount(cell).abs()).max(BigDecimal::compareTo).orElse(BigDecimal.ZERO);
        return totals.stream().filter(candidate -> run.stream().noneMatch(cell -> sameCell(cell, candidate))
                && amount(candidate).abs().compareTo(largest) > 0 && amount(candidate).compareTo(ofRows) == 0).findFirst();
    }

    /** The total candidates in {@code row}'s column, top to bottom, in one run with it (each line once). */
    private static List<LabelledValue> columnRun(LabelledValue row, List<LabelledValue> totals) {
        List<LabelledValue> column = new ArrayList<>();
        for (LabelledValue cell : totals) {
            if (cell.site().page() == row.site().page() && overlapsHorizontally(cell, row)
                    && column.stream().allMatch(other -> distinctRows(other, cell))) {
                column.add(cell);
            }
        }
        column.sort(Comparator.comparingDouble(cell -> cell.site().segment().box().y0()));
        return rowsAround(column, row);
    }

    private static boolean sameCell(LabelledValue a, LabelledValue b) {
        return a.site().page() == b.site().page() && !distinctRows(a, b) && overlapsHorizontally(a, b);
    }

    /** Whether the line of {@code cell} prints a rate ("19%", "7,00 %"): a tax breakdown's row per rate. */
    private static boolean onRateRow(LabelledValue cell, List<PageText> pages) {
        BoundingBox box = cell.site().segment().box();
        double middle = (box.y0() + box.y1()) / 2;
        return pages.stream().filter(page -> page.pageNumber() == cell.site().page()).flatMap(page -> page.lines().stream())
                .filter(line -> line.box().y0() <= middle && middle <= line.box().y1())
                .anyMatch(line -> RATE.matcher(line.text()).find());
    }

    /** The cells of {@code column} (top to bottom) in one run with {@code row}'s: none further from the next than a tall row. */
    private static List<LabelledValue> rowsAround(List<LabelledValue> column, LabelledValue row) {
        int at = -1;
        for (int i = 0; i < column.size() && at < 0; i++) {
            at = distinctRows(column.get(i), row) ? -1 : i;
        }
        if (at < 0) {
            return List.of();
        }
        int first = at;
        while (first > 0 && nextRow(column.get(first - 1), column.get(first))) {
            first--;
        }
        int last = at;
        while (last + 1 < column.size() && nextRow(column.get(last), column.get(last + 1))) {
            last++;
        }
        return column.subList(first, last + 1);
    }

    private static boolean nextRow(LabelledValue above, LabelledValue below) {
        BoundingBox upper = above.site().segment().box();
        BoundingBox lower = below.site().segment().box();
        return lower.y0() - upper.y1() <= ROWS_APART * (upper.y1() - upper.y0());
    }

    private static boolean overlapsHorizontally(LabelledValue a, LabelledValue b) {
        BoundingBox one = a.site().segment().box();
        BoundingBox other = b.site().segment().box();
        return one.x0() < other.x1() && other.x0() < one.x1();
    }

    private static boolean onOneLine(LabelledValue[] triple) {
        return !distinctRows(triple[0], triple[1]) && !distinctRows(triple[0], triple[2]);
    }

    /** The amount of a value, nought where it is not a number. */
    private static BigDecimal amount(LabelledValue value) {
        try {
            return new BigDecimal(value.value().value());
        } catch (NumberFormatException e) {
            return BigDecimal.ZERO;
        }
    }

    /** The first candidate whose amount is not nil, else the first: a balance of 0.00 after payment is not what was invoiced. */
    private static Optional<LabelledValue> firstNonZero(List<LabelledValue> sorted) {
        return sorted.stream().filter(value -> !isZero(value)).findFirst().or(() -> first(sorted));
    }

    /**
     * Where no labelled total adds up: the amount right below the subtotal and the tax (within a few
     * lines, on their page) that is their sum, as the total: a total whose label docex does not know
     * or OCR misread ("TIC" for "TTC"). The layout and the arithmetic make it as sure as an amount
     * read alone ({@link #ALONE}); the subtotal and the tax keep their confidence.
     */
    static Chosen withTotalBelowItsParts(Chosen chosen, List<PageText> pages) {
        if (chosen.addsUp() || chosen.subtotal().isEmpty() || chosen.tax().isEmpty()) {
            return chosen;
        }
        LabelledValue net = chosen.subtotal().get();
        ExtractedField tax = chosen.tax().get();
        if (tax.page() != net.site().page() || tax.bbox() == null) {
            return chosen;
        }
        BigDecimal sum;
        try {
            BigDecimal taxAmount = new BigDecimal(tax.value());
            sum = new BigDecimal(net.value().value()).add(taxAmount);
            if (!plausible(sum.subtract(taxAmount), taxAmount, sum)) {
                return chosen;
            }
        } catch (NumberFormatException e) {
            return chosen;
        }
        if (chosen.total().map(total -> sum.compareTo(new BigDecimal(total.value().value())) == 0).orElse(false)) {
            return chosen;
        }
        double partsBottom = Math.max(net.site().segment().box().y0(), tax.bbox().y0()) + SAME_ROW;
        return pages.stream().filter(page -> page.pageNumber() == net.site().page()).findFirst()
                .flatMap(page -> amountBelow(page, partsBottom, sum))
                .map(total -> new Chosen(Optional.of(total), chosen.subtotal(), chosen.tax(), true))
                .orElse(chosen);
    }

    private static Optional<LabelledValue> amountBelow(PageText page, double below, BigDecimal sum) {
        int looked = 0;
        for (TextLine line : page.lines()) {
            if (line.box().y0() <= below) {
                continue;
            }
            if (++looked > LINES_BELOW_PARTS) {
                break;
            }
            for (TextSegment segment : line.segments()) {
                int start = 0;
                for (TextToken token : segment.tokens()) {
                    Optional<ParsedValue> amount = AmountParser.atStart(segment.text(), start, ValueType.MONEY);
                    if (amount.isPresent() && new BigDecimal(amount.get().value()).compareTo(sum) == 0) {
                        ValueSite site = new ValueSite(segment, start, 1.0, page.pageNumber());
                        ParsedValue value = amount.get();
                        return Optional.of(new LabelledValue(new ParsedValue(value.value(), value.type(), value.start() - start,
                                value.end() - start, value.certainty()), site, ALONE));
                    }
                    start += token.text().length() + 1;
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The tax written as several rows, none of them a total: VAT at 19% and at 7%, or India's CGST and
     * SGST. Two or three of the tax candidates (different rows, different places) that make
     * subtotal + their sum = total are the tax, reported as their sum with the rows' boxes.
     */
    private static Optional<Chosen> withTaxesSummed(List<LabelledValue> totals, List<LabelledValue> subtotals,
                                                    List<LabelledValue> taxes) {
        List<LabelledValue> rows = taxes.subList(0, Math.min(MAX_SUMMED_CANDIDATES, taxes.size()));
        double bestScore = Double.NEGATIVE_INFINITY;
        Chosen best = null;
        for (List<LabelledValue> parts : combinations(rows)) {
            BigDecimal sum = sum(parts);
            if (sum == null || sum.signum() == 0) {
                continue;
            }
            for (LabelledValue gross : totals) {
                for (LabelledValue net : subtotals) {
                    if (sameSite(net, gross) || parts.stream().anyMatch(part -> sameSite(part, gross) || sameSite(part, net))
                            || !adds(net, sum, gross)) {
                        continue;
                    }
                    double score = gross.confidence() + net.confidence() + parts.stream().mapToDouble(LabelledValue::confidence).min().orElse(0);
                    if (score > bestScore) {
                        bestScore = score;
                        best = new Chosen(Optional.of(sure(gross, SUMMED)), Optional.of(sure(net, SUMMED)),
                                Optional.of(summed(parts, sum)), true);
                    }
                }
            }
        }
        return Optional.ofNullable(best);
    }

    private static List<List<LabelledValue>> combinations(List<LabelledValue> rows) {
        List<List<LabelledValue>> combinations = new ArrayList<>();
        for (int a = 0; a < rows.size(); a++) {
            for (int b = a + 1; b < rows.size(); b++) {
                if (distinctRows(rows.get(a), rows.get(b))) {
                    combinations.add(List.of(rows.get(a), rows.get(b)));
                    for (int c = b + 1; c < rows.size(); c++) {
                        if (distinctRows(rows.get(a), rows.get(c)) && distinctRows(rows.get(b), rows.get(c))) {
                            combinations.add(List.of(rows.get(a), rows.get(b), rows.get(c)));
                        }
                    }
                }
            }
        }
        return combinations;
    }

    // Two labels may point at one value (a rate's label and the tax's); a sum takes each row once.
    private static boolean distinctRows(LabelledValue a, LabelledValue b) {
        return a.site().page() != b.site().page()
                || Math.abs(a.site().segment().box().y0() - b.site().segment().box().y0()) > SAME_ROW;
    }

    private static BigDecimal sum(List<LabelledValue> parts) {
        try {
            BigDecimal sum = BigDecimal.ZERO;
            for (LabelledValue part : parts) {
                sum = sum.add(new BigDecimal(part.value().value()));
            }
            return sum;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static boolean adds(LabelledValue net, BigDecimal tax, LabelledValue gross) {
        try {
            return plausible(new BigDecimal(net.value().value()), tax, new BigDecimal(gross.value().value()));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static ExtractedField summed(List<LabelledValue> parts, BigDecimal sum) {
        LabelledValue first = parts.get(0);
        BoundingBox box = null;
        for (LabelledValue part : parts) {
            BoundingBox partBox = part.site().boxOf(part.value());
            box = part.site().page() != first.site().page() || partBox == null ? box : box == null ? partBox : box.union(partBox);
        }
        String raw = String.join(" + ", parts.stream().map(LabelledValue::raw).toList());
        return new ExtractedField("tax_amount", AmountParser.money(sum), raw, ValueType.MONEY.apiName(), SUMMED,
                ExtractedField.TEMPLATE, first.site().page(), box);
    }

    private static ExtractedField taxField(LabelledValue value) {
        return value.toField("tax_amount", ExtractedField.TEMPLATE);
    }

    private static boolean addsUp(LabelledValue net, LabelledValue vat, LabelledValue gross) {
        try {
            return plausible(new BigDecimal(net.value().value()), new BigDecimal(vat.value().value()),
                    new BigDecimal(gross.value().value()));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean isZero(LabelledValue value) {
        try {
            return new BigDecimal(value.value().value()).signum() == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Net + tax = gross to the cent, with a net of the gross's sign and a tax smaller than the net (rates below 100%). */
    private static boolean plausible(BigDecimal net, BigDecimal tax, BigDecimal gross) {
        return gross.signum() != 0 && net.signum() == gross.signum() && tax.abs().compareTo(net.abs()) < 0
                && net.add(tax).subtract(gross).abs().compareTo(CENT) < 0;
    }

    private static boolean sameSite(LabelledValue a, LabelledValue b) {
        return a.site().page() == b.site().page() && a.site().segment().equals(b.site().segment())
                && a.value().start() + a.site().start() == b.value().start() + b.site().start();
    }

    /** The best scored candidates first; on equal scores the later one first (totals come after subtotals). */
    private static List<LabelledValue> strongest(List<LabelledValue> candidates) {
        List<LabelledValue> sorted = new ArrayList<>();
        for (LabelledValue candidate : candidates) {
            int at = 0;
            while (at < sorted.size() && (sorted.get(at).confidence() > candidate.confidence()
                    || sorted.get(at).confidence() == candidate.confidence()
                    && !LabelledValueReader.isAfter(candidate.site(), sorted.get(at).site()))) {
                at++;
            }
            sorted.add(at, candidate);
        }
        return sorted.subList(0, Math.min(MAX_CANDIDATES, sorted.size()));
    }

    private static Optional<LabelledValue> first(List<LabelledValue> sorted) {
        return sorted.stream().findFirst();
    }

    private static LabelledValue sure(LabelledValue value, double confidence) {
        return new LabelledValue(value.value(), value.site(), Math.max(value.confidence(), confidence));
    }

    private static LabelledValue capped(LabelledValue value) {
        return new LabelledValue(value.value(), value.site(), Math.min(value.confidence(), ALONE));
    }
}
