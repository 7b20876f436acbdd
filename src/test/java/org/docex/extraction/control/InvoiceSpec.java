package org.docex.extraction.control;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;

/** One generated invoice: what it says (the truth) and how it is laid out. */
record InvoiceSpec(String id, Language language, String vendor, String customer, VendorPlacement vendorPlacement,
                   MetaLayout metaLayout, TotalsLayout totalsLayout, int wording, String number, LocalDate date,
                   LocalDate due, BigDecimal total, String currency, String iban, NumberStyle numberStyle,
                   DateStyle dateStyle) {

    enum Language { EN, DE }

    /** Where the issuer's name appears. */
    enum VendorPlacement { HEADING, FROM_LABEL, TITLE_BIGGER, SENDER_LINE, PLAIN_FIRST_LINE }

    /** How invoice number and dates are laid out. */
    enum MetaLayout { COLON, COLUMNS, BELOW, INLINE }

    enum TotalsLayout { COLUMNS, COLON, BELOW }

    enum NumberStyle { US, GERMAN, PLAIN, SPACED, SWISS }

    enum DateStyle { US, GB, DOTTED, ISO, LONG_EN, US_LONG, DE_LONG, SHORT_EN }

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
}
