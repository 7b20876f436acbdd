package org.docex.extraction.control.values;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads amounts written as 1,234.56 / 1.234,56 / 1234.56 / 1 234,56 / 1'234.56 / 1,23,456.78 (with
 * an optional currency sign or code before or after; OCR's "948 ,74" too) and gives them as plain decimals ("1234.56").
 */
public final class AmountParser {

    /** A currency sign or code as amounts are written with it ("€", "EUR", "Rs.", "zł", "US$"). */
    public static final String CURRENCY = "(?:[€$£₹¥]|EUR|USD|GBP|CHF|SFr\\.?|Fr\\.|INR|Rs\\.?|PLN|zł|SEK|NOK|DKK|kr\\.?"
            + "|CZK|Kč|HUF|RON|JPY|CNY|AUD|CAD|NZD|ZAR|SGD|HKD|BRL|MXN|US\\$|A\\$|C\\$|R\\$)";
    /**
     * The decimal places, also with a space before their separator where OCR put one ("948 ,74"): then exactly two
     * places, so that a list ("12 ,345") is not read as an amount.
     */
    private static final String DECIMALS = "(?:[.,]\\d{1,4}| [.,]\\d{2}(?!\\d))?";
    // Grouped in thousands (1,234.56 / 1.234,56 / 1 234,56 / 1'234.56), in Indian lakhs (1,23,456.78), or not grouped.
    private static final Pattern AMOUNT = Pattern.compile(
            "(?:" + CURRENCY + "\\s?)?(?<sign>[-−])?\\s?"
                    + "(?<number>\\d{1,2}(?:,\\d{2})+,\\d{3}(?:\\.\\d{1,4})?(?![\\d,])"
                    + "|\\d{1,3}(?:[ .,'\u00A0\u202F]\\d{3})+" + DECIMALS + "|\\d{1,18}" + DECIMALS + ")"
                    // Not part of a longer number, and not a percentage: "8.875%" is a rate, not 8,875.
                    + "(?![\\d]|[.,]\\d|\\s?%)(?:\\s?" + CURRENCY + ")?");

    private AmountParser() {
    }

    /** The amount that starts at {@code from} in {@code text}. */
    public static Optional<ParsedValue> atStart(String text, int from, ValueType type) {
        Matcher matcher = AMOUNT.matcher(text);
        matcher.region(from, text.length());
        if (!matcher.lookingAt()) {
            return Optional.empty();
        }
        return plain(matcher.group("number"), matcher.group("sign") != null, type)
                .map(value -> new ParsedValue(value, type, matcher.start(), trimmedEnd(text, matcher), 1.0));
    }

    public static boolean hasCurrency(String text) {
        return CurrencyCodes.in(text).isPresent();
    }

    /** Money as the API writes it: a plain decimal with at least two places ("12.50", "1234.567"). */
    public static String money(BigDecimal amount) {
        return (amount.scale() < 2 ? amount.setScale(2) : amount).toPlainString();
    }

    static Optional<String> plain(String number, boolean negative, ValueType type) {
        String digits = number.replaceAll("[ '\u00A0\u202F]", "");
        int lastDot = digits.lastIndexOf('.');
        int lastComma = digits.lastIndexOf(',');
        String normalised;
        if (lastDot >= 0 && lastComma >= 0) {
            char decimal = lastDot > lastComma ? '.' : ',';
            char grouping = decimal == '.' ? ',' : '.';
            normalised = digits.replace(String.valueOf(grouping), "").replace(decimal, '.');
        } else if (lastDot >= 0 || lastComma >= 0) {
            char separator = lastDot >= 0 ? '.' : ',';
            normalised = onlySeparator(digits, separator);
        } else {
            normalised = digits;
        }
        try {
            BigDecimal amount = new BigDecimal(normalised);
            if (negative) {
                amount = amount.negate();
            }
            return Optional.of(type == ValueType.MONEY ? money(amount) : amount.toPlainString());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** One kind of separator: repeated, or followed by exactly three digits after a non-zero part, it groups thousands. */
    private static String onlySeparator(String digits, char separator) {
        int first = digits.indexOf(separator);
        boolean repeated = first != digits.lastIndexOf(separator);
        int decimals = digits.length() - first - 1;
        boolean grouping = repeated || (decimals == 3 && !digits.startsWith("0" + separator));
        return grouping ? digits.replace(String.valueOf(separator), "") : digits.replace(separator, '.');
    }

    private static int trimmedEnd(String text, Matcher matcher) {
        int end = matcher.end();
        while (end > matcher.start() && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        return end;
    }
}
