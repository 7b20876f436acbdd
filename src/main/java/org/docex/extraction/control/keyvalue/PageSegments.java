package org.docex.extraction.control.keyvalue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.Separators;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.text.TextToken;

/**
 * A page's lines split into segments, with each segment's text, made once for all the labels a
 * reader tries: a line's segments and a segment's text are computed anew on every call, and a
 * reader of several languages' labels asks for them hundreds of times per line. Which segments are
 * a net or gross word alone ({@link #isQualifier}) is told once here too, not once per label.
 */
public record PageSegments(PageText page, List<List<TextSegment>> segments, List<List<String>> texts,
                           List<boolean[]> qualifiers) {

    /**
     * A word that qualifies an amount as net or gross, in a column of its own between a label and its
     * amount ("Gesamtsumme   netto   7.900,00"), in the languages read.
     */
    private static final Pattern QUALIFIER = Pattern.compile("\\s*(?:netto|brutto|net|gross|neto|bruto|lordo|h\\.?t\\.?|t\\.?t\\.?c\\.?)\\s*",
            Pattern.CASE_INSENSITIVE);
    /** Longer segments are no such word alone (and are not matched against it). */
    private static final int MAX_QUALIFIER_LENGTH = 12;

    public static PageSegments of(PageText page) {
        List<List<TextSegment>> segments = new ArrayList<>(page.lines().size());
        List<List<String>> texts = new ArrayList<>(page.lines().size());
        List<boolean[]> qualifiers = new ArrayList<>(page.lines().size());
        Matcher qualifier = QUALIFIER.matcher("");
        for (TextLine line : page.lines()) {
            List<TextSegment> lineSegments = atSeparators(line.segments());
            List<String> lineTexts = new ArrayList<>(lineSegments.size());
            boolean[] lineQualifiers = new boolean[lineSegments.size()];
            for (int s = 0; s < lineSegments.size(); s++) {
                String text = lineSegments.get(s).text();
                lineTexts.add(text);
                lineQualifiers[s] = text.length() <= MAX_QUALIFIER_LENGTH && qualifier.reset(text).matches();
            }
            segments.add(lineSegments);
            texts.add(lineTexts);
            qualifiers.add(lineQualifiers);
        }
        return new PageSegments(page, segments, texts, qualifiers);
    }

    /**
     * The segments, each cut where a separator stands alone between its words: a footer's or a
     * letterhead's run of particulars ("Registered in England 04471902 · VAT GB 812 4471 02 · IBAN GB29 ...")
     * is a row of label-value phrases, each of which a label may start.
     */
    private static List<TextSegment> atSeparators(List<TextSegment> segments) {
        List<TextSegment> cut = null;
        for (int s = 0; s < segments.size(); s++) {
            List<TextToken> tokens = segments.get(s).tokens();
            boolean separated = false;
            for (int t = 1; t + 1 < tokens.size() && !separated; t++) {
                separated = Separators.isBullet(tokens.get(t).text());
            }
            if (!separated) {
                if (cut != null) {
                    cut.add(segments.get(s));
                }
                continue;
            }
            if (cut == null) {
                cut = new ArrayList<>(segments.subList(0, s));
            }
            List<TextToken> part = new ArrayList<>();
            for (TextToken token : tokens) {
                if (Separators.isBullet(token.text())) {
                    if (!part.isEmpty()) {
                        cut.add(new TextSegment(part));
                    }
                    part = new ArrayList<>();
                } else {
                    part.add(token);
                }
            }
            if (!part.isEmpty()) {
                cut.add(new TextSegment(part));
            }
        }
        return cut == null ? segments : cut;
    }

    /** Whether segment {@code segment} of line {@code line} is a net or gross word alone ("netto", "brutto", "HT", "TTC"). */
    public boolean isQualifier(int line, int segment) {
        return qualifiers.get(line)[segment];
    }
}
