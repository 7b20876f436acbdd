package org.docex.extraction.control.einvoice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.docex.extraction.EInvoicePdfs;
import org.docex.extraction.control.Check;
import org.docex.extraction.control.realworld.RealWorldSet;
import org.junit.jupiter.api.Test;

/** The syntaxes' own schemas: real invoices follow them, an invoice that breaks its schema is told so and still read. */
class EInvoiceSchemasTest {

    private static final Logger LOG = Logger.getLogger(EInvoiceSchemasTest.class.getName());

    @Test
    void realInvoicesOfEverySyntaxFollowTheirSchema() throws Exception {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> peppol = Files.list(Path.of("src/test/resources/einvoices/peppol-bis-3"))) {
            peppol.filter(file -> file.toString().endsWith(".xml")).sorted().forEach(files::add);
        }
        if (RealWorldSet.available()) {
            files.addAll(RealWorldSet.plainXmlFiles());
        }
        List<String> failed = new ArrayList<>();
        for (Path file : files) {
            Check schema = InvoiceXml.read(file.getFileName().toString(), Files.readAllBytes(file)).orElseThrow().schema();
            if (!schema.status().equals(Check.OK)) {
                failed.add(file.getFileName() + ": " + schema.detail());
            }
        }
        for (byte[] xml : List.of(EInvoicePdfs.cii(EInvoicePdfs.sample()), EInvoicePdfs.ubl(EInvoicePdfs.sample()))) {
            Check schema = InvoiceXml.read("invoice.xml", xml).orElseThrow().schema();
            if (!schema.status().equals(Check.OK)) {
                failed.add("generated: " + schema.detail());
            }
        }
        LOG.info("Schemas on " + files.size() + " real XML invoices: " + (files.size() + 2 - failed.size()) + " follow theirs\n  "
                + String.join("\n  ", failed));
        assertEquals(List.of(), failed);
    }

    /** An invoice that breaks its schema is read as far as it goes and says where it breaks it. */
    @Test
    void anInvoiceThatBreaksItsSchemaIsStillReadAndToldWhere() throws Exception {
        String ubl = new String(EInvoicePdfs.ubl(EInvoicePdfs.sample()), StandardCharsets.UTF_8);
        InvoiceXml.Invoice swapped = InvoiceXml.read("invoice.xml", ubl.replace("<cbc:ID>RE-2026-0042</cbc:ID>\n", "")
                .replace("<cbc:InvoiceTypeCode>", "<cbc:ID>RE-2026-0042</cbc:ID><cbc:InvoiceTypeCode>")
                .getBytes(StandardCharsets.UTF_8)).orElseThrow();
        assertEquals(Check.MISMATCH, swapped.schema().status());
        assertTrue(swapped.schema().detail().startsWith("the XML does not follow the UBL 2.1 Invoice schema: cvc-complex-type.2.4.a:"
                + " Invalid content was found starting with element"), swapped.schema().detail());
        assertEquals("RE-2026-0042", swapped.fields().get("invoice_number").value());

        String cii = new String(EInvoicePdfs.cii(EInvoicePdfs.sample()), StandardCharsets.UTF_8);
        InvoiceXml.Invoice unknown = InvoiceXml.read("factur-x.xml", cii.replace("<ram:TypeCode>380</ram:TypeCode>",
                "<ram:TypeCode>380</ram:TypeCode><ram:Colour>blue</ram:Colour>").getBytes(StandardCharsets.UTF_8)).orElseThrow();
        assertEquals(Check.MISMATCH, unknown.schema().status());
        assertTrue(unknown.schema().detail().contains("Factur-X 1.07 / ZUGFeRD 2.3 EN 16931 schema")
                && unknown.schema().detail().contains("Colour"), unknown.schema().detail());
        assertEquals("1345.89", unknown.fields().get("total_amount").value());

        InvoiceXml.Invoice notANumber = InvoiceXml.read("factur-x.xml", cii.replace("<ram:GrandTotalAmount>1345.89<",
                "<ram:GrandTotalAmount>1.345,89<").getBytes(StandardCharsets.UTF_8)).orElseThrow();
        assertEquals(Check.MISMATCH, notANumber.schema().status());
        assertTrue(notANumber.schema().detail().contains("'1.345,89' is not a valid value for 'decimal'"), notANumber.schema().detail());
    }

    /** An identifier that names no profile docex knows: read all the same, and said, as no profile's rules were checked. */
    @Test
    void anUnknownSpecificationIsSaidAndItsInvoiceReadAllTheSame() throws Exception {
        String cii = new String(EInvoicePdfs.cii(EInvoicePdfs.sample()), StandardCharsets.UTF_8);
        InvoiceXml.Invoice invoice = InvoiceXml.read("factur-x.xml", cii.replace("urn:cen.eu:en16931:2017", "urn:example:my-erp:1")
                .getBytes(StandardCharsets.UTF_8)).orElseThrow();
        Check specification = EInvoiceKinds.specification(invoice);
        assertEquals(Check.MISMATCH, specification.status());
        assertEquals("the specification identifier \"urn:example:my-erp:1\" names no profile docex knows (EN 16931, Factur-X,"
                + " ZUGFeRD, XRechnung, Peppol BIS), so no profile's rules were checked", specification.detail());
        assertEquals("RE-2026-0042", invoice.fields().get("invoice_number").value());
        assertEquals(Check.OK, invoice.schema().status(), invoice.schema().detail());
        assertEquals(Check.OK, EInvoiceKinds.specification(InvoiceXml.read("factur-x.xml", cii.getBytes(StandardCharsets.UTF_8))
                .orElseThrow()).status());
    }
}
