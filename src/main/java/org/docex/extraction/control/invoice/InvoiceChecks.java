package org.docex.extraction.control.invoice;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.Check;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.values.AmountParser;
import org.docex.extraction.control.values.IbanParser;
import org.docex.extraction.control.values.VatIds;

/**
 * The arithmetic of an invoice, to the cent: quantity x unit price = amount on each line, the sum
 * of the line amounts = subtotal, subtotal + tax = total; the IBAN's check digits (ISO 13616) and
 * the vendor's VAT id's, where its country defines them ({@link VatIds}). The fields in a mismatch keep their
 * values and lose half their confidence, so a reviewer's eye goes there first.
 *
 * <p>A unit price is printed rounded to the cent while the amount was computed from the exact
 * price, so a line agrees when quantity x unit price is within half a cent per unit of the amount.
 */
public final class InvoiceChecks {

    private static final Pattern LINE = Pattern.compile("line_items\\.(\\d+)\\.(\\w+)");
    private static final BigDecimal CENT = new BigDecimal("0.01");
    private static final BigDecimal HALF_CENT = new BigDecimal("0.005");
    private static final double MISMATCH_FACTOR = 0.5;
    static final String IBAN_CHECKSUM = "iban_checksum";
    static final String VAT_ID_CHECK_DIGITS = "vat_id_check_digits";
    private static final double UNCHECKED_VAT_ID = 0.85;
    private static final double CHECKED_VAT_ID = 0.95;

    private InvoiceChecks() {
    }

    public record Outcome(List<ExtractedField> fields, List<Check> checks) {
    }

    public static Outcome of(List<ExtractedField> fields) {
        Map<String, ExtractedField> byName = new LinkedHashMap<>();
        fields.forEach(field -> byName.putIfAbsent(field.name(), field));
        TreeSet<Integer> lines = new TreeSet<>();
        for (String name : byName.keySet()) {
            Matcher line = LINE.matcher(name);
            if (line.matches()) {
                lines.add(Integer.parseInt(line.group(1)));
            }
        }
        List<Check> checks = new ArrayList<>();
        Set<String> suspect = new HashSet<>();
        boolean everyAmount = !lines.isEmpty();
        for (int line : lines) {
            String prefix = "line_items." + line + ".";
            Optional<BigDecimal> quantity = number(byName, prefix + "quantity");
            Optional<BigDecimal> price = number(byName, prefix + "unit_price");
            Optional<BigDecimal> amount = number(byName, prefix + "amount");
            String name = prefix + "quantity_x_unit_price";
            everyAmount &= amount.isPresent();
            if (quantity.isEmpty() || price.isEmpty() || amount.isEmpty()) {
                checks.add(Check.unavailable(name, "line " + line + ": quantity, unit price or amount not found"));
                continue;
            }
            BigDecimal product = quantity.get().multiply(price.get());
            BigDecimal tolerance = HALF_CENT.multiply(quantity.get().abs()).max(HALF_CENT);
            String detail = "line " + line + ": " + quantity.get().toPlainString() + " x " + price.get().toPlainString()
                    + " = " + money(product) + ", amount " + amount.get().toPlainString();
            if (product.subtract(amount.get()).abs().compareTo(tolerance) <= 0) {
                checks.add(Check.ok(name, detail));
            } else {
                checks.add(Check.mismatch(name, detail));
                suspect.addAll(List.of(prefix + "quantity", prefix + "unit_price", prefix + "amount"));
            }
        }
        BigDecimal total = BigDecimal.ZERO;
        for (int line : lines) {
            total = total.add(number(byName, "line_items." + line + ".amount").orElse(BigDecimal.ZERO));
        }
        Optional<BigDecimal> subtotal = number(byName, "subtotal_amount");
        if (!lines.isEmpty()) {
            String name = "lines_sum_to_subtotal";
            if (!everyAmount || subtotal.isEmpty()) {
                checks.add(Check.unavailable(name, "a line amount or the subtotal was not found"));
            } else if (total.compareTo(subtotal.get()) == 0) {
                checks.add(Check.ok(name, lines.size() + " lines sum to " + money(total) + ", subtotal " + money(subtotal.get())));
            } else {
                checks.add(Check.mismatch(name, lines.size() + " lines sum to " + money(total) + ", subtotal " + money(subtotal.get())));
                suspect.add("subtotal_amount");
                lines.forEach(line -> suspect.add("line_items." + line + ".amount"));
            }
        }
        Optional<BigDecimal> tax = number(byName, "tax_amount");
        Optional<BigDecimal> grandTotal = number(byName, "total_amount");
        String name = "subtotal_plus_tax_is_total";
        if (subtotal.isEmpty() || tax.isEmpty() || grandTotal.isEmpty()) {
            if (subtotal.isPresent() || tax.isPresent()) {
                checks.add(Check.unavailable(name, "the subtotal, tax or total was not found"));
            }
        } else {
            BigDecimal sumOfBoth = subtotal.get().add(tax.get());
            String detail = money(subtotal.get()) + " + " + money(tax.get()) + " = " + money(sumOfBoth) + ", total "
                    + money(grandTotal.get());
            if (sumOfBoth.subtract(grandTotal.get()).abs().compareTo(CENT) < 0) {
                checks.add(Check.ok(name, detail));
            } else {
                checks.add(Check.mismatch(name, detail));
                suspect.addAll(List.of("subtotal_amount", "tax_amount", "total_amount"));
            }
        }
        ExtractedField iban = byName.get("iban");
        if (iban != null && iban.value() != null) {
            String detail = "IBAN " + iban.value();
            if (IbanParser.isValid(iban.value())) {
                checks.add(Check.ok(IBAN_CHECKSUM, detail + ": its check digits hold"));
            } else {
                checks.add(Check.mismatch(IBAN_CHECKSUM, detail + ": its check digits do not hold (a typing error or a changed account)"));
            }
        }
        ExtractedField vatId = byName.get("vendor_vat_id");
        if (vatId != null && vatId.value() != null) {
            Optional<Boolean> holds = VatIds.checkDigitsHold(vatId.value());
            if (holds.isPresent()) {
                String detail = "VAT id " + vatId.value() + (holds.get() ? ": its check digits hold"
                        : ": its check digits do not hold for " + vatId.value().substring(0, 2));
                checks.add(holds.get() ? Check.ok(VAT_ID_CHECK_DIGITS, detail) : Check.mismatch(VAT_ID_CHECK_DIGITS, detail));
                if (!holds.get() && !ExtractedField.fromXml(vatId.source())) {
                    // A misread digit on the page; the XML's value stays what the issuer stated.
                    suspect.add("vendor_vat_id");
                }
            }
        }
        List<ExtractedField> adjusted = fields.stream()
                .map(field -> suspect.contains(field.name()) ? field.lessSure(MISMATCH_FACTOR) : byCheckDigits(field))
                .toList();
        return new Outcome(adjusted, checks);
    }

    /**
     * A VAT id read from the page is as sure as its check digits make it: one that passes them is
     * rarely a misread (0.95 at least), one whose country has no known rule or no prefix ("06235763255"
     * where OCR read "GB" as "06") at most 0.85. Check digits prove the reading, not whose id it is:
     * one read as a guess between the parties stays a guess.
     */
    private static ExtractedField byCheckDigits(ExtractedField field) {
        if (!field.name().equals("vendor_vat_id") || !ExtractedField.TEMPLATE.equals(field.source()) || field.value() == null) {
            return field;
        }
        Optional<Boolean> holds = VatIds.checkDigitsHold(field.value());
        double confidence = holds.isEmpty() ? Math.min(field.confidence(), UNCHECKED_VAT_ID)
                : holds.get() && field.confidence() > InvoiceParties.AMBIGUOUS_PARTY ? Math.max(field.confidence(), CHECKED_VAT_ID)
                : field.confidence();
        return new ExtractedField(field.name(), field.value(), field.raw(), field.type(), confidence, field.source(),
                field.page(), field.bbox());
    }

    private static Optional<BigDecimal> number(Map<String, ExtractedField> fields, String name) {
        ExtractedField field = fields.get(name);
        if (field == null || field.value() == null || field.value().length() > 40) {
            return Optional.empty();
        }
        try {
            return Optional.of(new BigDecimal(field.value()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    // A computed sum or product, written as money is: at least two decimal places.
    private static String money(BigDecimal value) {
        return AmountParser.money(value.stripTrailingZeros());
    }
}
