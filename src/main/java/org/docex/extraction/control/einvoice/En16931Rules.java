package org.docex.extraction.control.einvoice;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.docex.extraction.control.Check;
import org.docex.extraction.control.values.AmountParser;

/**
 * Rules of EN 16931-1 (the European e-invoice's semantic model) on an e-invoice whose specification
 * identifier (BT-24) claims it (Factur-X and ZUGFeRD 2 from BASIC up, XRechnung, Peppol BIS), each a
 * check named by its rule id. Implemented here, not taken from the official rules: those are
 * Schematron (XSLT 2), which needs an XSLT 2 processor (Saxon) and the ph-schematron or KoSIT
 * validator stack; these are the rules that decide whether the invoice's amounts can be paid as
 * they stand. Covered:
 * <ul>
 * <li>the mandatory elements BR-01 (specification identifier), BR-02 (invoice number), BR-03 (issue
 * date), BR-04 (type code), BR-05 (currency), BR-06 (seller's name), BR-07 (buyer's name), BR-08 and
 * BR-09 (seller's postal address and its country), BR-10 and BR-11 (buyer's), BR-12 to BR-15 (sum of
 * lines, total without VAT, total with VAT, amount due) and BR-16 (at least one line); BR-CO-04 (each
 * line's VAT category) and BR-CO-18 (a VAT breakdown);</li>
 * <li>the calculations BR-CO-10 (sum of line net amounts), BR-CO-11 and BR-CO-12 (sums of document
 * level allowances and charges), BR-CO-13 (total without VAT), BR-CO-14 (VAT total = sum of the
 * breakdown), BR-CO-15 (total with VAT), BR-CO-16 (amount due) and BR-CO-17 (each VAT category's tax
 * = its taxable amount times its rate, to the cent);</li>
 * <li>the code lists BR-CL-01 (type codes), BR-CL-04 (the currency is an ISO 4217 code), BR-CL-14
 * (country codes), BR-CL-17 (VAT category codes of UNTDID 5305 as EN 16931 allows them) and BR-CL-23
 * (units of measure, UN/ECE Recommendations 20 and 21), the lists as EN 16931's validation artefacts
 * state them.</li>
 * </ul>
 */
final class En16931Rules {

    private static final String EN_16931 = "urn:cen.eu:en16931:2017";
    private static final Set<String> VAT_CATEGORIES = Set.of("S", "Z", "E", "AE", "K", "G", "O", "L", "M");
    private static final BigDecimal CENT = new BigDecimal("0.01");
    private static final Set<String> INVOICE_TYPES = codeList("invoice-type-codes.txt");
    private static final Set<String> CREDIT_NOTE_TYPES = codeList("credit-note-type-codes.txt");
    private static final Set<String> COUNTRIES = codeList("country-codes.txt");
    private static final Set<String> UNITS = codeList("unit-codes.txt");

    private En16931Rules() {
    }

    /**
     * Whether the invoice claims EN 16931 (compliance with it, or conformance as an extension of it).
     * Factur-X's and ZUGFeRD's MINIMUM and BASIC WL profiles are not EN 16931 invoices (they have no
     * lines), even where a producer writes EN 16931 into their identifier.
     */
    static boolean applies(InvoiceXml.Invoice invoice) {
        String profile = invoice.specificationId() == null ? "" : invoice.specificationId().toLowerCase(java.util.Locale.ROOT);
        return profile.contains(EN_16931) && !profile.endsWith(":minimum") && !profile.endsWith(":basicwl");
    }

    static List<Check> check(InvoiceXml.Invoice invoice) {
        List<Check> checks = new ArrayList<>();
        if (!applies(invoice)) {
            return checks;
        }
        InvoiceXml.Sums sums = invoice.sums();
        InvoiceXml.Parties parties = invoice.facts().parties();
        present(checks, "BR-01", "the specification identifier (BT-24)", invoice.specificationId() != null);
        present(checks, "BR-02", "the invoice number (BT-1)", invoice.fields().containsKey("invoice_number"));
        present(checks, "BR-03", "the issue date (BT-2)", invoice.fields().containsKey("invoice_date"));
        present(checks, "BR-04", "the type code (BT-3)", given(invoice.typeCode()));
        present(checks, "BR-05", "the currency (BT-5)", invoice.fields().containsKey("currency"));
        present(checks, "BR-06", "the seller's name (BT-27)", invoice.fields().containsKey("vendor_name"));
        present(checks, "BR-07", "the buyer's name (BT-44)", invoice.fields().containsKey("buyer_name"));
        present(checks, "BR-08", "the seller's postal address (BG-5)", parties.sellerAddress());
        if (parties.sellerAddress()) {
            present(checks, "BR-09", "the seller's country code (BT-40)", given(parties.sellerCountry()));
        }
        present(checks, "BR-10", "the buyer's postal address (BG-8)", parties.buyerAddress());
        if (parties.buyerAddress()) {
            present(checks, "BR-11", "the buyer's country code (BT-55)", given(parties.buyerCountry()));
        }
        present(checks, "BR-12", "the sum of the lines' net amounts (BT-106)", sums.lineTotal() != null);
        present(checks, "BR-13", "the total without VAT (BT-109)", sums.taxBasis() != null);
        present(checks, "BR-14", "the total with VAT (BT-112)", sums.grandTotal() != null);
        present(checks, "BR-15", "the amount due (BT-115)", sums.duePayable() != null);
        present(checks, "BR-16", "an invoice line (BG-25)", !sums.lineNets().isEmpty());
        long withoutVat = parties.lineVat().stream().filter(code -> !given(code)).count();
        if (!parties.lineVat().isEmpty()) {
            checks.add(withoutVat == 0 ? Check.ok("BR-CO-04", "each line has its VAT category (BT-151)")
                    : Check.mismatch("BR-CO-04", withoutVat + " of " + parties.lineVat().size() + " lines lack their VAT category (BT-151)"));
        }
        present(checks, "BR-CO-18", "a VAT breakdown (BG-23)", !sums.categories().isEmpty());
        calculations(checks, sums);
        codes(checks, invoice, sums);
        return checks;
    }

    private static void calculations(List<Check> checks, InvoiceXml.Sums sums) {
        if (sums.lineTotal() != null) {
            equal(checks, "BR-CO-10", "sum of the lines' net amounts (BT-106)", sums.lineTotal(), sum(sums.lineNets()),
                    "the lines' " + sums.lineNets().size() + " net amounts");
        }
        if (sums.allowanceTotal() != null || !sums.allowances().isEmpty()) {
            equal(checks, "BR-CO-11", "sum of allowances (BT-107)", zeroIfNull(sums.allowanceTotal()), sum(sums.allowances()),
                    "the " + sums.allowances().size() + " document level allowances");
        }
        if (sums.chargeTotal() != null || !sums.charges().isEmpty()) {
            equal(checks, "BR-CO-12", "sum of charges (BT-108)", zeroIfNull(sums.chargeTotal()), sum(sums.charges()),
                    "the " + sums.charges().size() + " document level charges");
        }
        if (sums.taxBasis() != null && sums.lineTotal() != null) {
            equal(checks, "BR-CO-13", "total without VAT (BT-109)", sums.taxBasis(),
                    sums.lineTotal().subtract(zeroIfNull(sums.allowanceTotal())).add(zeroIfNull(sums.chargeTotal())),
                    "lines " + money(sums.lineTotal()) + " - allowances " + money(zeroIfNull(sums.allowanceTotal()))
                            + " + charges " + money(zeroIfNull(sums.chargeTotal())));
        }
        if (sums.taxTotal() != null && !sums.categories().isEmpty()) {
            equal(checks, "BR-CO-14", "VAT total (BT-110)", sums.taxTotal(),
                    sum(sums.categories().stream().map(InvoiceXml.TaxCategory::tax).toList()),
                    "the " + sums.categories().size() + " VAT categories' tax amounts");
        }
        if (sums.grandTotal() != null && sums.taxBasis() != null) {
            equal(checks, "BR-CO-15", "total with VAT (BT-112)", sums.grandTotal(), sums.taxBasis().add(zeroIfNull(sums.taxTotal())),
                    "total without VAT " + money(sums.taxBasis()) + " + VAT " + money(zeroIfNull(sums.taxTotal())));
        }
        if (sums.duePayable() != null && sums.grandTotal() != null) {
            equal(checks, "BR-CO-16", "amount due (BT-115)", sums.duePayable(),
                    sums.grandTotal().subtract(zeroIfNull(sums.prepaid())).add(zeroIfNull(sums.rounding())),
                    "total with VAT " + money(sums.grandTotal()) + " - paid " + money(zeroIfNull(sums.prepaid()))
                            + " + rounding " + money(zeroIfNull(sums.rounding())));
        }
        List<String> wrong = new ArrayList<>();
        int computed = 0;
        for (InvoiceXml.TaxCategory category : sums.categories()) {
            if (category.rate() == null || category.basis() == null || category.tax() == null) {
                continue;
            }
            computed++;
            BigDecimal expected = category.basis().multiply(category.rate()).divide(BigDecimal.valueOf(100), 2, RoundingMode.HALF_UP);
            if (expected.subtract(category.tax()).abs().compareTo(CENT) > 0) {
                wrong.add(category.code() + " " + category.rate().stripTrailingZeros().toPlainString() + "%: "
                        + money(category.basis()) + " x " + category.rate().stripTrailingZeros().toPlainString() + "% = "
                        + money(expected) + ", stated " + money(category.tax()));
            }
        }
        if (computed > 0) {
            checks.add(wrong.isEmpty() ? Check.ok("BR-CO-17", "each VAT category's tax is its taxable amount times its rate")
                    : Check.mismatch("BR-CO-17", "VAT category tax not its taxable amount times its rate: " + String.join("; ", wrong)));
        }
    }

    private static void codes(List<Check> checks, InvoiceXml.Invoice invoice, InvoiceXml.Sums sums) {
        InvoiceXml.Value currency = invoice.fields().get("currency");
        if (currency != null) {
            boolean known = Currency.getAvailableCurrencies().stream().map(Currency::getCurrencyCode)
                    .anyMatch(code -> code.equals(currency.value()));
            checks.add(known ? Check.ok("BR-CL-04", "currency " + currency.value() + " is an ISO 4217 code")
                    : Check.mismatch("BR-CL-04", "currency " + shown(currency.value()) + " is not an ISO 4217 code"));
        }
        InvoiceXml.Parties parties = invoice.facts().parties();
        if (given(invoice.typeCode())) {
            String code = invoice.typeCode().strip();
            boolean known = invoice.syntax().equals("CII") ? INVOICE_TYPES.contains(code) || CREDIT_NOTE_TYPES.contains(code)
                    : (invoice.creditNote() ? CREDIT_NOTE_TYPES : INVOICE_TYPES).contains(code);
            checks.add(known ? Check.ok("BR-CL-01", "type code " + code + " is one EN 16931 allows")
                    : Check.mismatch("BR-CL-01", "type code " + shown(code) + " is not one EN 16931 allows for "
                            + (invoice.creditNote() ? "a credit note" : "an invoice") + " (UNTDID 1001 subset)"));
        }
        List<String> countries = new ArrayList<>();
        for (String country : java.util.Arrays.asList(parties.sellerCountry(), parties.buyerCountry())) {
            if (given(country) && !COUNTRIES.contains(country.strip())) {
                countries.add(shown(country));
            }
        }
        if (given(parties.sellerCountry()) || given(parties.buyerCountry())) {
            checks.add(countries.isEmpty() ? Check.ok("BR-CL-14", "the country codes are ISO 3166-1 alpha-2 codes")
                    : Check.mismatch("BR-CL-14", "country codes not in ISO 3166-1 alpha-2: " + String.join(", ", countries)));
        }
        List<String> units = parties.unitCodes().stream().filter(En16931Rules::given)
                .filter(unit -> !UNITS.contains(unit)).map(En16931Rules::shown).distinct().toList();
        if (parties.unitCodes().stream().anyMatch(En16931Rules::given)) {
            checks.add(units.isEmpty() ? Check.ok("BR-CL-23", "the lines' units are UN/ECE Recommendation 20 or 21 codes")
                    : Check.mismatch("BR-CL-23", "unit codes not in UN/ECE Recommendations 20 and 21: " + String.join(", ", units)));
        }
        List<String> unknown = sums.categories().stream().map(InvoiceXml.TaxCategory::code)
                .filter(code -> code == null || !VAT_CATEGORIES.contains(code)).map(En16931Rules::shown).distinct().toList();
        if (!sums.categories().isEmpty()) {
            checks.add(unknown.isEmpty() ? Check.ok("BR-CL-17", "the VAT category codes are UNTDID 5305 codes EN 16931 allows")
                    : Check.mismatch("BR-CL-17", "VAT category codes not allowed: " + String.join(", ", unknown)));
        }
    }

    static boolean given(String value) {
        return value != null && !value.isBlank();
    }

    /** A code list of docex's resources (codes/, one code a line; see codes/SOURCES.txt). */
    private static Set<String> codeList(String name) {
        try (java.io.InputStream in = En16931Rules.class.getResourceAsStream("codes/" + name)) {
            if (in == null) {
                throw new IllegalStateException("No code list " + name);
            }
            return Set.copyOf(java.util.Arrays.stream(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                    .split("\\s+")).filter(code -> !code.isEmpty()).toList());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Check {@code rule}: ok where {@code what} is given, a mismatch saying it is missing where not. */
    static void present(List<Check> checks, String rule, String what, boolean present) {
        checks.add(present ? Check.ok(rule, what + " is given") : Check.mismatch(rule, what + " is missing"));
    }

    private static void equal(List<Check> checks, String rule, String what, BigDecimal stated, BigDecimal computed, String from) {
        if (computed == null) {
            checks.add(Check.unavailable(rule, what + ": an amount it is computed from is missing or not a number"));
        } else if (stated.compareTo(computed) == 0) {
            checks.add(Check.ok(rule, what + " " + money(stated) + " = " + from));
        } else {
            checks.add(Check.mismatch(rule, what + " " + money(stated) + " is not " + from + " = " + money(computed)));
        }
    }

    private static BigDecimal sum(List<BigDecimal> amounts) {
        return amounts.stream().anyMatch(Objects::isNull) ? null : amounts.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    private static BigDecimal zeroIfNull(BigDecimal amount) {
        return amount == null ? BigDecimal.ZERO : amount;
    }

    private static String money(BigDecimal amount) {
        return AmountParser.money(amount);
    }

    // A value from the file, shown in a detail: at most 20 characters, no control characters.
    static String shown(String value) {
        if (value == null) {
            return "(none)";
        }
        String clean = value.replaceAll("\\p{Cntrl}", "?");
        return "\"" + (clean.length() > 20 ? clean.substring(0, 20) + "..." : clean) + "\"";
    }
}
