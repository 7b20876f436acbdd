package org.docex.extraction.control.einvoice;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.docex.extraction.control.Check;
import org.docex.extraction.control.values.IbanParser;

/**
 * XRechnung's national rules (the German CIUS of EN 16931, KoSIT's BR-DE-*) on an e-invoice whose
 * specification identifier names XRechnung, each a check named by its rule id. Written here like
 * {@link En16931Rules}, not run from KoSIT's Schematron. Covered: BR-DE-1 (payment instructions),
 * BR-DE-2 and BR-DE-5 to BR-DE-7 (the seller's contact with its name, telephone and e-mail), BR-DE-3
 * and BR-DE-4 (the seller's city and post code), BR-DE-8 and BR-DE-9 (the buyer's), BR-DE-10 and
 * BR-DE-11 (a deliver-to address's), BR-DE-14 (each VAT category's rate), BR-DE-15 (the buyer
 * reference, the Leitweg-ID of a public buyer), BR-DE-16 (a seller tax id), and the rules KoSIT flags
 * as warnings, BR-DE-17 (the type codes XRechnung allows), BR-DE-19 (a valid IBAN where SEPA credit
 * transfer is asked for) and BR-DE-21 (XRechnung's own specification identifier). Not covered:
 * BR-DE-13 (exactly one of credit transfer, card and direct debit), BR-DE-18 (the syntax of discount
 * and late-payment terms), BR-DE-20 and BR-DE-22 onwards.
 */
final class XRechnungRules {

    private static final Set<String> TYPE_CODES = Set.of("326", "380", "384", "389", "381", "875", "876", "877");
    // XRechnung 3's identifier, and the one of versions 1.2 to 2.3 (urn:xoev-de:kosit:standard:xrechnung_2.1), which each
    // version's own validation accepts; with their extensions.
    private static final Pattern SPECIFICATION = Pattern.compile("urn:cen\\.eu:en16931:2017#compliant#"
            + "(?:urn:xeinkauf\\.de:kosit:xrechnung_\\d+\\.\\d+(?:#conformant#urn:xeinkauf\\.de:kosit:extension:xrechnung_\\d+\\.\\d+)?"
            + "|urn:xoev-de:kosit:standard:xrechnung_\\d+\\.\\d+(?:#conformant#urn:xoev-de:kosit:extension:xrechnung_\\d+\\.\\d+)?)");
    private static final String SEPA_CREDIT_TRANSFER = "58";

    private XRechnungRules() {
    }

    static boolean applies(InvoiceXml.Invoice invoice) {
        return invoice.specificationId() != null && invoice.specificationId().toLowerCase(Locale.ROOT).contains("xrechnung");
    }

    static List<Check> check(InvoiceXml.Invoice invoice) {
        List<Check> checks = new ArrayList<>();
        if (!applies(invoice)) {
            return checks;
        }
        InvoiceXml.Facts facts = invoice.facts();
        En16931Rules.present(checks, "BR-DE-1", "the payment instructions (BG-16)", !facts.paymentMeans().isEmpty());
        En16931Rules.present(checks, "BR-DE-2", "the seller's contact (BG-6)", facts.sellerContact());
        En16931Rules.present(checks, "BR-DE-3", "the seller's city (BT-37)", En16931Rules.given(facts.sellerCity()));
        En16931Rules.present(checks, "BR-DE-4", "the seller's post code (BT-38)", En16931Rules.given(facts.sellerPostCode()));
        if (facts.sellerContact()) {
            En16931Rules.present(checks, "BR-DE-5", "the seller's contact point (BT-41)", En16931Rules.given(facts.sellerContactPoint()));
            En16931Rules.present(checks, "BR-DE-6", "the seller's contact telephone number (BT-42)", En16931Rules.given(facts.sellerPhone()));
            En16931Rules.present(checks, "BR-DE-7", "the seller's contact e-mail address (BT-43)", En16931Rules.given(facts.sellerEmail()));
        }
        En16931Rules.present(checks, "BR-DE-8", "the buyer's city (BT-52)", En16931Rules.given(facts.buyerCity()));
        En16931Rules.present(checks, "BR-DE-9", "the buyer's post code (BT-53)", En16931Rules.given(facts.buyerPostCode()));
        if (facts.deliverTo()) {
            En16931Rules.present(checks, "BR-DE-10", "the deliver-to city (BT-77)", En16931Rules.given(facts.deliverToCity()));
            En16931Rules.present(checks, "BR-DE-11", "the deliver-to post code (BT-78)", En16931Rules.given(facts.deliverToPostCode()));
        }
        if (!invoice.sums().categories().isEmpty()) {
            long missing = invoice.sums().categories().stream().filter(category -> category.rate() == null).count();
            checks.add(missing == 0 ? Check.ok("BR-DE-14", "each VAT category's rate (BT-119) is given")
                    : Check.mismatch("BR-DE-14", missing + " VAT categories lack their rate (BT-119)"));
        }
        En16931Rules.present(checks, "BR-DE-15", "the buyer reference (BT-10)", En16931Rules.given(facts.buyerReference()));
        En16931Rules.present(checks, "BR-DE-16", "a seller VAT id (BT-31), tax registration (BT-32) or tax representative (BG-11)",
                facts.sellerTaxIds());
        String code = invoice.typeCode() == null ? null : invoice.typeCode().strip();
        checks.add(code != null && TYPE_CODES.contains(code) ? Check.ok("BR-DE-17", "type code " + code + " is one XRechnung allows")
                : Check.mismatch("BR-DE-17", "type code " + En16931Rules.shown(code)
                        + " should be one XRechnung allows (326, 380, 384, 389, 381, 875, 876, 877)"));
        List<String> wrong = facts.paymentMeans().stream()
                .filter(means -> SEPA_CREDIT_TRANSFER.equals(means.code() == null ? null : means.code().strip()))
                .map(InvoiceXml.PaymentMeans::account)
                .filter(account -> account == null || !IbanParser.isValid(account.replace(" ", "").toUpperCase(Locale.ROOT)))
                .map(En16931Rules::shown).toList();
        if (facts.paymentMeans().stream().anyMatch(means -> means.code() != null && SEPA_CREDIT_TRANSFER.equals(means.code().strip()))) {
            checks.add(wrong.isEmpty() ? Check.ok("BR-DE-19", "the account of each SEPA credit transfer is a valid IBAN")
                    : Check.mismatch("BR-DE-19", "a SEPA credit transfer (code 58) should name a valid IBAN, not "
                            + String.join(", ", wrong)));
        }
        checks.add(SPECIFICATION.matcher(invoice.specificationId().strip()).matches()
                ? Check.ok("BR-DE-21", "the specification identifier is XRechnung's")
                : Check.mismatch("BR-DE-21", "the specification identifier " + En16931Rules.shown(invoice.specificationId())
                        + " should be written as XRechnung's (urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0)"));
        return checks;
    }
}
