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
            Matcher matcher = NUMERIC_DATE.matcher(text);
            while (matcher.find()) {
                int first = Integer.parseInt(matcher.group(1));
                int second = Integer.parseInt(matcher.group(2));
                if (first > 12 && second <= 12) {
                    dayFirst++;
                } else if (second > 12 && first <= 12) {
                    monthFirst++;
                }
            }
        }
        if (dayFirst != monthFirst) {
            return dayFirst > monthFirst ? DAY_FIRST : MONTH_FIRST;
        }
        boolean dollars = CurrencyCodes.mostFrequentIn(pageTexts).filter("USD"::equals).isPresent();
        return dollars ? MONTH_FIRST : DAY_FIRST;
    }
}
