package org.docex.extraction.control.values;

import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * ISO 4217 codes for the currency signs and codes invoices use. The text is scanned by hand
 * rather than with a regular expression of alternatives: every document's whole text passes
 * through here, and the alternation cost about five percent of an extraction.
 */
public final class CurrencyCodes {

    /** The words, in the order the alternation {@code \b(?:EUR|USD|...|zł)\b} tries them. */
    private static final String[] WORDS = {"EUR", "USD", "GBP", "CHF", "SFr", "Euro", "EURO", "INR", "Rs", "PLN", "zł",
        "SEK", "NOK", "DKK", "CZK", "HUF", "RON", "HRK", "BGN", "RSD", "JPY", "CNY", "AUD", "CAD", "NZD", "ZAR", "SGD", "HKD", "BRL", "MXN", "PEN",
        "SOLES", "Soles"};
    private static final Map<String, String> COUNTRY_CURRENCIES = Map.ofEntries(
            Map.entry("AT", "EUR"), Map.entry("BE", "EUR"), Map.entry("CY", "EUR"), Map.entry("DE", "EUR"), Map.entry("EE", "EUR"),
            Map.entry("ES", "EUR"), Map.entry("FI", "EUR"), Map.entry("FR", "EUR"), Map.entry("GR", "EUR"), Map.entry("EL", "EUR"),
            Map.entry("HR", "EUR"), Map.entry("IE", "EUR"), Map.entry("IT", "EUR"), Map.entry("LT", "EUR"), Map.entry("LU", "EUR"),
            Map.entry("LV", "EUR"), Map.entry("MT", "EUR"), Map.entry("NL", "EUR"), Map.entry("PT", "EUR"), Map.entry("SI", "EUR"),
            Map.entry("SK", "EUR"), Map.entry("GB", "GBP"), Map.entry("CH", "CHF"), Map.entry("LI", "CHF"), Map.entry("PL", "PLN"),
            Map.entry("SE", "SEK"), Map.entry("DK", "DKK"), Map.entry("NO", "NOK"), Map.entry("CZ", "CZK"), Map.entry("HU", "HUF"),
            Map.entry("RO", "RON"), Map.entry("IN", "INR"), Map.entry("US", "USD"), Map.entry("CA", "CAD"), Map.entry("AU", "AUD"),
            Map.entry("BR", "BRL"), Map.entry("MX", "MXN"));

    /** Every current ISO 4217 code the JDK knows: a currency label's value may name any of them ("Moneda: MXN"). */
    private static final Set<String> ISO_CODES = Currency.getAvailableCurrencies().stream().map(Currency::getCurrencyCode)
            .collect(Collectors.toUnmodifiableSet());

    /** The capitals written onto "$" for the currency of a country that writes it, longest first. */
    private static final Map<String, String> DOLLAR_PREFIXES = orderedMap("CA", "CAD", "AU", "AUD", "NZ", "NZD", "HK", "HKD",
            "MX", "MXN", "US", "USD", "SG", "SGD", "R", "BRL", "C", "CAD", "A", "AUD", "S", "SGD");

    private static Map<String, String> orderedMap(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }

    /** The currency signs {@link #find} knows. */
    private static final String SIGNS = "€$£₹¥";

    /** The first letters of {@link #WORDS}: a word is looked for only where one of them stands. */
    private static final String FIRST_LETTERS = "EUGCSIRPzNDHJAZBM";

    private CurrencyCodes() {
    }

    /** The first currency named in {@code text}. */
    public static Optional<String> in(String text) {
        Mark first = find(text, 0);
        return first == null ? Optional.empty() : Optional.of(first.code());
    }

    /**
     * The first currency named in {@code text}, unless it is named by a sign that several currencies
     * write: "$" (USD, CAD, AUD, MXN and more) and "¥" (JPY, CNY).
     */
    public static Optional<String> unambiguousIn(String text) {
        Mark first = find(text, 0);
        return first == null || first.sign() && (first.code().equals("USD") || first.code().equals("JPY"))
                ? Optional.empty() : Optional.of(first.code());
    }

    /** The currency named most often in {@code text}, the earliest on a tie. */
    public static Optional<String> mostFrequentIn(String text) {
        return mostFrequentIn(List.of(text));
    }

    /**
     * The currency named most often in {@code texts} (a document's pages, in order), the earliest on a
     * tie. A sign counts only beside a number ("9,00 €", "$ 12", "€ -12,00") or in brackets ("Betrag (€)"):
     * OCR reads signs into the garbage of a masked card number ("&¥xn24x") and makes lone ones of specks
     * and letters ("Credito € ctrönica").
     */
    public static Optional<String> mostFrequentIn(List<String> texts) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String text : texts) {
            for (Mark mark = find(text, 0); mark != null; mark = find(text, mark.end())) {
                if (!mark.sign() || besideNumber(text, mark.end() - 1, mark.end())) {
                    counts.merge(mark.code(), 1, Integer::sum);
                }
            }
        }
        return counts.entrySet().stream()
                .reduce((best, next) -> next.getValue() > best.getValue() ? next : best)
                .map(Map.Entry::getKey);
    }

    /**
     * The currency named most often in {@code texts} by a code or word (EUR, Euro, Rs, zł), the
     * earliest on a tie; signs do not count: OCR makes "$", "£" and "€" out of specks and other signs.
     */
    public static Optional<String> mostFrequentWordIn(List<String> texts) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String text : texts) {
            for (Mark mark = find(text, 0); mark != null; mark = find(text, mark.end())) {
                if (!mark.sign()) {
                    counts.merge(mark.code(), 1, Integer::sum);
                }
            }
        }
        return counts.entrySet().stream()
                .reduce((best, next) -> next.getValue() > best.getValue() ? next : best)
                .map(Map.Entry::getKey);
    }

    /** The currency of the country an ISO 3166 code names, for the countries whose invoices docex reads most. */
    public static Optional<String> ofCountry(String country) {
        return Optional.ofNullable(COUNTRY_CURRENCIES.get(country));
    }

    /**
     * The currency that {@code text} names at {@code from}, as the value of a currency label: any
     * ISO 4217 code ("MXN", "BRL"), or a sign or word docex knows elsewhere in a text ("€", "Euro", "zł").
     */
    public static Optional<ParsedValue> atStart(String text, int from) {
        int end = from;
        while (end < text.length() && end - from < 4 && Character.isLetter(text.charAt(end))) {
            end++;
        }
        if (end - from == 3 && !wordAt(text, end)) {
            String code = text.substring(from, end);
            if (ISO_CODES.contains(code)) {
                return Optional.of(new ParsedValue(code, ValueType.STRING, from, end, 1.0));
            }
        }
        Mark mark = find(text.substring(from, Math.min(text.length(), from + 5)), 0);
        if (mark != null) {
            return Optional.of(new ParsedValue(mark.code(), ValueType.STRING, from, from + mark.end(), 1.0));
        }
        return Optional.empty();
    }

    public static boolean names(String text, String code) {
        for (Mark mark = find(text, 0); mark != null; mark = find(text, mark.end())) {
            if (mark.code().equals(code)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a digit stands right before {@code start} or right after {@code end} (a space or a minus
     * between them or not: "9,00 €", "€ -12,00"), or the sign stands in brackets ("Betrag (€)").
     */
    private static boolean besideNumber(String text, int start, int end) {
        int before = start - 1;
        if (before >= 0 && text.charAt(before) == ' ') {
            before--;
        }
        int after = end;
        if (after < text.length() && text.charAt(after) == ' ') {
            after++;
        }
        if (after < text.length() && text.charAt(after) == '-') {
            after++;
        }
        boolean bracketed = start > 0 && end < text.length() && "([".indexOf(text.charAt(start - 1)) >= 0 && ")]".indexOf(text.charAt(end)) >= 0;
        return bracketed || before >= 0 && Character.isDigit(text.charAt(before)) || after < text.length() && Character.isDigit(text.charAt(after));
    }

    /** A currency mark: its code and the index just past it. */
    private record Mark(String code, int end, boolean sign) {

        Mark(String code, int end) {
            this(code, end, true);
        }
    }

    /**
     * The first mark at or after {@code from}, or null: a sign anywhere, a word between word
     * boundaries as {@code java.util.regex} draws them, or right after a digit. Searching again from its end finds the
     * marks left to right without overlap, as {@code Matcher.find} does.
     */
    private static Mark find(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (SIGNS.indexOf(c) >= 0 && i > 0 && Character.isLowerCase(Character.codePointBefore(text, i))) {
                // A sign right after a small letter is a letter OCR misread ("Warto$ć" for "Wartość"):
                // signs follow digits, spaces or a country's capitals ("US$", "R$", "C$").
                continue;
            }
            if (c == '€') {
                return new Mark("EUR", i + 1);
            } else if (c == '$') {
                // "R$" is the Brazilian real's sign, "MX$", "C$", "A$" and the like the dollars and pesos of their
                // countries; "$" alone is counted as the US dollar's.
                // A prefixed one names its currency as surely as a code does.
                String prefixed = dollarPrefixed(text, i);
                return prefixed == null ? new Mark("USD", i + 1) : new Mark(prefixed, i + 1, false);
            } else if (c == '£') {
                return new Mark("GBP", i + 1);
            } else if (c == '₹') {
                return new Mark("INR", i + 1);
            } else if (c == '¥') {
                return new Mark("JPY", i + 1);
            } else if (c == 'S' && solSign(text, i)) {
                // "S/ 50.00", "S/.50.00": the Peruvian sol's sign, which no other currency writes.
                return new Mark("PEN", i + 2, false);
            } else if (FIRST_LETTERS.indexOf(c) >= 0 && (!wordBefore(text, i) || Character.isDigit(text.charAt(i - 1)))) {
                // A code may be written onto its amount ("17 115,45PLN").
                for (String word : WORDS) {
                    if (text.startsWith(word, i) && !wordAt(text, i + word.length())) {
                        return new Mark(codeOf(word), i + word.length(), false);
                    }
                }
            }
        }
        return null;
    }

    /** Whether "S/" stands at {@code index} before an amount (a space, a dot or a digit), not "S/N" (no number) in an address. */
    private static boolean solSign(String text, int index) {
        if (!text.startsWith("S/", index) || wordBefore(text, index) || index + 2 >= text.length()) {
            return false;
        }
        char next = text.charAt(index + 2);
        return next == ' ' || next == '.' || Character.isDigit(next);
    }

    /** The currency of a "$" at {@code index} by the capitals written onto it ("MX$", "R$"); null without them. */
    private static String dollarPrefixed(String text, int index) {
        for (Map.Entry<String, String> prefix : DOLLAR_PREFIXES.entrySet()) {
            int start = index - prefix.getKey().length();
            if (start >= 0 && text.startsWith(prefix.getKey(), start) && !wordBefore(text, start)) {
                return prefix.getValue();
            }
        }
        return null;
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
            case "Rs" -> "INR";
            case "zł" -> "PLN";
            case "SOLES", "Soles" -> "PEN";
            default -> mark;
        };
    }
}
