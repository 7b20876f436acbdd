package org.docex.extraction.control.values;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The days of the week in every language of the {@link Vocabulary} (its {@code [weekdays]} section), also
 * written without their accents: a date may begin with its day, which says nothing the date does not.
 */
final class WeekdayNames {

    private static final Set<String> NAMES = new HashSet<>();

    static {
        for (String line : Vocabulary.all().entries("weekdays")) {
            for (String name : line.split("\\s+")) {
                String lower = name.toLowerCase(Locale.ROOT);
                NAMES.add(lower);
                // As typed in ASCII too: "poniedzialek", "sroda".
                NAMES.add(Vocabulary.plain(lower));
            }
        }
    }

    private WeekdayNames() {
    }

    /**
     * Where the date after a day of the week starting at {@code from} begins ("Tuesday, " / "mardi " / "Tue. "), or -1
     * where no day's name stands there. A word looked up, no pattern tried: dates are looked for at many places.
     */
    static int afterWeekday(String text, int from) {
        int end = from;
        // Hyphens belong to the name: "segunda-feira".
        while (end < text.length() && (Character.isLetter(text.charAt(end)) || text.charAt(end) == '-')) {
            end++;
        }
        if (end == from || !NAMES.contains(text.substring(from, end).toLowerCase(Locale.ROOT))) {
            return -1;
        }
        if (end < text.length() && text.charAt(end) == '.') {
            end++;
        }
        if (end < text.length() && text.charAt(end) == ',') {
            end++;
        }
        int spaces = end;
        while (end < text.length() && Character.isWhitespace(text.charAt(end))) {
            end++;
        }
        return end > spaces ? end : -1;
    }
}
