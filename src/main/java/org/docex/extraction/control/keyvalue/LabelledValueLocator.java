package org.docex.extraction.control.keyvalue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.values.AmountParser;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.DateParser;
import org.docex.extraction.control.values.Vocabulary;

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
    static final double END_OF_ROW = 0.65;
    static final double AMOUNT_AT_ROW_END = 0.5;
    /** Under a column head of a header row, between its neighbours: a tax summary's "Netto  MwSt.  Brutto". */
    static final double COLUMN_BELOW = 0.55;
    private static final int MIN_HEADS_IN_ROW = 3;
    /** How many further amounts under a column head are offered (a tax breakdown's rows and their sum), each a little less sure. */
    private static final int MAX_ROWS_IN_COLUMN = 5;
    private static final double NEXT_ROW_IN_COLUMN = 0.02;
    /** Money: an amount with its cents ("5,00", "1.907,88 €"), not a column of numbers or positions ("1", "2"). */
    public static final Pattern CENTS = Pattern.compile("\\d[.,]\\d{2}(?!\\d)(?:\\s?\\S{1,3})?\\s*$");
    // An amount that ends a phrase: a sign or code, digits grouped or not, decimals, a sign or code after.
    private static final Pattern TRAILING_AMOUNT = Pattern.compile(
            "(?<![\\d.,])(?:" + AmountParser.CURRENCY + "\\s?)?-?\\d{1,3}(?:[ .,'\u00A0\u202F]\\d{3})*(?:[.,]\\d{1,2})?"
                    + "(?:\\s?" + AmountParser.CURRENCY + ")?\\s*$");
    private static final Pattern PREPOSITION = Pattern.compile("\\s*\\p{L}{1,6}\\.?\\s+");
    // What may stand between a label and the row's amount: "in", a currency ("Tax in EUR", "Total (EUR)", "Amount due in AUD").
    private static final Pattern CURRENCY_NOTE = Pattern.compile(
            "\\s*(?:in|en)?\\s*\\(?\\s*(?:[A-Z]{3}|" + AmountParser.CURRENCY + ")?\\s*\\)?\\s*[:：]?\\s*");

    /** A footnote's mark before a label ("* GST (10%):", "† Versandkosten"): the label is read after it. */
    static final String FOOTNOTE_MARK = "(?:[*†‡]+\\s*)?";
    /**
     * The label in another language and a slash set apart before it, as bilingual prints write their
     * labels ("SVEUKUPNO / GRAND TOTAL", "Datum / Date", "RACUN / INVOICE"): the label is read after it.
     * A slash without spaces joins two heads of one column ("Netto/Brutto", "Menge/Betrag"), which stay
     * as they are.
     */
    static final String OTHER_LANGUAGE_FIRST = "(?:\\p{L}[\\p{L}.]{1,24}\\s/\\s)?";

    private final Pattern label;
    private final String labelRegex;

    /** {@code labelRegex} matches the label at the start of a segment, case-insensitively. */
    public LabelledValueLocator(String labelRegex) {
        this.labelRegex = Vocabulary.foldAccents(labelRegex);
        this.label = Pattern.compile("\\s*" + FOOTNOTE_MARK + OTHER_LANGUAGE_FIRST + "(?:" + Vocabulary.foldAccents(labelRegex) + ")(?![\\p{L}\\d])\\s*(?:\\([^)]{0,30}\\))?\\s*(?<colon>[:：])?\\s*",
                Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    /**
     * Whether the text after a label only qualifies the amount at the end of the row: a currency
     * ("Tax in EUR", "Total (EUR)") or a date ("Amount due on 3 August 2014", "Fällig am 04.04.2018").
     */
    private static boolean isNoteBeforeAmount(String text, int from) {
        if (CURRENCY_NOTE.matcher(text).region(from, text.length()).matches()) {
            return true;
        }
        Matcher word = PREPOSITION.matcher(text).region(from, text.length());
        int dateStart = word.lookingAt() ? word.end() : from;
        return DateParser.atStart(text, dateStart, DateOrder.DAY_FIRST)
                .filter(date -> text.substring(date.end()).strip().replace(":", "").isEmpty()).isPresent();
    }

    /** Where the value starts in a segment that begins with a colon (after it and its spaces), else 0. */
    private static int colonAtStart(String text) {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        if (i == text.length() || text.charAt(i) != ':' && text.charAt(i) != '：') {
            return 0;
        }
        i++;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
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
        return sites(PageSegments.of(page));
    }

    public List<ValueSite> sites(PageSegments page) {
        return sites(page, false);
    }

    /**
     * The sites of the label's values; with {@code amountAtRowEnd} also the amount that ends the
     * label's row, wherever it stands: OCR joins a row into one phrase ("Total 1 NOS 2,928.00") and
     * totals rows put quantities and notes between label and amount. Such a site is the least sure
     * of all; the totals are then chosen by what adds up.
     */
    public List<ValueSite> sites(PageSegments page, boolean amountAtRowEnd) {
        return sites(page, amountAtRowEnd, null);
    }

    /** The label's expression as matched at a phrase's start, accents folded: for a reader's prefilter. */
    String regex() {
        return labelRegex;
    }

    /** As {@link #sites(PageSegments, boolean)}, trying only the segments {@code mayMatch} marks (all where null). */
    List<ValueSite> sites(PageSegments page, boolean amountAtRowEnd, boolean[][] mayMatch) {
        List<ValueSite> sites = new ArrayList<>();
        List<TextLine> lines = page.page().lines();
        Matcher matcher = label.matcher("");
        for (int l = 0; l < lines.size(); l++) {
            List<TextSegment> segments = page.segments().get(l);
            List<String> texts = page.texts().get(l);
            for (int s = 0; s < segments.size(); s++) {
                // A net or gross word in the next column is part of the label (PageSegments.isQualifier).
                boolean qualified = s + 2 < segments.size() && page.isQualifier(l, s + 1);
                if (!qualified && mayMatch != null && !mayMatch[l][s] || isQualifierInRow(page, l, s)) {
                    continue;
                }
                if (qualified) {
                    // "Gesamtsumme | netto | 7.900,00": the label goes on in the next column, before more of the row
                    // (not a row of heads ending "TVA | TTC"). Its sites are after the qualifier where this label
                    // takes it in ("Gesamtsumme brutto"); none where it does not (the qualifier makes it another
                    // field's label).
                    String joined = texts.get(s) + " " + texts.get(s + 1).strip();
                    Matcher whole = label.matcher(joined);
                    if (whole.lookingAt() && whole.end() == joined.length()) {
                        addSites(sites, page.page().pageNumber(), lines, l, segments, s + 1, texts.get(s + 1).length(), false);
                        if (amountAtRowEnd) {
                            addRowEndAmount(sites, page.page().pageNumber(), segments, s + 1, texts.get(s + 1).length());
                        }
                    }
                    continue;
                }
                matcher.reset(texts.get(s));
                if (matcher.lookingAt()) {
                    addSites(sites, page.page().pageNumber(), lines, l, segments, s, matcher.end(), matcher.group("colon") != null);
                    if (amountAtRowEnd) {
                        addRowEndAmount(sites, page.page().pageNumber(), segments, s, matcher.end());
                    }
                }
            }
        }
        return sites;
    }

    private static void addRowEndAmount(List<ValueSite> sites, int page, List<TextSegment> segments, int labelSegment, int labelEnd) {
        TextSegment last = segments.get(segments.size() - 1);
        String text = last.text();
        Matcher amount = TRAILING_AMOUNT.matcher(text);
        if (!amount.find()) {
            return;
        }
        int start = amount.start();
        boolean afterLabel = segments.size() - 1 > labelSegment || start > labelEnd;
        boolean known = sites.stream().anyMatch(site -> site.segment() == last && site.start() == start);
        if (afterLabel && !known) {
            sites.add(new ValueSite(last, start, AMOUNT_AT_ROW_END, page));
        }
    }

    /**
     * Whether segment {@code s} is a qualifier between a label and its amount ("Rundungsbetrag | brutto |
     * 210,00"): part of the label before it, never a label ("Brutto") of its own. A head of a header row
     * has no amount after it on its row.
     */
    private static boolean isQualifierInRow(PageSegments page, int line, int s) {
        List<String> texts = page.texts().get(line);
        return s > 0 && s + 1 < texts.size() && page.isQualifier(line, s)
                && texts.get(s - 1).chars().anyMatch(Character::isLetter) && texts.get(s + 1).chars().anyMatch(Character::isDigit);
    }

    /** The sites of a label that ends at {@code end} of segment {@code segmentIndex}, with a colon or not. */
    private static void addSites(List<ValueSite> sites, int page, List<TextLine> lines, int lineIndex,
                                 List<TextSegment> segments, int segmentIndex, int end, boolean colon) {
        TextSegment segment = segments.get(segmentIndex);
        if (end < segment.text().length()) {
            // Text after the label: the value follows on the same line, or the label is really a
            // longer one ("Summe" in "Summe netto") whose value is not this field's.
            sites.add(new ValueSite(segment, end, colon ? SAME_LINE_WITH_COLON : SAME_LINE, page));
            if (segmentIndex + 1 < segments.size() && isNoteBeforeAmount(segment.text(), end)) {
                sites.add(new ValueSite(segments.get(segments.size() - 1), 0, END_OF_ROW, page));
            }
            if (!colon && CURRENCY_NOTE.matcher(segment.text()).region(end, segment.text().length()).matches()) {
                // A column head with its currency ("MwSt. EUR"): the amount stands under it.
                addColumnSite(sites, page, lines, lineIndex, segments, segmentIndex,
                        PageLayout.segmentBelow(lines, lineIndex, segment));
            }
            return;
        }
        if (segmentIndex + 1 < segments.size()) {
            // Colons aligned in a column of their own start the value's segment: "Currency      : EUR".
            TextSegment next = segments.get(segmentIndex + 1);
            int start = colonAtStart(next.text());
            sites.add(new ValueSite(next, start, colon || start > 0 ? NEXT_COLUMN_WITH_COLON : NEXT_COLUMN, page));
        }
        if (segmentIndex + 2 < segments.size()) {
            // The last column of the row: totals blocks put a word or a currency between the label and the amount
            // ("Tax in EUR   37.62").
            sites.add(new ValueSite(segments.get(segments.size() - 1), 0, END_OF_ROW, page));
        }
        TextSegment below = PageLayout.segmentBelow(lines, lineIndex, segment);
        if (below != null) {
            sites.add(new ValueSite(below, 0, colon ? BELOW_WITH_COLON : BELOW, page));
            if (!colon) {
                addFurtherDown(sites, page, lines, lineIndex, segments, below, BELOW);
            }
        } else if (!colon) {
            addColumnSite(sites, page, lines, lineIndex, segments, segmentIndex, null);
        }
    }

    /** The value under a head of a header row: {@code below} where one overlaps the head, else the one in its column. */
    private static void addColumnSite(List<ValueSite> sites, int page, List<TextLine> lines, int lineIndex,
                                      List<TextSegment> segments, int segmentIndex, TextSegment below) {
        if (segments.size() < MIN_HEADS_IN_ROW) {
            return;
        }
        TextSegment inColumn = below != null ? below : PageLayout.segmentInColumnBelow(lines, lineIndex, segments, segmentIndex);
        if (inColumn == null) {
            inColumn = PageLayout.cellInRowBelow(lines, lineIndex, segments, segmentIndex);
        }
        if (inColumn != null) {
            sites.add(new ValueSite(inColumn, 0, COLUMN_BELOW, page));
            addFurtherDown(sites, page, lines, lineIndex, segments, inColumn, COLUMN_BELOW);
        }
    }

    /**
     * Under a head of a header row, a column of amounts goes on below {@code first} (an amount itself) in
     * amounts with cents: a tax breakdown's row per rate, and maybe the row of their sums; not a column
     * of positions ("1", "2") under a number's head. Each further amount is a site a little less sure
     * than the one above it.
     */
    private static void addFurtherDown(List<ValueSite> sites, int page, List<TextLine> lines, int headLine,
                                       List<TextSegment> heads, TextSegment first, double confidence) {
        if (heads.size() < MIN_HEADS_IN_ROW || !TRAILING_AMOUNT.matcher(first.text()).find()) {
            return;
        }
        double next = confidence;
        for (TextSegment cell : PageLayout.amountsFurtherDown(lines, headLine, first, CENTS, MAX_ROWS_IN_COLUMN)) {
            next -= NEXT_ROW_IN_COLUMN;
            sites.add(new ValueSite(cell, 0, next, page));
        }
    }
}
