package org.docex.extraction.control.values;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Month names and their usual abbreviations in every language of the {@link Vocabulary} (its
 * {@code [months]} section: twelve lines, January first, the names of a month on its line), also
 * written without their accents.
 */
final class MonthNames {

    private static final Map<String, Integer> MONTHS = new HashMap<>();

    static {
        List<String> lines = Vocabulary.all().entries("months");
        // Each language's file holds twelve lines; they are merged in order, so line i belongs to month i % 12.
        for (int i = 0; i < lines.size(); i++) {
            for (String name : lines.get(i).split("\\s+")) {
                String lower = name.toLowerCase(Locale.ROOT);
                MONTHS.putIfAbsent(lower, i % 12 + 1);
                MONTHS.putIfAbsent(Vocabulary.plain(lower), i % 12 + 1);
            }
        }
    }

    static final String ALTERNATION = MONTHS.keySet().stream()
            .sorted(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()))
            .map(Pattern::quote)
            .collect(Collectors.joining("|"));

    private MonthNames() {
    }

    static int monthOf(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return MONTHS.getOrDefault(lower, MONTHS.getOrDefault(Vocabulary.plain(lower), 0));
    }
}
