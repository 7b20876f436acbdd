package org.docex.extraction.control.values;

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
        int dayFirst = 0;
        int monthFirst = 0;
        Matcher matcher = NUMERIC_DATE.matcher(documentText);
        while (matcher.find()) {
            int first = Integer.parseInt(matcher.group(1));
            int second = Integer.parseInt(matcher.group(2));
            if (first > 12 && second <= 12) {
                dayFirst++;
            } else if (second > 12 && first <= 12) {
                monthFirst++;
            }
        }
        if (dayFirst != monthFirst) {
            return dayFirst > monthFirst ? DAY_FIRST : MONTH_FIRST;
        }
        boolean dollars = CurrencyCodes.mostFrequentIn(documentText).filter("USD"::equals).isPresent();
        return dollars ? MONTH_FIRST : DAY_FIRST;
    }
}
