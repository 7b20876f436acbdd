package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.docex.extraction.EInvoicePdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Invoices that carry their data as XML: Factur-X / ZUGFeRD (CII) and UBL, and hostile attachments. */
class EInvoiceExtractionTest {

    private static final Path HYBRID = Path.of("src/test/resources/realworld/hybrid");
    private static final Map<String, String> EXPECTED = Map.ofEntries(
            Map.entry("invoice_number", "RE-2026-0042"),
            Map.entry("invoice_date", "2026-11-03"),
            Map.entry("due_date", "2026-12-03"),
            Map.entry("total_amount", "1345.89"),
            Map.entry("currency", "EUR"),
            Map.entry("vendor_name", "Hafenkontor Hamburg GmbH"),
            Map.entry("iban", "DE89370400440532013000"),
            Map.entry("subtotal_amount", "1131.00"),
            Map.entry("tax_amount", "214.89"),
            Map.entry("tax_rate", "19"),
            Map.entry("vendor_vat_id", "DE123456789"),
            Map.entry("buyer_name", "Müller Logistik AG"),
            Map.entry("purchase_order", "PO-4711"),
            Map.entry("line_items.1.description", "Beratungsleistung"),
            Map.entry("line_items.1.quantity", "3"),
            Map.entry("line_items.1.unit_price", "120.00"),
            Map.entry("line_items.1.amount", "360.00"),
            Map.entry("line_items.1.tax_rate", "19"),
            Map.entry("line_items.2.description", "Softwarelizenz & Wartung"),
            Map.entry("line_items.2.quantity", "2"),
            Map.entry("line_items.2.unit_price", "85.50"),
            Map.entry("line_items.2.amount", "171.00"),
            Map.entry("line_items.3.description", "Schulung <vor Ort>"),
            Map.entry("line_items.3.quantity", "1.5"),
            Map.entry("line_items.3.amount", "600.00"));

    private final DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());

    @TempDir
    Path dir;

    @Test
    void facturXGivesEveryInvoiceFieldAndLineExactlyFromTheXml() throws Exception {
        ExtractionResult result = extract(EInvoicePdfs.withAttachment(EInvoicePdfs.sample(), "factur-x.xml",
                EInvoicePdfs.cii(EInvoicePdfs.sample())));

        Map<String, ExtractedField> fields = xmlFields(result);
        EXPECTED.forEach((name, value) -> assertEquals(value, fields.containsKey(name) ? fields.get(name).value() : null, name));
        fields.values().forEach(field -> assertEquals(1.0, field.confidence(), field.name()));
        assertEquals(new EInvoiceSummary("factur-x", "CII", "en16931", "urn:cen.eu:en16931:2017", "invoice", "380"),
                result.eInvoice());
        assertEquals("money", fields.get("total_amount").type());
        assertEquals("date", fields.get("invoice_date").type());
        // The printed invoice number is placed on the page for the reviewer.
        assertNotNull(fields.get("invoice_number").bbox());
        assertEquals(1, fields.get("invoice_number").page());
        assertEquals(Check.OK, check(result, "visible_text_matches_xml").status());
        for (String printed : List.of("iban", "invoice_number", "invoice_date", "total_amount", "vendor_vat_id")) {
            assertEquals(Check.OK, check(result, "print_matches_xml." + printed).status(), printed);
        }
        assertEquals("The page shows the e-invoice's IBAN DE89 3704 0044 0532 0130 00.", check(result, "print_matches_xml.iban").detail());
        assertEquals(Check.OK, check(result, "line_items.3.quantity_x_unit_price").status());
        assertEquals(Check.OK, check(result, "lines_sum_to_subtotal").status());
        assertEquals(Check.OK, check(result, "subtotal_plus_tax_is_total").status());
        // EN 16931's rules on the XML, named by their ids.
        assertEquals(Check.OK, check(result, "BR-CO-15").status());
        assertEquals(Check.OK, check(result, "BR-16").status());
        assertTrue(result.warnings().isEmpty(), result.warnings().toString());
        // Nothing of the invoice template comes from the print where the XML says it.
        assertTrue(result.fields().stream().noneMatch(field -> field.source().equals(ExtractedField.TEMPLATE)
                && EXPECTED.containsKey(field.name())));
    }

    @Test
    void ublGivesTheSameFields() throws Exception {
        ExtractionResult result = extract(EInvoicePdfs.withAttachment(EInvoicePdfs.sample(), "xrechnung.xml",
                EInvoicePdfs.ubl(EInvoicePdfs.sample())));

        Map<String, ExtractedField> fields = xmlFields(result);
        EXPECTED.forEach((name, value) -> assertEquals(value, fields.containsKey(name) ? fields.get(name).value() : null, name));
        assertEquals(new EInvoiceSummary("ubl", "UBL", "xrechnung", "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0",
                "invoice", "380"), result.eInvoice());
        assertEquals(Check.OK, check(result, "visible_text_matches_xml").status());
    }

    /** ZUGFeRD 1.0, CII's predecessor, as a real producer wrote it (PDFlib's sample invoice, 2014). */
    @Test
    void zugferd1GivesTheInvoiceFieldsAndLinesFromTheXml() throws Exception {
        ExtractionResult result = extractor.extract(HYBRID.resolve("de/pdflib-kraxi-zf1.pdf"), Template.INVOICE,
                List.of(), ProgressListener.NONE);

        Map<String, ExtractedField> fields = xmlFields(result);
        Map.ofEntries(Map.entry("invoice_number", "2014-03"), Map.entry("invoice_date", "2014-07-11"),
                Map.entry("total_amount", "1005.55"), Map.entry("subtotal_amount", "845.00"), Map.entry("tax_amount", "160.55"),
                Map.entry("tax_rate", "19"), Map.entry("currency", "EUR"), Map.entry("vendor_name", "Kraxi GmbH"),
                Map.entry("vendor_vat_id", "DE123456789"), Map.entry("buyer_name", "Papierflieger-Vertriebs-GmbH"),
                Map.entry("line_items.1.description", "Superdrachen"), Map.entry("line_items.1.quantity", "2"),
                Map.entry("line_items.1.amount", "40.00"), Map.entry("line_items.6.amount", "75.00")).forEach((name, value) ->
                assertEquals(value, fields.containsKey(name) ? fields.get(name).value() : null, name));
        assertEquals(new EInvoiceSummary("zugferd", "CII", "basic", "urn:ferd:CrossIndustryDocument:invoice:1p0:basic", "invoice", "380"),
                result.eInvoice());
        assertEquals(Check.OK, check(result, "subtotal_plus_tax_is_total").status());
    }

    /** pdfMachine names its attachment "ZUGFeRD-invoice.xml" with a NUL after it. */
    @Test
    void anAttachmentWhoseNameEndsInANulIsRead() throws Exception {
        ExtractionResult result = extractor.extract(HYBRID.resolve("en/broadgun-pdfmachine-demo-245625.pdf"), Template.INVOICE,
                List.of(), ProgressListener.NONE);

        assertEquals("245625", xmlFields(result).get("invoice_number").value());
        assertEquals("59.50", xmlFields(result).get("total_amount").value());
    }

    @Test
    void aPrintedTotalThatDiffersFromTheXmlIsAMismatch() throws Exception {
        ExtractionResult result = extract(EInvoicePdfs.withAttachment(EInvoicePdfs.sample().withPrintedTotal("1354.89"),
                "factur-x.xml", EInvoicePdfs.cii(EInvoicePdfs.sample())));

        Check check = check(result, "visible_text_matches_xml");
        assertEquals(Check.MISMATCH, check.status());
        assertEquals("printed total 1354.89, e-invoice total 1345.89", check.detail());
        assertEquals("1345.89", xmlFields(result).get("total_amount").value());
    }

    /**
     * A print that asks for payment to another account than the XML names (a known fraud route: the
     * person paying reads the print, the XML is the binding copy) fails its check in words a clerk
     * understands; the XML's IBAN stays the field's value. A total printed otherwise fails its own.
     */
    @Test
    void aPrintedIbanOrTotalThatIsNotTheXmlsIsAMismatchSaidPlainly() throws Exception {
        EInvoicePdfs.Invoice invoice = EInvoicePdfs.sample();
        ExtractionResult result = extract(EInvoicePdfs.withAttachment(
                invoice.withPrintedIban("DE02120300000000202051").withPrintedTotal("1354.89"), "factur-x.xml", EInvoicePdfs.cii(invoice)));

        Check iban = check(result, "print_matches_xml.iban");
        assertEquals(Check.MISMATCH, iban.status());
        assertEquals("The page asks for payment to IBAN DE02 1203 0000 0000 2020 51, but the e-invoice, which is the binding copy,"
                + " names IBAN DE89 3704 0044 0532 0130 00. Confirm the account with the vendor, by a contact you already know,"
                + " before paying.", iban.detail());
        assertEquals("DE89370400440532013000", xmlFields(result).get("iban").value());
        Check total = check(result, "print_matches_xml.total_amount");
        assertEquals(Check.MISMATCH, total.status());
        assertEquals("The page shows the total 1354.89, but the e-invoice, which is the binding copy, says 1345.89.", total.detail());
        assertEquals(Check.OK, check(result, "print_matches_xml.invoice_number").status());
    }

    /** Where the print shows no IBAN (a paying-in slip left off), nothing can be compared: said, not failed. */
    @Test
    void aPrintWithoutTheFieldLeavesItsCheckUnavailable() throws Exception {
        ExtractionResult result = extract(EInvoicePdfs.withAttachment(EInvoicePdfs.sample().withPrintedIban(""), "factur-x.xml",
                EInvoicePdfs.cii(EInvoicePdfs.sample())));

        assertEquals(Check.UNAVAILABLE, check(result, "print_matches_xml.iban").status());
        assertEquals("The page shows no IBAN; the e-invoice names DE89 3704 0044 0532 0130 00.", check(result, "print_matches_xml.iban").detail());
    }

    @Test
    void aLineWhoseArithmeticFailsIsFlaggedAndItsFieldsLoseConfidence() throws Exception {
        EInvoicePdfs.Invoice wrong = EInvoicePdfs.sample().withLines(List.of(
                new EInvoicePdfs.Line("Beratungsleistung", "3", "120.00", "370.00", "19"),
                EInvoicePdfs.sample().lines().get(1), EInvoicePdfs.sample().lines().get(2)));
        ExtractionResult result = extract(EInvoicePdfs.withAttachment(wrong, "factur-x.xml", EInvoicePdfs.cii(wrong)));

        Check line = check(result, "line_items.1.quantity_x_unit_price");
        assertEquals(Check.MISMATCH, line.status());
        assertEquals("line 1: 3 x 120.00 = 360.00, amount 370.00", line.detail());
        assertEquals(Check.MISMATCH, check(result, "lines_sum_to_subtotal").status());
        assertEquals(Check.OK, check(result, "line_items.2.quantity_x_unit_price").status());
        Map<String, ExtractedField> fields = xmlFields(result);
        assertEquals(0.5, fields.get("line_items.1.amount").confidence());
        assertEquals(1.0, fields.get("line_items.2.quantity").confidence());
    }

    @Test
    void billionLaughsEndsCleanlyWithAWarningAndThePrintedFields() throws Exception {
        ExtractionResult result = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> extract(
                EInvoicePdfs.withAttachment(EInvoicePdfs.sample(), "factur-x.xml", EInvoicePdfs.billionLaughs())));

        assertEquals(List.of("The attached XML \"factur-x.xml\" could not be read: it declares a DTD, which is not allowed"),
                result.warnings());
        assertNull(result.eInvoice());
        assertTrue(xmlFields(result).isEmpty());
        assertEquals("RE-2026-0042", templateValue(result, "invoice_number"));
    }

    /** Ninety-nine file specifications of one 3.9 MiB stream are one attachment, read once: the invoice after them is found. */
    @Test
    void manySpecificationsOfOneStreamAreReadOnce() throws Exception {
        byte[] pdf = EInvoicePdfs.withManyAttachments(EInvoicePdfs.sample(), 99, 3_900_000, true);
        assertTrue(pdf.length < 1024 * 1024, "the PDF itself is small: " + pdf.length);

        ExtractionResult result = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> extract(pdf));

        assertEquals("RE-2026-0042", xmlFields(result).get("invoice_number").value());
        assertEquals(List.of(), result.warnings());
    }

    /** Ninety-nine distinct 3.9 MiB attachments: reading stops at the document's 8 MiB, one at a time, and says so. */
    @Test
    void attachmentsAreReadOneAtATimeUpToTheDocumentsLimit() throws Exception {
        byte[] pdf = EInvoicePdfs.withManyAttachments(EInvoicePdfs.sample(), 99, 3_900_000, false);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();

        ExtractionResult result = extract(pdf);

        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 160L * 1024 * 1024, "allocated " + allocated / (1024 * 1024) + " MiB");
        assertNull(result.eInvoice());
        assertTrue(result.warnings().stream().anyMatch(warning -> warning.contains("more attached XML files were not read")),
                result.warnings().toString());
        assertEquals("RE-2026-0042", templateValue(result, "invoice_number"));
    }

    /** "1E+400000000" is twelve characters and, written out, 400 million digits: refused, not expanded. */
    @Test
    void numbersWithExponentsAreRefusedNotExpanded() throws Exception {
        EInvoicePdfs.Invoice sample = EInvoicePdfs.sample();
        EInvoicePdfs.Invoice huge = new EInvoicePdfs.Invoice(sample.number(), sample.issued(), sample.due(), sample.seller(),
                sample.sellerVatId(), sample.buyer(), sample.purchaseOrder(), sample.currency(), sample.iban(),
                List.of(new EInvoicePdfs.Line("Beratungsleistung", "1E+400000000", "120.00", "1E+400000000", "19")),
                "1E+400000000", "214.89", "19", "1E+400000000", "1345.89");
        ExtractionResult result = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> extract(
                EInvoicePdfs.withAttachment(huge, "factur-x.xml", EInvoicePdfs.cii(huge))));

        Map<String, ExtractedField> xml = xmlFields(result);
        assertEquals("RE-2026-0042", xml.get("invoice_number").value());
        for (String name : List.of("total_amount", "subtotal_amount", "line_items.1.quantity", "line_items.1.amount")) {
            assertNull(xml.get(name), name + " " + xml.get(name));
        }
        assertEquals("214.89", xml.get("tax_amount").value());
    }

    @Test
    void anExternalEntityIsNeverRead() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "root:x:0:0:TOP-SECRET");

        ExtractionResult result = extract(EInvoicePdfs.withAttachment(EInvoicePdfs.sample(), "factur-x.xml",
                EInvoicePdfs.externalEntity(secret.toString())));

        assertEquals(1, result.warnings().size());
        assertTrue(result.warnings().get(0).startsWith("The attached XML \"factur-x.xml\" could not be read"));
        assertFalse(result.toString().contains("TOP-SECRET"));
        assertTrue(xmlFields(result).isEmpty());
    }

    @Test
    void aHundredMegabyteAttachmentIsNotReadAndCostsNoMoreThanTheLimit() throws Exception {
        byte[] pdf = EInvoicePdfs.withHugeAttachment(EInvoicePdfs.sample(), 100L * 1024 * 1024);
        assertTrue(pdf.length < 1024 * 1024, "the PDF itself is small: " + pdf.length);

        ExtractionResult result = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> extract(pdf));

        assertEquals(List.of("The attached XML \"factur-x.xml\" is larger than 4 MiB and was not read"), result.warnings());
        assertEquals("RE-2026-0042", templateValue(result, "invoice_number"));
    }

    @Test
    void anXmlAttachmentThatIsNoInvoiceChangesNothing() throws Exception {
        ExtractionResult result = extract(EInvoicePdfs.withAttachment(EInvoicePdfs.sample(), "notes.xml",
                "<notes><note>hello</note></notes>".getBytes(java.nio.charset.StandardCharsets.UTF_8)));

        assertTrue(result.warnings().isEmpty());
        assertTrue(xmlFields(result).isEmpty());
        assertNull(result.eInvoice());
    }

    @Test
    void theGenericTemplateNamesTheEInvoiceButTakesNoFieldsFromIt() throws Exception {
        Path pdf = Files.write(dir.resolve("generic.pdf"), EInvoicePdfs.withAttachment(EInvoicePdfs.sample(),
                "factur-x.xml", EInvoicePdfs.cii(EInvoicePdfs.sample())));

        ExtractionResult result = extractor.extract(pdf, Template.GENERIC, List.of(), ProgressListener.NONE);

        assertEquals("factur-x", result.eInvoice().format());
        assertTrue(xmlFields(result).isEmpty());
        assertTrue(result.checks().isEmpty());
    }

    private ExtractionResult extract(byte[] pdf) throws Exception {
        Path file = Files.write(dir.resolve("invoice-" + System.nanoTime() + ".pdf"), pdf);
        return extractor.extract(file, Template.INVOICE, List.of(), ProgressListener.NONE);
    }

    private static Map<String, ExtractedField> xmlFields(ExtractionResult result) {
        return result.fields().stream().filter(field -> field.source().equals(ExtractedField.EMBEDDED_XML))
                .collect(Collectors.toMap(ExtractedField::name, field -> field));
    }

    private static String templateValue(ExtractionResult result, String name) {
        return result.fields().stream().filter(field -> field.source().equals(ExtractedField.TEMPLATE) && field.name().equals(name))
                .map(ExtractedField::value).findFirst().orElse(null);
    }

    private static Check check(ExtractionResult result, String name) {
        return result.checks().stream().filter(check -> check.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no check " + name + " in " + result.checks()));
    }
}
