package org.docex.extraction.control.values;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * ISO 4217 codes for the currency signs and codes invoices use. The text is scanned by hand
 * rather than with a regular expression of alternatives: every document's whole text passes
 * through here, and the alternation cost about five percent of an extraction.
 */
public final class CurrencyCodes {

    /** The words, in the order the alternation {@code \b(?:EUR|USD|GBP|CHF|SFr|Euro|EURO)\b} tries them. */
    private static final String[] WORDS = {"EUR", "USD", "GBP", "CHF", "SFr", "Euro", "EURO"};

    private CurrencyCodes() {
    }

    /** The first currency named in {@code text}. */
    public static Optional<String> in(String text) {
        String[] first = new String[1];
        scan(text, code -> {
            first[0] = code;
            return false;
        });
        return Optional.ofNullable(first[0]);
    }

    /** The currency named most often in {@code text}, the earliest on a tie. */
    public static Optional<String> mostFrequentIn(String text) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        scan(text, code -> {
            counts.merge(code, 1, Integer::sum);
            return true;
        });
        return counts.entrySet().stream()
                .reduce((best, next) -> next.getValue() > best.getValue() ? next : best)
                .map(Map.Entry::getKey);
    }

    public static boolean names(String text, String code) {
        boolean[] named = new boolean[1];
        scan(text, found -> {
            named[0] = found.equals(code);
            return !named[0];
        });
        return named[0];
    }

    /**
     * Passes the code of each mark in {@code text}, left to right and not overlapping, to
     * {@code onCode} until it answers false: the signs anywhere, the words between word
     * boundaries as {@code java.util.regex} draws them.
     */
    private static void scan(String text, Predicate<String> onCode) {
        int length = text.length();
        int i = 0;
        while (i < length) {
            char c = text.charAt(i);
            String code = null;
            int end = i + 1;
            if (c == '€') {
                code = "EUR";
            } else if (c == '$') {
                code = "USD";
            } else if (c == '£') {
                code = "GBP";
            } else if ((c == 'E' || c == 'U' || c == 'G' || c == 'C' || c == 'S') && !wordBefore(text, i)) {
                for (String word : WORDS) {
                    if (text.startsWith(word, i) && !wordAt(text, i + word.length())) {
                        code = codeOf(word);
                        end = i + word.length();
                        break;
                    }
                }
            }
            if (code != null) {
                if (!onCode.test(code)) {
                    return;
                }
                i = end;
            } else {
                i++;
            }
        }
    }

    /** Whether the code point ending at {@code index} is a word character to {@code \b}. */
    private static boolean wordBefore(String text, int index) {
        return index > 0 && isWord(text, index - Character.charCount(Character.codePointBefore(text, index)));
    }

    /** Whether the code point at {@code index} is a word character to {@code \b}. */
    private static boolean wordAt(String text, int index) {
        return index < text.length() && isWord(text, index);
    }

    /** As {@code Pattern}'s boundary: a letter, digit or underscore, or a combining mark on one. */
    private static boolean isWord(String text, int index) {
        int point = Character.codePointAt(text, index);
        if (point == '_' || Character.isLetterOrDigit(point)) {
            return true;
        }
        if (Character.getType(point) != Character.NON_SPACING_MARK) {
            return false;
        }
        for (int x = index; x >= 0; x--) {
            int base = Character.codePointAt(text, x);
            if (Character.isLetterOrDigit(base)) {
                return true;
            }
            if (Character.getType(base) != Character.NON_SPACING_MARK) {
                return false;
            }
        }
        return false;
    }

    private static String codeOf(String mark) {
        return switch (mark) {
            case "Euro", "EURO" -> "EUR";
            case "SFr" -> "CHF";
            default -> mark;
        };
    }
}
