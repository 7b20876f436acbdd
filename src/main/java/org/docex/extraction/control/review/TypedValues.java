package org.docex.extraction.control.review;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.errors.UnprocessableException;
import org.docex.extraction.control.invoice.InvoiceTemplate;
import org.docex.extraction.control.values.EmailParser;
import org.docex.extraction.control.values.IbanParser;
import org.docex.extraction.control.values.PlainDecimal;
import org.docex.extraction.control.values.ValueType;

/**
 * The values a review sets, checked against their field's type: the type the extraction gave the
 * field, else the invoice template's for its name (a reviewer adding a total the extraction missed).
 * Amounts and numbers are plain decimals as the API writes them ("1234.50"), dates ISO 8601
 * ("2026-03-31"), IBANs with valid check digits (spaces allowed), e-mail addresses one address.
 * Text fields take any text.
 */
public final class TypedValues {

    private static final Pattern LINE_ITEM = Pattern.compile(Pattern.quote(InvoiceTemplate.LINE_ITEMS) + "\\d{1,4}\\.(\\w+)");
    /** Most fields a 422 names one by one. */
    private static final int MAX_NAMED = 10;

    private TypedValues() {
    }

    /**
     * Refuses {@code edits} (422) where a value does not fit its field's type, naming every such field;
     * {@code extractedTypes}: the API type of each extracted field ("money", "date", ...).
     */
    public static void check(FieldEdits edits, Map<String, String> extractedTypes) {
        List<String> refused = new ArrayList<>();
        edits.asMap().forEach((name, value) -> {
            if (value != null) {
                typeOf(name, extractedTypes).filter(type -> !fits(type, value))
                        .ifPresent(type -> refused.add(name + " (" + expected(type) + ")"));
            }
        });
        if (!refused.isEmpty()) {
            List<String> named = refused.subList(0, Math.min(MAX_NAMED, refused.size()));
            throw new UnprocessableException("fields: not a valid value for the field's type: " + String.join(", ", named)
                    + (refused.size() > named.size() ? " and " + (refused.size() - named.size()) + " more" : ""));
        }
    }

    static Optional<ValueType> typeOf(String name, Map<String, String> extractedTypes) {
        String extracted = extractedTypes.get(name);
        if (extracted != null) {
            return ValueType.named(extracted);
        }
        Matcher item = LINE_ITEM.matcher(name);
        if (item.matches()) {
            return Optional.ofNullable(InvoiceTemplate.LINE_ITEM_TYPES.get(item.group(1)));
        }
        return Optional.ofNullable(InvoiceTemplate.FIELD_TYPES.get(name));
    }

    static boolean fits(ValueType type, String value) {
        String text = value.strip();
        return switch (type) {
            case STRING -> true;
            // An emptied field is a value a reviewer may save: the field was not on the document.
            case MONEY, NUMBER -> text.isEmpty() || PlainDecimal.parse(text).isPresent();
            case DATE -> text.isEmpty() || isDate(text);
            case IBAN -> text.isEmpty() || IbanParser.isValid(text.replace(" ", "").toUpperCase(Locale.ROOT));
            case EMAIL -> text.isEmpty() || EmailParser.atStart(text, 0).filter(email -> email.end() == text.length()).isPresent();
        };
    }

    private static boolean isDate(String text) {
        try {
            LocalDate.parse(text);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static String expected(ValueType type) {
        return switch (type) {
            case MONEY -> "an amount such as 1234.50";
            case NUMBER -> "a number such as 19 or 2.5";
            case DATE -> "a date such as 2026-03-31";
            case IBAN -> "an IBAN with valid check digits";
            case EMAIL -> "an e-mail address";
            case STRING -> "text";
        };
    }
}
