package org.docex.extraction.control.values;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How to read a numeric date whose day and month could be swapped (03/04/2026). A document is
 * read one way throughout: the way its unambiguous dates are written, else month-first when it
 * is in US dollars, else day-first.
 */
public enum DateOrder {
    DAY_FIRST, MONTH_FIRST;

    private static final Pattern NUMERIC_DATE = Pattern.compile("\\b(\\d{1,2})[/-](\\d{1,2})[/-]\\d{2,4}\\b");

    public static DateOrder inferFrom(String documentText) {
        return inferFrom(List.of(documentText));
    }

    /**
     * As {@link #inferFrom(String)} for a document's pages, in order, without joining them (a long
     * document's text in one string is megabytes, copied as it grows).
     */
    public static DateOrder inferFrom(List<String> pageTexts) {
        int dayFirst = 0;
        int monthFirst = 0;
        for (String text : pageTexts) {
            int[] votes = votes(text);
            dayFirst += votes[0];
            monthFirst += votes[1];
        }
        if (dayFirst != monthFirst) {
            return dayFirst > monthFirst ? DAY_FIRST : MONTH_FIRST;
        }
        boolean dollars = CurrencyCodes.mostFrequentIn(pageTexts).filter("USD"::equals).isPresent();
        return dollars ? MONTH_FIRST : DAY_FIRST;
    }

    /**
     * The day-first and the month-first votes of the numeric dates in {@code text}: the matches
     * {@code Matcher.find} would give, but the expression is tried only where a match can begin,
     * one or two digits before a separator. Tried at every character (its word boundary first),
     * it took about 3% of an extraction.
     */
    static int[] votes(String text) {
        int[] votes = new int[2];
        Matcher matcher = NUMERIC_DATE.matcher(text).useTransparentBounds(true);
        int from = 0;
        for (int separator = nextSeparator(text, 1); separator >= 0; separator = nextSeparator(text, separator + 1)) {
            for (int start = Math.max(from, separator - 2); start < separator; start++) {
                matcher.region(start, text.length());
                if (matcher.lookingAt()) {
                    vote(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)), votes);
                    from = matcher.end();
                    break;
                }
            }
        }
        return votes;
    }

    private static int nextSeparator(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '/' || c == '-') {
                return i;
            }
        }
        return -1;
    }

    private static void vote(int first, int second, int[] votes) {
        if (first > 12 && second <= 12) {
            votes[0]++;
        } else if (second > 12 && first <= 12) {
            votes[1]++;
        }
    }
}
