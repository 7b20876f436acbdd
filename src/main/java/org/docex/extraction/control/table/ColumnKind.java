package org.docex.extraction.control.table;

import java.util.Optional;
import java.util.regex.Pattern;

/** What a column of an item table holds, told by its header (English and German). */
public enum ColumnKind {
    DESCRIPTION("description|item(?:s|\\s*description)?|product|service|services|details|articles?|"
            + "beschreibung|bezeichnung|artikel(?:bezeichnung)?|leistung(?:sbeschreibung)?|produkt|text"),
    QUANTITY("qty\\.?|quantity|quantities|units?|hours|hrs\\.?|menge|anzahl|stk\\.?|stück|std\\.?|stunden"),
    UNIT_PRICE("unit\\s*price|unit\\s*cost|price(?:\\s*per\\s*unit)?|rate|each|einzelpreis|e-?preis|preis|"
            + "stückpreis|ep|preis\\s*/\\s*einheit"),
    AMOUNT("amount|line\\s*total|total|net\\s*amount|net|sum|betrag|gesamt(?:preis|betrag)?|summe|netto(?:betrag)?|gp"),
    TAX_RATE("vat(?:\\s*%|\\s*rate)?|tax(?:\\s*%|\\s*rate)?|mwst\\.?(?:\\s*%|\\s*-?satz)?|ust\\.?(?:\\s*%|\\s*-?satz)?|steuer(?:satz)?|%"),
    OTHER("pos\\.?|position|no\\.?|nr\\.?|#|art\\.?\\s*-?\\s*nr\\.?|sku|code|unit|einheit|me");

    private final Pattern header;

    ColumnKind(String header) {
        this.header = Pattern.compile("(?:" + header + ")\\s*(?:\\([^)]{0,12}\\))?\\s*:?",
                Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    /** The kind a header cell names, if it names one of an item table's columns. */
    static Optional<ColumnKind> named(String text) {
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
