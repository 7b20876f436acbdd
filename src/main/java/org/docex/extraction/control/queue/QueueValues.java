package org.docex.extraction.control.queue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.regex.Pattern;
import org.docex.extraction.entity.QueueSummary;

/**
 * The invoice's key values as the queue keeps them, from the values of a workflow's fields by
 * name: text cut to its column, dates that are ISO dates, a total that is a plain decimal of at most
 * 18 digits before the point, a currency that is a three-letter code. Anything else is left out
 * (null), as a field that was not found.
 */
final class QueueValues {

    static final int MAX_VENDOR = 300;
    static final int MAX_NUMBER = 200;
    private static final Pattern DECIMAL = Pattern.compile("-?\\d{1,18}(?:\\.\\d{1,6})?");
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private QueueValues() {
    }

    static QueueSummary.KeyValues of(Map<String, String> values) {
        String vendor = text(values.get("vendor_name"), MAX_VENDOR);
        return new QueueSummary.KeyValues(vendor, vendor == null ? null : folded(vendor),
                text(values.get("invoice_number"), MAX_NUMBER), date(values.get("invoice_date")),
                date(values.get("due_date")), total(values.get("total_amount")), currency(values.get("currency")));
    }

    /** The vendor name as the vendor filter compares it: folded, single spaces. */
    static String folded(String vendor) {
        return SPACES.matcher(QueueTerms.fold(vendor).strip()).replaceAll(" ");
    }

    private static String text(String value, int max) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String stripped = value.strip();
        return stripped.length() > max ? stripped.substring(0, max) : stripped;
    }

    private static LocalDate date(String value) {
        if (value == null) {
            return null;
        }
        try {
            return LocalDate.parse(value.strip());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static BigDecimal total(String value) {
        return value != null && DECIMAL.matcher(value.strip()).matches() ? new BigDecimal(value.strip()) : null;
    }

    private static String currency(String value) {
        return value != null && CURRENCY.matcher(value.strip()).matches() ? value.strip() : null;
    }
}
