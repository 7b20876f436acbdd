package org.docex.extraction.control.values;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** The most specific type a whole value reads as: a key-value pair's value is typed by its looks. */
public final class TypeInference {

    private static final List<ValueType> MOST_SPECIFIC_FIRST =
            List.of(ValueType.IBAN, ValueType.EMAIL, ValueType.DATE);

    private static final Pattern PLAIN_NUMBER = Pattern.compile("[-−]?(?:0|[1-9]\\d{0,2}(?:[.,]\\d{3})+|[1-9]\\d*)(?:[.,]\\d+)?");

    private TypeInference() {
    }

    public static ParsedValue infer(String value, DateOrder order) {
        for (ValueType type : MOST_SPECIFIC_FIRST) {
            Optional<ParsedValue> parsed = ValueNormaliser.whole(type, value, order);
            if (parsed.isPresent()) {
                return parsed.get();
            }
        }
        String stripped = value.strip();
        if (AmountParser.hasCurrency(stripped)) {
            Optional<ParsedValue> money = ValueNormaliser.whole(ValueType.MONEY, stripped, order);
            if (money.isPresent()) {
                return money.get();
            }
        }
        if (PLAIN_NUMBER.matcher(stripped).matches()) {
            Optional<ParsedValue> number = ValueNormaliser.whole(ValueType.NUMBER, stripped, order);
            if (number.isPresent()) {
                return number.get();
            }
        }
        return ValueNormaliser.atStart(ValueType.STRING, stripped, order)
                .orElse(new ParsedValue("", ValueType.STRING, 0, 0, 1.0));
    }
}
