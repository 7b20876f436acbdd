package org.docex.extraction.control.invoice;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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

    record Chosen(Optional<LabelledValue> total, Optional<LabelledValue> subtotal, Optional<ExtractedField> tax,
                  boolean addsUp) {
    }

    private Totals() {
    }

    static Chosen choose(List<LabelledValue> totals, List<LabelledValue> subtotals, List<LabelledValue> taxes) {
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
        LabelledValue[] best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (LabelledValue gross : total) {
            for (LabelledValue net : subtotal) {
                for (LabelledValue vat : tax) {
                    // A "Total" taken for the net agrees with any total when the tax is nil: that proves nothing.
                    boolean trivial = fromTotals.contains(net) && isZero(vat);
                    if (!trivial && addsUp(net, vat, gross) && !sameSite(net, gross) && !sameSite(vat, gross) && !sameSite(net, vat)) {
                        double score = gross.confidence() + net.confidence() + vat.confidence();
                        if (score > bestScore) {
                            best = new LabelledValue[] {gross, net, vat};
                            bestScore = score;
                        }
                    }
                }
            }
        }
        if (best != null) {
            return new Chosen(Optional.of(sure(best[0], ADDS_UP)), Optional.of(sure(best[1], ADDS_UP)),
                    Optional.of(taxField(sure(best[2], ADDS_UP))), true);
        }
        Optional<Chosen> split = withTaxesSummed(total, subtotal, tax);
        if (split.isPresent()) {
            return split.get();
        }
        return new Chosen(first(total).map(Totals::capped), first(strongest(subtotals)).map(Totals::capped),
                first(tax).map(Totals::capped).map(Totals::taxField), false);
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
