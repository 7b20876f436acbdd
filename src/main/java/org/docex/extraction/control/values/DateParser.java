package org.docex.extraction.control.values;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the common ways of writing a date and gives it as ISO-8601 ({@code 2026-11-21}). */
public final class DateParser {

    private static final String END = "(?![\\p{L}\\d])";
    private static final String MONTH = "(?<month>" + MonthNames.ALTERNATION + ")\\.?";
    private static final String ORDINAL = "(?:st|nd|rd|th|er|e|º|°)?";
    // An ISO date may carry its time ("2017-07-05T09:09:23", as Mexican CFDI and other e-invoice prints show it).
    // Dots between them too, as Hungary, Korea and China write it ("2024.03.05").
    private static final Pattern ISO = Pattern.compile("(?<y>\\d{4})(?<sep>[-/.])(?<m>\\d{1,2})\\k<sep>(?<d>\\d{1,2})"
            + "(?:T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?" + END);
    private static final Pattern DOTTED = Pattern.compile(
            "(?<d>\\d{1,2})\\.\\s?(?<m>\\d{1,2})\\.\\s?(?<y>\\d{4}|\\d{2})" + END);
    private static final Pattern SLASHED = Pattern.compile(
            "(?<a>\\d{1,2})(?<sep>[/-])(?<b>\\d{1,2})\\k<sep>(?<y>\\d{4}|\\d{2})" + END);
    /** Slashes set apart by spaces, as some templates print them ("19 / 5 / 2024"): with the year's four digits only. */
    private static final Pattern SPACED_SLASHES = Pattern.compile(
            "(?<a>\\d{1,2})\\s/\\s(?<b>\\d{1,2})\\s/\\s(?<y>\\d{4})" + END);
    private static final Pattern DAY_MONTH_NAME = Pattern.compile(
            "(?<d>\\d{1,2})" + ORDINAL + "\\.?(?:\\s*|[-/])(?:(?:of|de)\\s+)?" + MONTH + "(?:\\s*,?\\s*|[-/])(?:del?\\s+)?(?<y>\\d{4})" + END,
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    /**
     * A two-digit year after a month's name: between the same hyphens or slashes as the day ("5-Mar-24", "05/mar/24"),
     * or after an apostrophe ("5 Mar '24"); "1 Mar-31 Mar 2024" is a range, not the year 2031.
     */
    private static final Pattern DAY_MONTH_NAME_SHORT_YEAR = Pattern.compile(
            "(?<d>\\d{1,2})(?<sep>[-/]|\\s+)" + MONTH + "(?:\\k<sep>(?<=[-/])|\\s*['’])(?<y>\\d{2})" + END,
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern MONTH_NAME_DAY = Pattern.compile(
            MONTH + "(?:\\s*|-)(?<d>\\d{1,2})" + ORDINAL + "(?:\\s*,?\\s*|-)(?<y>\\d{4})" + END,
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    private static final int FIRST_PLAUSIBLE_YEAR = 1000;

    private DateParser() {
    }

    /**
     * The date that starts at {@code from} in {@code text}, with the day of the week before it or without
     * ("Tuesday, March 5, 2024", "mardi 5 mars 2024", "Dienstag, 5. März 2024").
     */
    public static Optional<ParsedValue> atStart(String text, int from, DateOrder order) {
        if (from < text.length() && Character.isLetter(text.charAt(from))) {
            int date = WeekdayNames.afterWeekday(text, from);
            if (date >= 0) {
                return dateAt(text, date, order).map(value -> new ParsedValue(value.value(), value.type(), from, value.end(),
                        value.certainty()));
            }
        }
        return dateAt(text, from, order);
    }

    private static Optional<ParsedValue> dateAt(String text, int from, DateOrder order) {
        Matcher iso = matchAt(ISO, text, from);
        if (iso != null) {
            return build(iso, group(iso, "y"), group(iso, "m"), group(iso, "d"), 1.0);
        }
        Matcher dotted = matchAt(DOTTED, text, from);
        if (dotted != null) {
            return build(dotted, group(dotted, "y"), group(dotted, "m"), group(dotted, "d"), 1.0);
        }
        Matcher slashed = matchAt(SLASHED, text, from);
        if (slashed == null) {
            slashed = matchAt(SPACED_SLASHES, text, from);
        }
        if (slashed != null) {
            return slashed(slashed, order);
        }
        Matcher named = matchAt(DAY_MONTH_NAME, text, from);
        if (named == null) {
            named = matchAt(DAY_MONTH_NAME_SHORT_YEAR, text, from);
        }
        if (named == null) {
            named = matchAt(MONTH_NAME_DAY, text, from);
        }
        if (named != null) {
            int month = MonthNames.monthOf(named.group("month"));
            return build(named, group(named, "y"), month, group(named, "d"), 1.0);
        }
        return Optional.empty();
    }

    private static Optional<ParsedValue> slashed(Matcher matcher, DateOrder order) {
        int a = group(matcher, "a");
        int b = group(matcher, "b");
        boolean dayFirst;
        double certainty = 1.0;
        if (a > 12 && b <= 12) {
            dayFirst = true;
        } else if (b > 12 && a <= 12) {
            dayFirst = false;
        } else {
            dayFirst = order == DateOrder.DAY_FIRST;
            certainty = a == b ? 1.0 : 0.7;
        }
        int year = group(matcher, "y");
        return dayFirst ? build(matcher, year, b, a, certainty) : build(matcher, year, a, b, certainty);
    }

    private static Matcher matchAt(Pattern pattern, String text, int from) {
        Matcher matcher = pattern.matcher(text);
        matcher.region(from, text.length());
        return matcher.lookingAt() ? matcher : null;
    }

    private static int group(Matcher matcher, String name) {
        return Integer.parseInt(matcher.group(name));
    }

    /**
     * The date of {@code matcher}'s year, month and day. A year of two digits is this century's; one of
     * four below 1000 ("01.01.0001", "0000-00-00") is the placeholder systems print for a date not set.
     */
    private static Optional<ParsedValue> build(Matcher matcher, int year, int month, int day, double certainty) {
        boolean twoDigits = matcher.group("y").length() <= 2;
        if (!twoDigits && year < FIRST_PLAUSIBLE_YEAR) {
            return Optional.empty();
        }
        int fullYear = twoDigits ? 2000 + year : year;
        try {
            LocalDate date = LocalDate.of(fullYear, month, day);
            return Optional.of(new ParsedValue(date.toString(), ValueType.DATE, matcher.start(), matcher.end(),
                    certainty));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }
}
