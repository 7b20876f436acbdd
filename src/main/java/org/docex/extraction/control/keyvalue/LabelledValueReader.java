package org.docex.extraction.control.keyvalue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.values.ParsedValue;

/**
 * Reads the best value for a field that several labels may introduce. A site counts only if a
 * value of the wanted type starts there; the score is the layout's clarity times the reading's
 * certainty, less a little for each rank a label sits below the most specific one.
 */
public final class LabelledValueReader {

    static final double PENALTY_PER_RANK = 0.05;
    private static final double SAME_ROW_TOLERANCE = 2.0;

    private final List<RankedLabel> labels = new ArrayList<>();
    private final Function<String, Optional<ParsedValue>> parser;
    private final boolean preferLast;

    /**
     * @param parser reads a value at the start of the text it is given
     * @param preferLast on equal scores take the last occurrence (totals come after subtotals)
     */
    public LabelledValueReader(Function<String, Optional<ParsedValue>> parser, boolean preferLast) {
        this.parser = parser;
        this.preferLast = preferLast;
    }

    /** Adds labels, given as regular expressions, of rank 1 (most specific) or more. */
    public LabelledValueReader label(int rank, String... regexes) {
        for (String regex : regexes) {
            labels.add(new RankedLabel(new LabelledValueLocator(regex), rank));
        }
        return this;
    }

    public LabelledValueReader label(LabelledValueLocator locator) {
        labels.add(new RankedLabel(locator, 1));
        return this;
    }

    /** Adds labels of rank 1 (most specific) or more, as {@link #label(int, String...)} does. */
    public LabelledValueReader label(int rank, List<String> regexes) {
        return label(rank, regexes.toArray(String[]::new));
    }

    public Optional<LabelledValue> best(List<PageText> pages) {
        LabelledValue best = null;
        for (LabelledValue candidate : candidates(pages)) {
            if (best == null || candidate.confidence() > best.confidence() || preferLast
                    && candidate.confidence() == best.confidence() && isAfter(candidate.site(), best.site())) {
                best = candidate;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Every value a label introduces, in the order of pages and labels, each with its score. */
    public List<LabelledValue> candidates(List<PageText> pages) {
        List<LabelledValue> candidates = new ArrayList<>();
        for (PageText page : pages) {
            PageSegments segments = PageSegments.of(page);
            for (RankedLabel label : labels) {
                for (ValueSite site : label.locator().sites(segments, preferLast)) {
                    Optional<ParsedValue> value = parser.apply(site.text());
                    if (value.isPresent()) {
                        double score = site.layoutConfidence() * value.get().certainty()
                                - PENALTY_PER_RANK * (label.rank() - 1);
                        candidates.add(new LabelledValue(value.get(), site, score));
                    }
                }
            }
        }
        return candidates;
    }

    /** Whether {@code site} comes after {@code other} in reading order: a later page, lower, or to the right. */
    public static boolean isAfter(ValueSite site, ValueSite other) {
        if (site.page() != other.page()) {
            return site.page() > other.page();
        }
        double drop = site.segment().box().y0() - other.segment().box().y0();
        if (Math.abs(drop) > SAME_ROW_TOLERANCE) {
            return drop > 0;
        }
        return site.segment().box().x0() > other.segment().box().x0();
    }

    private record RankedLabel(LabelledValueLocator locator, int rank) {
    }
}
