package org.docex.extraction.control.einvoice;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.docex.extraction.control.Check;
import org.docex.extraction.control.EInvoiceSummary;

/**
 * What kind of e-invoice an XML is: its profile in short, from the specification identifier (BT-24),
 * and its document type, from the type code (BT-3, UNTDID 1001) as EN 16931 and XRechnung use it.
 */
final class EInvoiceKinds {

    static final String INVOICE = "invoice";
    static final String CREDIT_NOTE = "credit_note";
    static final String SPECIFICATION = "specification_identifier";

    /** UNTDID 1001 codes of credit notes, EN 16931's list (BR-CL-01) and the self-billed and factored ones. */
    private static final Set<String> CREDIT_NOTES = Set.of("81", "83", "261", "262", "296", "308", "381", "396", "420",
            "458", "532");
    private static final Map<String, String> OTHER_TYPES = Map.of(
            "383", "debit_note",
            "384", "corrected_invoice",
            "386", "prepayment_invoice",
            "389", "self_billed_invoice",
            "326", "partial_invoice",
            "875", "partial_invoice",
            "876", "partial_invoice",
            "877", "invoice");
    private static final Map<String, String> TITLES = Map.of(
            CREDIT_NOTE, "Credit note",
            "debit_note", "Debit note",
            "corrected_invoice", "Corrected invoice",
            "prepayment_invoice", "Prepayment invoice",
            "self_billed_invoice", "Self-billed invoice",
            "partial_invoice", "Partial invoice");

    private EInvoiceKinds() {
    }

    static EInvoiceSummary summary(InvoiceXml.Invoice invoice) {
        return new EInvoiceSummary(invoice.format(), invoice.syntax(), profile(invoice.specificationId()),
                invoice.specificationId(), documentType(invoice), invoice.typeCode());
    }

    /** {@code invoice} for a commercial invoice (380) and for a code docex does not know, else the kind the code names. */
    static String documentType(InvoiceXml.Invoice invoice) {
        String code = invoice.typeCode() == null ? "" : invoice.typeCode().strip();
        if (invoice.creditNote() || CREDIT_NOTES.contains(code)) {
            return CREDIT_NOTE;
        }
        return OTHER_TYPES.getOrDefault(code, INVOICE);
    }

    /** How a rendering of the XML is headed: "Invoice", "Credit note", ... */
    static String title(InvoiceXml.Invoice invoice) {
        return TITLES.getOrDefault(documentType(invoice), "Invoice");
    }

    /**
     * Check {@code specification_identifier}: whether the XML names a specification (BT-24) docex knows, whose rules it
     * can then hold the invoice to; an invoice that names none or another one is read all the same.
     */
    static Check specification(InvoiceXml.Invoice invoice) {
        String id = invoice.specificationId();
        if (profile(id) != null) {
            return Check.ok(SPECIFICATION, "the specification identifier names the profile " + profile(id));
        }
        return Check.mismatch(SPECIFICATION, id == null || id.isBlank()
                ? "the XML names no specification (BT-24), so no profile's rules could be checked"
                : "the specification identifier " + En16931Rules.shown(id) + " names no profile docex knows"
                        + " (EN 16931, Factur-X, ZUGFeRD, XRechnung, Peppol BIS), so no profile's rules were checked");
    }

    /**
     * The profile a specification identifier names: Factur-X's and ZUGFeRD 2's (urn:factur-x.eu:1p0:basic,
     * urn:zugferd.de:2p0:extended, urn:cen.eu:en16931:2017 alone for EN 16931), ZUGFeRD 1.0's
     * (urn:ferd:CrossIndustryDocument:invoice:1p0:comfort), XRechnung and Peppol BIS Billing 3.0.
     */
    static String profile(String specificationId) {
        if (specificationId == null) {
            return null;
        }
        String id = specificationId.strip().toLowerCase(Locale.ROOT);
        if (id.contains("xrechnung")) {
            return "xrechnung";
        }
        if (id.contains("peppol.eu:2017:poacc:billing:3.0")) {
            return "peppol_bis_3";
        }
        String last = id.substring(id.lastIndexOf(':') + 1);
        return switch (last) {
            case "minimum" -> "minimum";
            case "basicwl" -> "basic_wl";
            case "basic" -> "basic";
            case "comfort" -> "comfort";
            case "extended" -> "extended";
            default -> id.startsWith("urn:cen.eu:en16931:2017") ? "en16931" : null;
        };
    }
}
