package org.docex.extraction.control;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One generated invoice: what it says (the truth) and how it is laid out. An invoice with
 * {@link #items()} prints them as a table (ruled or not) with totals computed from them at
 * {@link #TAX_RATE} percent; one without prints the fixed two rows derived from its total.
 */
record InvoiceSpec(String id, Language language, String vendor, String customer, VendorPlacement vendorPlacement,
                   MetaLayout metaLayout, TotalsLayout totalsLayout, int wording, String number, LocalDate date,
                   LocalDate due, BigDecimal total, String currency, String iban, NumberStyle numberStyle,
                   DateStyle dateStyle, List<Item> items, boolean ruled) {

    /** The tax rate in percent, the same on every line of an invoice with items. */
    static final BigDecimal TAX_RATE = new BigDecimal("19");

    enum Language { EN, DE }

    /** Where the issuer's name appears. */
    enum VendorPlacement { HEADING, FROM_LABEL, TITLE_BIGGER, SENDER_LINE, PLAIN_FIRST_LINE }

    /** How invoice number and dates are laid out. */
    enum MetaLayout { COLON, COLUMNS, BELOW, INLINE }

    enum TotalsLayout { COLUMNS, COLON, BELOW }

    enum NumberStyle { US, GERMAN, PLAIN, SPACED, SWISS }

    enum DateStyle { US, GB, DOTTED, ISO, LONG_EN, US_LONG, DE_LONG, SHORT_EN }

    /** One line of the items table; the amount is quantity x unit price rounded half up to the cent. */
    record Item(String description, BigDecimal quantity, BigDecimal unitPrice, BigDecimal amount) {

        static Item of(String description, BigDecimal quantity, BigDecimal unitPrice) {
            return new Item(description, quantity, unitPrice,
                    quantity.multiply(unitPrice).setScale(2, RoundingMode.HALF_UP));
        }
    }

    InvoiceSpec {
        items = items == null ? List.of() : List.copyOf(items);
    }

    /** An invoice without items: the fixed two-row table. */
    InvoiceSpec(String id, Language language, String vendor, String customer, VendorPlacement vendorPlacement,
                MetaLayout metaLayout, TotalsLayout totalsLayout, int wording, String number, LocalDate date,
                LocalDate due, BigDecimal total, String currency, String iban, NumberStyle numberStyle,
                DateStyle dateStyle) {
        this(id, language, vendor, customer, vendorPlacement, metaLayout, totalsLayout, wording, number, date, due,
                total, currency, iban, numberStyle, dateStyle, List.of(), false);
    }

    /** This invoice with these items, ruled or not, and the total they add up to with tax. */
    InvoiceSpec withItems(List<Item> lines, boolean rules) {
        BigDecimal net = sum(lines);
        return new InvoiceSpec(id, language, vendor, customer, vendorPlacement, metaLayout, totalsLayout, wording,
                number, date, due, net.add(taxOn(net)), currency, iban, numberStyle, dateStyle, lines, rules);
    }

    boolean hasItems() {
        return !items.isEmpty();
    }

    /** The sum of the line amounts. */
    BigDecimal subtotal() {
        return sum(items);
    }

    /** {@link #TAX_RATE} percent of the subtotal, rounded half up to the cent. */
    BigDecimal tax() {
        return taxOn(subtotal());
    }

    private static BigDecimal sum(List<Item> lines) {
        return lines.stream().map(Item::amount).reduce(BigDecimal.ZERO.setScale(2), BigDecimal::add);
    }

    private static BigDecimal taxOn(BigDecimal net) {
        return net.multiply(TAX_RATE).movePointLeft(2).setScale(2, RoundingMode.HALF_UP);
    }

    String customerNumber() {
        return String.valueOf(10100 + Math.floorMod(id.hashCode(), 900));
    }

    String purchaseOrder() {
        return "PO-" + (4711 + wording);
    }

    /** The vendor's VAT identification number, printed on invoices with items: GB or DE and nine digits. */
    String vendorVatId() {
        return (language == Language.EN ? "GB" : "DE") + (100_000_000 + Math.floorMod(id.hashCode() * 7919, 900_000_000));
    }

    /** The template fields and the values the extractor must find; absent fields are not in the map. */
    Map<String, String> expected() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("invoice_number", number);
        fields.put("invoice_date", date.toString());
        if (due != null) {
            fields.put("due_date", due.toString());
        }
        fields.put("total_amount", total.setScale(2).toPlainString());
        fields.put("currency", currency);
        fields.put("vendor_name", vendor);
        if (iban != null) {
            fields.put("iban", iban);
        }
        return fields;
    }

    /**
     * The items as the extractor writes them, in table order: description as printed, quantity as a
     * plain number without trailing zeros ("3", "1.5"), unit price and amount with two decimals.
     */
    List<Map<String, String>> expectedLineItems() {
        return items.stream().map(item -> {
            Map<String, String> line = new LinkedHashMap<>();
            line.put("description", item.description());
            line.put("quantity", item.quantity().stripTrailingZeros().toPlainString());
            line.put("unit_price", money(item.unitPrice()));
            line.put("amount", money(item.amount()));
            return line;
        }).toList();
    }

    /** The totals and parties of an invoice with items, as the extractor writes them. */
    Map<String, String> expectedTotals() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("subtotal_amount", money(subtotal()));
        fields.put("tax_amount", money(tax()));
        fields.put("tax_rate", TAX_RATE.toPlainString());
        fields.put("total_amount", money(total));
        fields.put("vendor_vat_id", vendorVatId());
        fields.put("buyer_name", customer);
        fields.put("purchase_order", purchaseOrder());
        return fields;
    }

    private static String money(BigDecimal value) {
        return value.setScale(2, RoundingMode.HALF_UP).toPlainString();
    }
}
