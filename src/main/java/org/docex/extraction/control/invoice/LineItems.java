package org.docex.extraction.control.invoice;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.table.Cell;
import org.docex.extraction.control.table.ColumnKind;
import org.docex.extraction.control.table.Table;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.ValueNormaliser;
import org.docex.extraction.control.values.ValueType;

/**
 * An invoice's line items from its item tables, in order across pages: for each row the fields
 * {@code line_items.<n>.description}, {@code .quantity}, {@code .unit_price}, {@code .amount} and
 * {@code .tax_rate}, each with the box of its cell. Numbers are normalised as the other money
 * fields are (1,234.56 and 1.234,56 alike).
 */
public final class LineItems {

    public static final int MAX_LINES = 1000;
    static final double CONFIDENCE = 0.85;

    private LineItems() {
    }

    public static List<ExtractedField> from(List<Table> tables, DateOrder order) {
        List<ExtractedField> fields = new ArrayList<>();
        int line = 0;
        for (Table table : tables) {
            if (!isItemTable(table)) {
                continue;
            }
            for (List<Cell> row : table.body()) {
                if (line == MAX_LINES) {
                    return fields;
                }
                List<ExtractedField> item = item(table, row, line + 1, order);
                // A row without a quantity, a price or an amount heads a group of items ("Hardware") or notes them: no item.
                if (item.stream().anyMatch(field -> !field.name().endsWith(".description"))) {
                    fields.addAll(item);
                    line++;
                }
            }
        }
        return fields;
    }

    private static List<ExtractedField> item(Table table, List<Cell> row, int line, DateOrder order) {
        List<ExtractedField> fields = new ArrayList<>();
        for (int i = 0; i < table.columns().size(); i++) {
            ColumnKind kind = table.columns().get(i);
            Cell cell = row.get(i);
            // A second column of a kind ("Total net" and "Total TTC") would give a line the same field twice: the first counts.
            if (kind.fieldName() == null || cell.isEmpty() || table.columns().indexOf(kind) != i) {
                continue;
            }
            String name = "line_items." + line + "." + kind.fieldName();
            value(kind, cell.text(), order).ifPresent(value -> fields.add(new ExtractedField(name, value,
                    cell.text(), type(kind), CONFIDENCE, ExtractedField.TEMPLATE, table.page(), cell.bbox())));
        }
        return fields;
    }

    /**
     * A table of items has amounts or prices, and says what or how many of a thing was sold: a
     * tax breakdown under the items ("Tax type / Tax % / Net amount") has neither a description nor
     * a quantity column.
     */
    private static boolean isItemTable(Table table) {
        List<ColumnKind> columns = table.columns();
        return (columns.contains(ColumnKind.AMOUNT) || columns.contains(ColumnKind.UNIT_PRICE))
                && (columns.contains(ColumnKind.DESCRIPTION) || columns.contains(ColumnKind.QUANTITY));
    }

    private static Optional<String> value(ColumnKind kind, String text, DateOrder order) {
        return switch (kind) {
            case DESCRIPTION -> Optional.of(text.strip());
            case UNIT_PRICE, AMOUNT -> ValueNormaliser.atStart(ValueType.MONEY, text, order).map(ParsedValue::value);
            case QUANTITY -> plainNumber(text, order);
            case TAX_RATE -> plainNumber(text.replace("%", ""), order);
            case OTHER -> Optional.empty();
        };
    }

    private static Optional<String> plainNumber(String text, DateOrder order) {
        return ValueNormaliser.atStart(ValueType.NUMBER, text, order).map(ParsedValue::value).flatMap(number -> {
            try {
                return Optional.of(new BigDecimal(number).stripTrailingZeros().toPlainString());
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }

    private static String type(ColumnKind kind) {
        return switch (kind) {
            case UNIT_PRICE, AMOUNT -> ValueType.MONEY.apiName();
            case QUANTITY, TAX_RATE -> ValueType.NUMBER.apiName();
            default -> ValueType.STRING.apiName();
        };
    }
}
