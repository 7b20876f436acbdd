package org.docex.extraction.control.keyvalue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.values.AmountParser;
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
            List<TextSegment> lineSegments = afterAmounts(atSeparators(line.segments()));
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

    /** An amount with its cents, as a token: "7,18", "1.907,88", "-12.00", "(5.00)" (a day and month, "30.04", look alike). */
    private static final Pattern MONEY_TOKEN = Pattern.compile("\\(?-?\\d{1,3}(?:[.,'\u00A0]\\d{3})*[.,]\\d{2}\\)?");
    private static final Pattern CURRENCY_TOKEN = Pattern.compile("(?:" + AmountParser.CURRENCY + "|HRK|BGN|RSD|Euro|kn)[.:]?",
            Pattern.CASE_INSENSITIVE);
    private static final int MAX_LABEL_WORDS = 2;

    /**
     * The segments, each cut after an amount where another label and its amount follow: a till's
     * summary in one run ("Mwst: 20% 7,18 Netto 35,92 Brut. 43,10") is three label-value phrases, each
     * of which a label may start, also where its columns part each amount from its label and join it
     * to the next ("Mwst: 20%" | "7,18 Netto" | "35,92 Brut." | "43,10"). A currency after the amount stays
     * with it, the cut coming after the currency ("Netto 35,92 EUR" | "MwSt 7,18 EUR").
     */
    private static List<TextSegment> afterAmounts(List<TextSegment> segments) {
        List<TextSegment> cut = null;
        for (int s = 0; s < segments.size(); s++) {
            List<TextToken> tokens = segments.get(s).tokens();
            List<TextSegment> parts = null;
            int from = 0;
            boolean moneyNext = s + 1 < segments.size() && MONEY_TOKEN.matcher(segments.get(s + 1).tokens().get(0).text()).matches();
            // An amount alone before a short label ("7,18 Netto" | "35,92 Brut."), after another cell of the row.
            boolean amountBeforeLabel = s > 0 && moneyNext && tokens.size() <= MAX_LABEL_WORDS + 1;
            for (int t = 0; t + 1 < tokens.size(); t++) {
                if (!MONEY_TOKEN.matcher(tokens.get(t).text()).matches()) {
                    continue;
                }
                int end = t + 1 < tokens.size() && CURRENCY_TOKEN.matcher(tokens.get(t + 1).text()).matches() ? t + 2 : t + 1;
                if (end < tokens.size() && startsWord(tokens.get(end).text())
                        && (t == 0 ? amountBeforeLabel : hasLetters(tokens, from, t)) && (moneyNext || hasMoney(tokens, end + 1))) {
                    parts = parts == null ? new ArrayList<>() : parts;
                    parts.add(new TextSegment(tokens.subList(from, end)));
                    from = end;
                }
            }
            if (parts == null) {
                if (cut != null) {
                    cut.add(segments.get(s));
                }
                continue;
            }
            parts.add(new TextSegment(tokens.subList(from, tokens.size())));
            if (cut == null) {
                cut = new ArrayList<>(segments.subList(0, s));
            }
            cut.addAll(parts);
        }
        return cut == null ? segments : cut;
    }

    private static boolean startsWord(String token) {
        return Character.isLetter(token.charAt(0)) && !CURRENCY_TOKEN.matcher(token).matches();
    }

    private static boolean hasLetters(List<TextToken> tokens, int from, int to) {
        for (int t = from; t < to; t++) {
            if (tokens.get(t).text().chars().anyMatch(Character::isLetter)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasMoney(List<TextToken> tokens, int from) {
        for (int t = from; t < tokens.size(); t++) {
            if (MONEY_TOKEN.matcher(tokens.get(t).text()).matches()) {
                return true;
            }
        }
        return false;
    }

    /** Whether segment {@code segment} of line {@code line} is a net or gross word alone ("netto", "brutto", "HT", "TTC"). */
    public boolean isQualifier(int line, int segment) {
        return qualifiers.get(line)[segment];
    }
}
