package org.docex.extraction.control.values;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** English and German month names and their usual abbreviations. */
final class MonthNames {

    private static final Map<String, Integer> MONTHS = new HashMap<>();

    static {
        String[][] names = {
            {"january", "jan", "januar", "jän", "jaen"},
            {"february", "feb", "februar"},
            {"march", "mar", "märz", "maerz", "mär", "mrz"},
            {"april", "apr"},
            {"may", "mai"},
            {"june", "jun", "juni"},
            {"july", "jul", "juli"},
            {"august", "aug"},
            {"september", "sep", "sept"},
            {"october", "oct", "oktober", "okt"},
            {"november", "nov"},
            {"december", "dec", "dezember", "dez"},
        };
        for (int month = 0; month < names.length; month++) {
            for (String name : names[month]) {
                MONTHS.put(name, month + 1);
            }
        }
    }

    static final String ALTERNATION = MONTHS.keySet().stream()
            .sorted(Comparator.comparingInt(String::length).reversed())
            .collect(Collectors.joining("|"));

    private MonthNames() {
    }

    static int monthOf(String name) {
        return MONTHS.getOrDefault(name.toLowerCase(Locale.ROOT), 0);
    }
}
