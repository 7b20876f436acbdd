package org.docex.extraction.control.einvoice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EInvoiceKindsTest {

    @Test
    void profilesAreNamedInShortFromTheSpecificationIdentifier() {
        assertEquals("minimum", EInvoiceKinds.profile("urn:factur-x.eu:1p0:minimum"));
        assertEquals("basic_wl", EInvoiceKinds.profile("urn:factur-x.eu:1p0:basicwl"));
        assertEquals("basic", EInvoiceKinds.profile("urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic"));
        assertEquals("en16931", EInvoiceKinds.profile("urn:cen.eu:en16931:2017"));
        assertEquals("extended", EInvoiceKinds.profile("urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended"));
        assertEquals("extended", EInvoiceKinds.profile("urn:zugferd.de:2p0:extended"));
        assertEquals("comfort", EInvoiceKinds.profile("urn:ferd:CrossIndustryDocument:invoice:1p0:comfort"));
        assertEquals("xrechnung", EInvoiceKinds.profile("urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"));
        assertEquals("peppol_bis_3", EInvoiceKinds.profile("urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"));
        assertNull(EInvoiceKinds.profile("urn:example:something-else"));
        assertNull(EInvoiceKinds.profile(null));
    }

    @Test
    void theTypeCodeSaysWhatKindOfDocumentItIs() {
        assertEquals("invoice", type("380", false));
        assertEquals("credit_note", type("381", false));
        assertEquals("credit_note", type("261", false));
        assertEquals("credit_note", type(null, true));
        assertEquals("corrected_invoice", type("384", false));
        assertEquals("self_billed_invoice", type("389", false));
        assertEquals("prepayment_invoice", type("386", false));
        assertEquals("partial_invoice", type("326", false));
        assertEquals("debit_note", type("383", false));
        assertEquals("invoice", type(null, false));
        assertEquals("invoice", type("999", false));
        assertEquals("Credit note", EInvoiceKinds.title(invoice("381", false)));
        assertEquals("Invoice", EInvoiceKinds.title(invoice("380", false)));
    }

    private static String type(String code, boolean creditNote) {
        return EInvoiceKinds.documentType(invoice(code, creditNote));
    }

    private static InvoiceXml.Invoice invoice(String code, boolean creditNote) {
        return new InvoiceXml.Invoice("cii", "CII", null, code, creditNote, Map.of(), List.of(), false, null, null, null, null);
    }
}
