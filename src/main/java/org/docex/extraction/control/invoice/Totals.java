package org.docex.extraction.control.invoice;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.docex.extraction.control.keyvalue.LabelledValue;
import org.docex.extraction.control.keyvalue.LabelledValueReader;

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
    private static final int MAX_CANDIDATES = 12;
    private static final BigDecimal CENT = new BigDecimal("0.01");

    record Chosen(Optional<LabelledValue> total, Optional<LabelledValue> subtotal, Optional<LabelledValue> tax,
                  boolean addsUp) {
    }

    private Totals() {
    }

    static Chosen choose(List<LabelledValue> totals, List<LabelledValue> subtotals, List<LabelledValue> taxes) {
        List<LabelledValue> total = strongest(totals);
        List<LabelledValue> subtotal = strongest(subtotals);
        List<LabelledValue> tax = strongest(taxes);
        LabelledValue[] best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (LabelledValue gross : total) {
            for (LabelledValue net : subtotal) {
                for (LabelledValue vat : tax) {
                    if (addsUp(net, vat, gross) && !sameSite(net, gross) && !sameSite(vat, gross) && !sameSite(net, vat)) {
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
                    Optional.of(sure(best[2], ADDS_UP)), true);
        }
        return new Chosen(first(total).map(Totals::capped), first(subtotal).map(Totals::capped),
                first(tax).map(Totals::capped), false);
    }

    private static boolean addsUp(LabelledValue net, LabelledValue vat, LabelledValue gross) {
        try {
            BigDecimal sum = new BigDecimal(net.value().value()).add(new BigDecimal(vat.value().value()));
            BigDecimal total = new BigDecimal(gross.value().value());
            return total.signum() != 0 && sum.subtract(total).abs().compareTo(CENT) < 0;
        } catch (NumberFormatException e) {
            return false;
        }
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
