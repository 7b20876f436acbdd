package org.docex.extraction.control.values;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** ISO 4217 codes for the currency signs and codes invoices use. */
public final class CurrencyCodes {

    private static final Pattern MARK = Pattern.compile(
            "€|\\$|£|\\b(?:EUR|USD|GBP|CHF|SFr|Euro|EURO)\\b");

    private CurrencyCodes() {
    }

    /** The first currency named in {@code text}. */
    public static Optional<String> in(String text) {
        Matcher matcher = MARK.matcher(text);
        return matcher.find() ? Optional.of(codeOf(matcher.group())) : Optional.empty();
    }

    /** The currency named most often in {@code text}, the earliest on a tie. */
    public static Optional<String> mostFrequentIn(String text) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        Matcher matcher = MARK.matcher(text);
        while (matcher.find()) {
            counts.merge(codeOf(matcher.group()), 1, Integer::sum);
        }
        return counts.entrySet().stream()
                .reduce((best, next) -> next.getValue() > best.getValue() ? next : best)
                .map(Map.Entry::getKey);
    }

    public static boolean names(String text, String code) {
        Matcher matcher = MARK.matcher(text);
        while (matcher.find()) {
            if (codeOf(matcher.group()).equals(code)) {
                return true;
            }
        }
        return false;
    }

    private static String codeOf(String mark) {
        return switch (mark) {
            case "€", "Euro", "EURO" -> "EUR";
            case "$" -> "USD";
            case "£" -> "GBP";
            case "SFr" -> "CHF";
            default -> mark;
        };
    }
}
