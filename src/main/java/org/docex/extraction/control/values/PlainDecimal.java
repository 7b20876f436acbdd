package org.docex.extraction.control.values;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A decimal as machines write it into documents (e-invoice XML): a sign, digits, one point. Never
 * an exponent: {@code new BigDecimal("1E+400000000")} is twelve characters that
 * {@code toPlainString()} or {@code setScale(2)} turn into a string of 400 million digits.
 */
public final class PlainDecimal {

    /** Digits before and after the point: more than any amount or quantity on an invoice. */
    private static final Pattern PLAIN = Pattern.compile("[-+]?(?:\\d{1,24}(?:\\.\\d{0,12})?|\\.\\d{1,12})");

    private PlainDecimal() {
    }

    public static Optional<BigDecimal> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String stripped = text.strip();
        return PLAIN.matcher(stripped).matches() ? Optional.of(new BigDecimal(stripped)) : Optional.empty();
    }
}
