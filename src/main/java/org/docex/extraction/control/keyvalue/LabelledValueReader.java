package org.docex.extraction.control.keyvalue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
    private volatile Pattern any;

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
        any = null;
        return this;
    }

    public LabelledValueReader label(LabelledValueLocator locator) {
        labels.add(new RankedLabel(locator, 1));
        any = null;
        return this;
    }

    /** Adds labels of rank 1 (most specific) or more, as {@link #label(int, String...)} does. */
    public LabelledValueReader label(int rank, List<String> regexes) {
        return label(rank, regexes.toArray(String[]::new));
    }

    public Optional<LabelledValue> best(List<PageText> pages) {
        return bestOf(candidates(pages));
    }

    /** The best of candidates this reader has already found, for a caller that needs them all as well. */
    public Optional<LabelledValue> bestOf(List<LabelledValue> candidates) {
        LabelledValue best = null;
        for (LabelledValue candidate : candidates) {
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
        Pattern any = prefilter();
        for (PageText page : pages) {
            PageSegments segments = PageSegments.of(page);
            boolean[][] mayMatch = mayMatch(segments, any);
            for (RankedLabel label : labels) {
                for (ValueSite site : label.locator().sites(segments, preferLast, mayMatch)) {
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

    /**
     * All the reader's labels in one expression, tried once on each phrase before each label is:
     * a phrase that starts with none of them (nearly all of a page's) is passed over at once. Every
     * phrase a label matches at its start also matches this alternation there, so nothing is lost.
     * Built on first use, once: the readers are shared.
     */
    private Pattern prefilter() {
        Pattern built = any;
        if (built == null) {
            StringBuilder alternation = new StringBuilder();
            for (RankedLabel label : labels) {
                alternation.append(alternation.isEmpty() ? "" : "|").append("(?:").append(label.locator().regex()).append(')');
            }
            built = Pattern.compile("\\s*" + LabelledValueLocator.FOOTNOTE_MARK + LabelledValueLocator.OTHER_LANGUAGE_FIRST
                    + "(?:" + alternation + ")",
                    Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
            any = built;
        }
        return built;
    }

    private static boolean[][] mayMatch(PageSegments page, Pattern any) {
        boolean[][] marks = new boolean[page.texts().size()][];
        Matcher matcher = any.matcher("");
        for (int l = 0; l < marks.length; l++) {
            List<String> texts = page.texts().get(l);
            marks[l] = new boolean[texts.size()];
            for (int s = 0; s < texts.size(); s++) {
                marks[l][s] = matcher.reset(texts.get(s)).lookingAt();
            }
        }
        return marks;
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
