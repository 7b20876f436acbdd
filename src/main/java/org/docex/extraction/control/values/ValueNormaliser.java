package org.docex.extraction.control.values;

import java.util.Optional;
import java.util.regex.Pattern;

/** Reads a value of a given type and gives it in the form the API promises. */
public final class ValueNormaliser {

    private static final Pattern CLOSING_PUNCTUATION = Pattern.compile("[\\s.,;)]*");

    static final int MAX_STRING_LENGTH = 1000;

    private ValueNormaliser() {
    }

    /** The value of {@code type} that starts at the first non-space character of {@code text}. */
    public static Optional<ParsedValue> atStart(ValueType type, String text, DateOrder order) {
        int from = 0;
        while (from < text.length() && Character.isWhitespace(text.charAt(from))) {
            from++;
        }
        if (from == text.length()) {
            return Optional.empty();
        }
        return switch (type) {
            case DATE -> DateParser.atStart(text, from, order);
            case MONEY, NUMBER -> AmountParser.atStart(text, from, type);
            case EMAIL -> EmailParser.atStart(text, from);
            case IBAN -> IbanParser.atStart(text, from);
            case STRING -> string(text, from);
        };
    }

    /** The value of {@code type} when it is all of {@code text}, give or take closing punctuation. */
    public static Optional<ParsedValue> whole(ValueType type, String text, DateOrder order) {
        String stripped = text.strip();
        return atStart(type, stripped, order).filter(value -> isRest(stripped, value.end()));
    }

    private static boolean isRest(String text, int end) {
        return CLOSING_PUNCTUATION.matcher(text).region(end, text.length()).matches();
    }

    private static Optional<ParsedValue> string(String text, int from) {
        int end = text.length();
        while (end > from && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        int kept = Math.min(end, from + MAX_STRING_LENGTH);
        return Optional.of(new ParsedValue(text.substring(from, kept), ValueType.STRING, from, kept, 1.0));
    }
}
