package org.docex.vendors.control;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.docex.extraction.control.values.AmountParser;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.DateParser;
import org.docex.extraction.control.values.EmailParser;
import org.docex.extraction.control.values.IbanParser;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.ValueType;

/** The values of one type written in a line, read with the extraction's own parsers, and how two values compare. */
final class ValueCandidates {

    private ValueCandidates() {
    }

    /** Each value of {@code type} that starts at a word's start at or after {@code from}, left to right. */
    static List<ParsedValue> in(String text, ValueType type, DateOrder order, int from) {
        List<ParsedValue> found = new ArrayList<>();
        int i = Math.max(0, from);
        while (i < text.length()) {
            Optional<ParsedValue> value = startsWord(text, i) ? at(text, i, type, order) : Optional.empty();
            if (value.isPresent() && value.get().end() > i) {
                found.add(value.get());
                i = value.get().end();
            } else {
                i++;
            }
        }
        return found;
    }

    private static boolean startsWord(String text, int i) {
        char c = text.charAt(i);
        if (Character.isWhitespace(c)) {
            return false;
        }
        return i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1)) || !Character.isLetterOrDigit(c);
    }

    private static Optional<ParsedValue> at(String text, int from, ValueType type, DateOrder order) {
        return switch (type) {
            case DATE -> DateParser.atStart(text, from, order);
            case MONEY, NUMBER -> AmountParser.atStart(text, from, type);
            case IBAN -> IbanParser.atStart(text, from);
            case EMAIL -> EmailParser.atStart(text, from);
            case STRING -> Optional.empty();
        };
    }

    /** Whether two values of {@code type} are the same: amounts by number, IBANs without spaces, text by its words. */
    static boolean same(ValueType type, String a, String b) {
        if (a == null || b == null) {
            return false;
        }
        return switch (type) {
            case MONEY, NUMBER -> number(a).flatMap(x -> number(b).map(y -> x.compareTo(y) == 0)).orElse(false);
            case IBAN -> compact(a).equals(compact(b));
            case EMAIL -> a.strip().toLowerCase(Locale.ROOT).equals(b.strip().toLowerCase(Locale.ROOT));
            case DATE -> a.strip().equals(b.strip());
            case STRING -> NormalText.words(a).equals(NormalText.words(b));
        };
    }

    /** Letters and digits only, in capitals ("DE 123.456.789" gives "DE123456789"). */
    static String compact(String text) {
        StringBuilder compact = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                compact.append(Character.toUpperCase(c));
            }
        }
        return compact.toString();
    }

    private static Optional<BigDecimal> number(String text) {
        try {
            return Optional.of(new BigDecimal(text.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
