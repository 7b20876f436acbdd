package org.docex.extraction.control.keyvalue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;

/**
 * Finds where the value of a known label is written: after it on the same line, in the next
 * column, or under it. The caller decides which site holds a value of the type it wants.
 */
public final class LabelledValueLocator {

    static final double SAME_LINE_WITH_COLON = 0.9;
    static final double SAME_LINE = 0.8;
    static final double NEXT_COLUMN_WITH_COLON = 0.85;
    static final double NEXT_COLUMN = 0.7;
    static final double BELOW_WITH_COLON = 0.65;
    static final double BELOW = 0.6;

    private final Pattern label;

    /** {@code labelRegex} matches the label at the start of a segment, case-insensitively. */
    public LabelledValueLocator(String labelRegex) {
        this.label = Pattern.compile("\\s*(?:" + withoutUmlautsToo(labelRegex) + ")(?![\\p{L}\\d])\\s*(?:\\([^)]{0,30}\\))?\\s*(?<colon>[:：])?\\s*",
                Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    /** An umlaut in a label also matches its plain letter or its spelling with e: OCR and ASCII typing drop them ("Fallig am"). */
    private static String withoutUmlautsToo(String regex) {
        return regex.replace("ä", "(?:ä|ae|a)").replace("ö", "(?:ö|oe|o)").replace("ü", "(?:ü|ue|u)");
    }

    /** A locator for a label as a person typed it: its words in order, any spacing and case. */
    public static LabelledValueLocator forLabelText(String text) {
        String[] words = LabelText.withoutTrailingColon(text).split("\\s+");
        List<String> quoted = new ArrayList<>();
        for (String word : words) {
            quoted.add(quoted(word));
        }
        return new LabelledValueLocator(String.join("\\s*", quoted));
    }

    // The word taken literally, except that its umlauts stay outside the quoting, where the
    // constructor gives them their plain spellings too.
    private static String quoted(String word) {
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (char c : word.toCharArray()) {
            char lower = Character.toLowerCase(c);
            if (lower == 'ä' || lower == 'ö' || lower == 'ü') {
                if (!literal.isEmpty()) {
                    regex.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                regex.append(lower);
            } else {
                literal.append(c);
            }
        }
        if (!literal.isEmpty()) {
            regex.append(Pattern.quote(literal.toString()));
        }
        return regex.toString();
    }

    public List<ValueSite> sites(PageText page) {
        List<ValueSite> sites = new ArrayList<>();
        List<TextLine> lines = page.lines();
        for (int l = 0; l < lines.size(); l++) {
            List<TextSegment> segments = lines.get(l).segments();
            for (int s = 0; s < segments.size(); s++) {
                TextSegment segment = segments.get(s);
                Matcher matcher = label.matcher(segment.text());
                if (matcher.lookingAt()) {
                    addSites(sites, page.pageNumber(), lines, l, segments, s, matcher);
                }
            }
        }
        return sites;
    }

    private static void addSites(List<ValueSite> sites, int page, List<TextLine> lines, int lineIndex,
                                 List<TextSegment> segments, int segmentIndex, Matcher matcher) {
        TextSegment segment = segments.get(segmentIndex);
        boolean colon = matcher.group("colon") != null;
        if (matcher.end() < segment.text().length()) {
            // Text after the label: the value follows on the same line, or the label is really a
            // longer one ("Summe" in "Summe netto") whose value is not this field's.
            sites.add(new ValueSite(segment, matcher.end(), colon ? SAME_LINE_WITH_COLON : SAME_LINE, page));
            return;
        }
        if (segmentIndex + 1 < segments.size()) {
            sites.add(new ValueSite(segments.get(segmentIndex + 1), 0, colon ? NEXT_COLUMN_WITH_COLON : NEXT_COLUMN,
                    page));
        }
        TextSegment below = PageLayout.segmentBelow(lines, lineIndex, segment);
        if (below != null) {
            sites.add(new ValueSite(below, 0, colon ? BELOW_WITH_COLON : BELOW, page));
        }
    }
}
