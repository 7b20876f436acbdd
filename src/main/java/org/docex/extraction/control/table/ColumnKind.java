package org.docex.extraction.control.table;

import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Pattern;
import org.docex.extraction.control.values.Vocabulary;

/**
 * What a column of an item table holds, told by its header in any language of the {@link Vocabulary}
 * (its {@code [column.<kind>]} sections).
 */
public enum ColumnKind {
    DESCRIPTION("description"),
    QUANTITY("quantity"),
    UNIT_PRICE("unit_price"),
    AMOUNT("amount"),
    TAX_RATE("tax_rate"),
    OTHER("other");

    private final Pattern header;

    /** What may follow a heading: "excl. VAT", "ohne USt.", "HT", "netto", "ligne" ("Positionsbetrag ohne USt.", "Montant H.T ligne"). */
    private static final String QUALIFIER = "(?:\\s+(?:ohne|exkl\\.?|zzgl\\.?|inkl\\.?|excl\\.?|incl\\.?|excluding|including|hors|h\\.?t\\.?|t\\.?t\\.?c\\.?|ligne|line"
            + "|net|netto|brutto|gross|sin|senza|con|incl\\.)(?:\\s+[\\p{L}.%-]{1,12}){0,2})?";

    /** What a heading may name after it: "(EUR)", "[%]", a currency ("Gesamt €", "Amount USD"). */
    private static final String UNIT_NOTE = "(?:\\s*(?:\\([^)]{0,12}\\)|\\[[^\\]]{0,12}\\]|[€$£]|EUR|USD|GBP|CHF))?";

    ColumnKind(String section) {
        this.header = Pattern.compile("(?:" + Vocabulary.foldAccents(Vocabulary.all().alternation("column." + section))
                + ")" + QUALIFIER + UNIT_NOTE + "\\s*:?", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    /** Two or more column headings in a row ("Veroton e ALV-%", "Quantity Unit price Amount"): an item table's head. */
    private static final Pattern HEADINGS = headings();
    private static final int MAX_HEADING_ROW_CHARS = 120;

    private static Pattern headings() {
        String any = "(?:" + String.join("|", Arrays.stream(values()).map(kind -> kind.header.pattern()).toList()) + ")";
        return Pattern.compile("\\s*" + any + "(?:\\s+" + any + ")+\\s*", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    /** Whether {@code text} is nothing but the headings of two or more item-table columns. */
    public static boolean isHeadingRow(String text) {
        // A table's head is a few words; longer text is not tried (the alternation backtracks per word).
        return text.length() <= MAX_HEADING_ROW_CHARS && HEADINGS.matcher(text).matches();
    }

    /** The kind a header cell names, if it names one of an item table's columns. */
    public static Optional<ColumnKind> named(String text) {
        String cell = text.strip();
        // Quantity before unit: "Units" is a quantity, a bare "Unit" is the unit of measure.
        for (ColumnKind kind : new ColumnKind[] {QUANTITY, UNIT_PRICE, TAX_RATE, AMOUNT, DESCRIPTION, OTHER}) {
            if (kind.header.matcher(cell).matches()) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /** A column of numbers: quantity, price, amount or tax rate. */
    public boolean isNumeric() {
        return this == QUANTITY || this == UNIT_PRICE || this == AMOUNT || this == TAX_RATE;
    }

    /** The API's name of a line item column, or null for columns that make no field. */
    public String fieldName() {
        return switch (this) {
            case DESCRIPTION -> "description";
            case QUANTITY -> "quantity";
            case UNIT_PRICE -> "unit_price";
            case AMOUNT -> "amount";
            case TAX_RATE -> "tax_rate";
            case OTHER -> null;
        };
    }
}
