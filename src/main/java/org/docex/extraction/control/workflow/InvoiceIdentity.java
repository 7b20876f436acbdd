package org.docex.extraction.control.workflow;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionResult;

/**
 * What identifies an extracted invoice: its number and total, and its vendor (the VAT id, else the
 * name), each folded so that the same invoice read twice compares equal ("RE-2026/0042" and
 * "RE 2026 0042", "1,345.89" read as 1345.89 and 1345.890).
 *
 * @param vendor null where the extraction found no vendor
 */
record InvoiceIdentity(String invoiceNumber, String total, String vendor, String shownNumber, String shownTotal) {

    private static final int MAX_KEY = 200;
    /** The invoice template's own fields and what replaces them (the XML's, the vendor memory's); not key-value pairs. */
    private static final Set<String> INVOICE_SOURCES = Set.of(ExtractedField.TEMPLATE, ExtractedField.EMBEDDED_XML,
            ExtractedField.XML, ExtractedField.LEARNED);

    /** The identity of the invoice {@code result} read, empty where it has no number or no total. */
    static Optional<InvoiceIdentity> of(ExtractionResult result) {
        Optional<String> number = value(result, "invoice_number");
        Optional<String> total = value(result, "total_amount").flatMap(InvoiceIdentity::amount);
        if (number.isEmpty() || total.isEmpty() || folded(number.get()).isEmpty()) {
            return Optional.empty();
        }
        String vendor = value(result, "vendor_vat_id").map(InvoiceIdentity::folded)
                .or(() -> value(result, "vendor_name").map(name -> folded(name).toLowerCase(Locale.ROOT)))
                .filter(key -> !key.isEmpty()).orElse(null);
        return Optional.of(new InvoiceIdentity(folded(number.get()), total.get(), vendor, number.get(),
                value(result, "total_amount").orElseThrow()));
    }

    /** Whether {@code earlier} is the same invoice: the same number and total, and no two different vendors. */
    boolean sameAs(InvoiceIdentity earlier) {
        return invoiceNumber.equals(earlier.invoiceNumber) && total.equals(earlier.total)
                && (vendor == null || earlier.vendor == null || vendor.equals(earlier.vendor));
    }

    private static Optional<String> value(ExtractionResult result, String name) {
        return result.fields().stream()
                .filter(field -> field.name().equals(name) && INVOICE_SOURCES.contains(field.source()))
                .map(ExtractedField::value).filter(value -> value != null && !value.isBlank()).findFirst();
    }

    private static Optional<String> amount(String value) {
        try {
            return Optional.of(new BigDecimal(value.strip()).stripTrailingZeros().toPlainString());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static String folded(String value) {
        String letters = value.toUpperCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]", "");
        return letters.length() > MAX_KEY ? letters.substring(0, MAX_KEY) : letters;
    }
}
