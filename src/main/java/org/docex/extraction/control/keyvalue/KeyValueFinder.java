package org.docex.extraction.control.keyvalue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.values.LegalForm;

/**
 * Discovers "label: value" pairs on a page without knowing the labels. It accepts a pair only
 * when the layout says so clearly: a colon, or a short label beside or above text that looks
 * like data, so that prose and table headings do not become fields.
 */
public final class KeyValueFinder {

    private static final Pattern PARENTHESIS = Pattern.compile("\\([^)]{0,30}\\)");
    private static final Pattern PERCENT = Pattern.compile("\\d{1,2}(?:[.,]\\d{1,2})?\\s*%");
    private static final double ALIGNED = 2.0;
    private static final double FAR_IN_FONT_SIZES = 15;

    private KeyValueFinder() {
    }

    public static List<KeyValuePair> find(PageText page) {
        List<KeyValuePair> pairs = new ArrayList<>();
        List<TextLine> lines = page.lines();
        Set<TextSegment> formValues = formColumnValues(lines);
        for (int l = 0; l < lines.size(); l++) {
            List<TextSegment> segments = lines.get(l).segments();
            if (segments.size() == 2 && formValues.contains(segments.get(1))) {
                pairs.add(new KeyValuePair(segments.get(0).text(), new ValueSite(segments.get(1), 0,
                        LabelledValueLocator.NEXT_COLUMN, page.pageNumber())));
                continue;
            }
            int s = 0;
            while (s < segments.size()) {
                s += pairAt(pairs, page.pageNumber(), lines, l, segments, s);
            }
        }
        return pairs;
    }

    /**
     * The values of a form laid out in two columns without colons ("Name  Mustermann", "Geburtsdatum
     * 12.03.1980"): rows of a label and one phrase, the labels at one left edge and the phrases at
     * another, at least three rows, at least half of whose phrases are data by their look (a date, an
     * amount, an IBAN). Their word values ("Mustermann") count too, which alone would read as labels.
     */
    private static Set<TextSegment> formColumnValues(List<TextLine> lines) {
        Map<String, List<TextSegment>> columns = new HashMap<>();
        Map<String, Integer> typed = new HashMap<>();
        for (TextLine line : lines) {
            List<TextSegment> segments = line.segments();
            if (segments.size() != 2) {
                continue;
            }
            TextSegment label = segments.get(0);
            TextSegment value = segments.get(1);
            if (!isHeading(label.text()) || labelColon(label.text()) >= 0 || labelColon(value.text()) >= 0
                    || value.text().strip().endsWith(":") || LegalForm.PATTERN.matcher(label.text()).find()) {
                continue;
            }
            String key = Math.round(label.box().x0() / ALIGNED) + "/" + Math.round(value.box().x0() / ALIGNED);
            columns.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
            if (LabelText.isValueLike(value.text())) {
                typed.merge(key, 1, Integer::sum);
            }
        }
        Set<TextSegment> values = new HashSet<>();
        columns.forEach((key, column) -> {
            if (column.size() >= 3 && 2 * typed.getOrDefault(key, 0) >= column.size()) {
                values.addAll(column);
            }
        });
        return values;
    }

    /** Adds the pair that starts at segment {@code s}, if any, and says how many segments it used. */
    private static int pairAt(List<KeyValuePair> pairs, int page, List<TextLine> lines, int l,
                              List<TextSegment> segments, int s) {
        TextSegment segment = segments.get(s);
        String text = segment.text();
        int colon = labelColon(text);
        boolean hasNext = s + 1 < segments.size();
        if (colon > 0) {
            String label = text.substring(0, colon);
            int valueStart = skipSpaces(text, colon + 1);
            if (valueStart < text.length()) {
                pairs.add(new KeyValuePair(label, new ValueSite(segment, valueStart,
                        LabelledValueLocator.SAME_LINE_WITH_COLON, page)));
                return 1;
            }
            TextSegment below = PageLayout.segmentBelow(lines, l, segment);
            // A far-away phrase on the line loses to what is below, unless that is the next label ("Name:" over "Vorname:").
            boolean belowIsLabel = below != null && labelColon(below.text()) >= 0;
            if (hasNext && labelColon(segments.get(s + 1).text()) < 0
                    && !(below != null && !belowIsLabel && farApart(segment, segments.get(s + 1)))) {
                pairs.add(new KeyValuePair(label, new ValueSite(segments.get(s + 1), 0,
                        LabelledValueLocator.NEXT_COLUMN_WITH_COLON, page)));
                return 2;
            }
            if (below != null && labelColon(below.text()) < 0 && !LabelText.isLabelLike(below.text())) {
                pairs.add(new KeyValuePair(label, new ValueSite(below, 0, LabelledValueLocator.BELOW_WITH_COLON, page)));
            }
            return 1;
        }
        if (!LabelText.isLabelLike(text) || LabelText.isValueLike(text)) {
            return 1;
        }
        if (LegalForm.PATTERN.matcher(text).find()) {
            // A company's name is not a label.
            return 1;
        }
        if (hasNext && isData(segments.get(s + 1).text())) {
            pairs.add(new KeyValuePair(text, new ValueSite(segments.get(s + 1), 0, LabelledValueLocator.NEXT_COLUMN,
                    page)));
            return 2;
        }
        if ((!hasNext && s == 0 || allLabels(segments)) && !startsABlock(lines, l, segment)) {
            // The first line of a block (a name over its address) is not a label of the line below.
            TextSegment below = PageLayout.segmentBelow(lines, l, segment);
            if (below != null && isData(below.text()) && labelColon(below.text()) < 0) {
                pairs.add(new KeyValuePair(text, new ValueSite(below, 0, LabelledValueLocator.BELOW, page)));
            }
        }
        return 1;
    }

    /** The colon that ends a label: not inside a time (10:30) or a link (https://), with a label before it. */
    static int labelColon(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0) {
            return -1;
        }
        boolean betweenDigits = Character.isDigit(text.charAt(colon - 1))
                && colon + 1 < text.length() && Character.isDigit(text.charAt(colon + 1));
        boolean link = text.startsWith("//", colon + 1);
        return betweenDigits || link || !LabelText.isLabelLike(text.substring(0, colon)) ? -1 : colon;
    }

    /**
     * Text that can be a value: not a heading, not a label of its own ("Invoice No: 12" or "VAT (19%):"
     * beside a company's name is that label's pair, not the name's value).
     */
    private static boolean isData(String text) {
        return !isHeading(text) && labelColon(text) < 0 && !text.strip().endsWith(":")
                && (LabelText.isValueLike(text) || !LabelText.isLabelLike(text) && text.length() <= 200);
    }

    private static boolean allLabels(List<TextSegment> segments) {
        return segments.stream().allMatch(segment -> isHeading(segment.text()) && labelColon(segment.text()) < 0);
    }

    /** A label, its digits in a parenthesis or a percentage at most: "Tax (19%)" heads a column as "Tax" does. */
    private static boolean isHeading(String text) {
        String words = PERCENT.matcher(PARENTHESIS.matcher(text).replaceAll(" ")).replaceAll(" ").strip();
        return LabelText.isLabelLike(words) && !LabelText.isValueLike(words);
    }

    // The phrase and the two below it share their left or their right edge, one under the other: a block such as an address.
    private static boolean startsABlock(List<TextLine> lines, int l, TextSegment first) {
        TextSegment second = PageLayout.segmentBelow(lines, l, first);
        if (second == null || !aligned(first, second)) {
            return false;
        }
        int secondLine = lineOf(lines, l, second);
        TextSegment third = secondLine < 0 ? null : PageLayout.segmentBelow(lines, secondLine, second);
        // A name set larger than its address heads a block however it is spaced.
        return third != null && aligned(second, third)
                && (first.fontSize() > second.fontSize() + 0.5 || evenlySpaced(first, second, third));
    }

    /**
     * The lines of an address are set at one spacing; labels stacked over their values in their size
     * or smaller ("Name" / "Mustermann" / "Vorname" / "Max") leave more room before the next label
     * than under each.
     */
    private static boolean evenlySpaced(TextSegment first, TextSegment second, TextSegment third) {
        double upper = second.box().y0() - first.box().y0();
        double lower = third.box().y0() - second.box().y0();
        return Math.abs(upper - lower) <= 0.35 * Math.max(upper, lower);
    }

    private static boolean aligned(TextSegment upper, TextSegment lower) {
        return Math.abs(upper.box().x0() - lower.box().x0()) <= ALIGNED || Math.abs(upper.box().x1() - lower.box().x1()) <= ALIGNED;
    }

    private static int lineOf(List<TextLine> lines, int from, TextSegment segment) {
        for (int i = from + 1; i < lines.size() && i <= from + 4; i++) {
            if (lines.get(i).segments().contains(segment)) {
                return i;
            }
        }
        return -1;
    }

    // The next phrase on the line is further away than a column's usual distance from its label.
    private static boolean farApart(TextSegment label, TextSegment next) {
        return next.box().x0() - label.box().x1() > FAR_IN_FONT_SIZES * Math.max(1, label.fontSize());
    }

    private static int skipSpaces(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }
}
