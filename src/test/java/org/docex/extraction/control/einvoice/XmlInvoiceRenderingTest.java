package org.docex.extraction.control.einvoice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.docex.documents.control.XmlInvoicePages;
import org.docex.extraction.EInvoicePdfs;
import org.docex.extraction.control.DocumentExtractor;
import org.docex.extraction.control.EInvoiceSummary;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionLimits;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.ProgressListener;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.realworld.RealWorldSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plain XML e-invoices made into pages: the fields come from the XML exactly, placed where the rendering shows them. */
class XmlInvoiceRenderingTest {

    private static final Logger LOG = Logger.getLogger(XmlInvoiceRenderingTest.class.getName());
    private static final List<String> FIELDS = List.of("invoice_number", "invoice_date", "due_date", "currency", "total_amount",
            "subtotal_amount", "tax_amount", "vendor_name", "vendor_vat_id", "buyer_name", "iban", "purchase_order");

    private final XmlInvoiceRendering rendering = new XmlInvoiceRendering();
    private final DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());

    @TempDir
    Path dir;

    @Test
    void aCiiAndAUblInvoiceGiveTheirFieldsFromTheXmlEachPlacedOnThePrint() throws Exception {
        for (byte[] xml : List.of(EInvoicePdfs.cii(EInvoicePdfs.sample()), EInvoicePdfs.ubl(EInvoicePdfs.sample()))) {
            ExtractionResult result = extract(rendering.render(xml).orElseThrow());
            Map<String, ExtractedField> fields = xmlFields(result);
            assertEquals("RE-2026-0042", fields.get("invoice_number").value());
            assertEquals("1345.89", fields.get("total_amount").value());
            assertEquals("DE89370400440532013000", fields.get("iban").value());
            assertEquals("Schulung <vor Ort>", fields.get("line_items.3.description").value());
            for (String name : List.of("invoice_number", "invoice_date", "total_amount", "iban", "vendor_name")) {
                assertTrue(fields.get(name).bbox() != null, name + " is not placed on the page");
            }
            assertEquals(1, result.pages().size());
            // The rendering's labels are docex's own: no key-value pair repeats what the invoice's fields hold.
            assertTrue(result.fields().stream().noneMatch(field -> field.source().equals(ExtractedField.KEY_VALUE)),
                    result.fields().toString());
            assertTrue(result.pages().get(0).text().contains("Invoice number: RE-2026-0042"), result.pages().get(0).text());
            // The print shows what the XML says: no print-versus-XML check fails.
            assertTrue(result.checks().stream().noneMatch(check -> check.name().startsWith("print_matches_xml.")
                    && !check.status().equals("ok")), result.checks().toString());
        }
    }

    /** A credit note says so in the result and on its rendering; its amounts stay as the XML states them. */
    @Test
    void aCreditNoteIsReportedAndPrintedAsOne() throws Exception {
        String cii = new String(EInvoicePdfs.cii(EInvoicePdfs.sample()), StandardCharsets.UTF_8)
                .replace("<ram:TypeCode>380</ram:TypeCode>", "<ram:TypeCode>381</ram:TypeCode>");
        ExtractionResult result = extract(rendering.render(cii.getBytes(StandardCharsets.UTF_8)).orElseThrow());
        assertEquals(new EInvoiceSummary("cii", "CII", "en16931", "urn:cen.eu:en16931:2017", "credit_note", "381"),
                result.eInvoice());
        assertTrue(result.pages().get(0).text().startsWith("Credit note"), result.pages().get(0).text());
        assertEquals("1345.89", xmlFields(result).get("total_amount").value());

        Path ubl = RealWorldSet.DIRECTORY.resolve("xml/ubl-ubl-tc434-creditnote1.xml");
        assumeTrue(Files.isRegularFile(ubl), "no development set");
        ExtractionResult credit = extract(rendering.render(Files.readAllBytes(ubl)).orElseThrow());
        assertEquals(new EInvoiceSummary("ubl", "UBL", "en16931", "urn:cen.eu:en16931:2017", "credit_note", "381"),
                credit.eInvoice());
        assertEquals("018304 / 28865", xmlFields(credit).get("invoice_number").value());
        assertTrue(credit.pages().get(0).text().startsWith("Credit note"), credit.pages().get(0).text());
    }

    @Test
    void otherXmlIsNoInvoiceAndHostileXmlIsRefused() {
        assertEquals(Optional.empty(), assertDoesNotFail(() -> rendering.render("<html><body>Hello</body></html>".getBytes(StandardCharsets.UTF_8))));
        XmlInvoicePages.Unreadable dtd = assertThrows(XmlInvoicePages.Unreadable.class, () -> rendering.render(EInvoicePdfs.billionLaughs()));
        assertEquals("The XML e-invoice could not be read: it declares a DTD, which is not allowed", dtd.getMessage());
        XmlInvoicePages.Unreadable broken = assertThrows(XmlInvoicePages.Unreadable.class,
                () -> rendering.render("<Invoice".getBytes(StandardCharsets.UTF_8)));
        assertEquals("The XML e-invoice could not be read: it is not well-formed XML", broken.getMessage());
        String cii = new String(EInvoicePdfs.cii(EInvoicePdfs.sample()), StandardCharsets.UTF_8);
        String deep = cii.replace("<ram:ID>RE-2026-0042</ram:ID>", "<ram:ID>" + "<a>".repeat(200_000) + "x" + "</a>".repeat(200_000) + "</ram:ID>");
        XmlInvoicePages.Unreadable nested = assertThrows(XmlInvoicePages.Unreadable.class,
                () -> rendering.render(deep.getBytes(StandardCharsets.UTF_8)));
        assertEquals("The XML e-invoice could not be read: it nests elements deeper than 100 levels", nested.getMessage());
    }

    /** Names Helvetica cannot write are printed with "?" and still come from the XML exactly. */
    @Test
    void charactersThePrintsFontLacksDoNotStopIt() throws Exception {
        EInvoicePdfs.Invoice polish = EInvoicePdfs.sample().withSeller("Łódzkie Zakłady Sp. z o.o. 株式会社", "PL5260250274",
                "DE89370400440532013000");
        ExtractionResult result = extract(rendering.render(EInvoicePdfs.cii(polish)).orElseThrow());
        assertEquals("Łódzkie Zakłady Sp. z o.o. 株式会社", xmlFields(result).get("vendor_name").value());
        assertTrue(result.pages().get(0).text().contains("?ódzkie Zak?ady"), result.pages().get(0).text());
    }

    /** The German sample suite's 55 plain XML invoices (CII and UBL): every field and line exactly as the XML says. */
    @Test
    void theRealPlainXmlInvoicesGiveEveryFieldExactly() throws Exception {
        assumeTrue(RealWorldSet.available(), "no development set");
        int expected = 0;
        int right = 0;
        int placed = 0;
        List<String> misses = new ArrayList<>();
        List<RealWorldSet.Invoice> invoices = RealWorldSet.plainXml();
        for (RealWorldSet.Invoice invoice : invoices) {
            ExtractionResult result = extract(rendering.render(Files.readAllBytes(invoice.file())).orElseThrow());
            Map<String, ExtractedField> fields = xmlFields(result);
            Map<String, String> want = new java.util.LinkedHashMap<>();
            FIELDS.forEach(name -> {
                if (invoice.expected().containsKey(name)) {
                    want.put(name, invoice.expected().get(name));
                }
            });
            for (int i = 0; i < invoice.lines().size(); i++) {
                for (Map.Entry<String, String> column : invoice.lines().get(i).entrySet()) {
                    want.put("line_items." + (i + 1) + "." + column.getKey(), column.getValue());
                }
            }
            for (Map.Entry<String, String> field : want.entrySet()) {
                expected++;
                ExtractedField got = fields.get(field.getKey());
                if (got != null && same(field.getKey(), field.getValue(), got.value())) {
                    right++;
                    placed += got.bbox() != null ? 1 : 0;
                } else {
                    misses.add(invoice.file().getFileName() + " " + field.getKey() + ": expected " + field.getValue()
                            + ", got " + (got == null ? null : got.value()));
                }
            }
        }
        double share = (double) right / expected;
        LOG.info("Plain XML e-invoices: " + invoices.size() + " files, " + right + " of " + expected + " fields exact ("
                + String.format("%.3f", share) + "), " + placed + " placed on the rendering\n  " + String.join("\n  ", misses));
        assertEquals(55, invoices.size());
        assertEquals(List.of(), misses);
        assertTrue(placed >= 0.9 * right, placed + " of " + right + " placed");
    }

    /**
     * Peppol BIS Billing 3.0's own examples (src/test/resources/einvoices/peppol-bis-3, UBL from other countries): the
     * fields as an XPath read of each file gives them, the document type, the profile, and EN 16931's rules all held.
     */
    @Test
    void thePeppolBisExamplesGiveTheirFieldsTypeAndProfile() throws Exception {
        Path folder = Path.of("src/test/resources/einvoices/peppol-bis-3");
        List<Path> files;
        try (java.util.stream.Stream<Path> list = Files.list(folder)) {
            files = list.filter(file -> file.toString().endsWith(".xml")).sorted().toList();
        }
        assertEquals(9, files.size());
        javax.xml.xpath.XPath xpath = javax.xml.xpath.XPathFactory.newInstance().newXPath();
        List<String> misses = new ArrayList<>();
        int compared = 0;
        for (Path file : files) {
            javax.xml.parsers.DocumentBuilderFactory factory = javax.xml.parsers.DocumentBuilderFactory.newDefaultInstance();
            factory.setNamespaceAware(true);
            org.w3c.dom.Document document = factory.newDocumentBuilder().parse(file.toFile());
            Map<String, String> want = new java.util.LinkedHashMap<>();
            want.put("invoice_number", xpath.evaluate("/*/*[local-name()='ID']", document));
            want.put("invoice_date", xpath.evaluate("/*/*[local-name()='IssueDate']", document));
            want.put("currency", xpath.evaluate("/*/*[local-name()='DocumentCurrencyCode']", document));
            want.put("total_amount", xpath.evaluate("/*/*[local-name()='LegalMonetaryTotal']/*[local-name()='TaxInclusiveAmount']", document));
            want.put("subtotal_amount", xpath.evaluate("/*/*[local-name()='LegalMonetaryTotal']/*[local-name()='TaxExclusiveAmount']", document));
            want.put("vendor_name", xpath.evaluate("/*/*[local-name()='AccountingSupplierParty']//*[local-name()='RegistrationName']", document));
            want.put("buyer_name", xpath.evaluate("/*/*[local-name()='AccountingCustomerParty']//*[local-name()='RegistrationName']", document));
            int lineCount = ((Number) xpath.evaluate("count(/*/*[local-name()='InvoiceLine' or local-name()='CreditNoteLine'])", document,
                    javax.xml.xpath.XPathConstants.NUMBER)).intValue();
            ExtractionResult result = extract(rendering.render(Files.readAllBytes(file)).orElseThrow());
            Map<String, ExtractedField> fields = xmlFields(result);
            for (Map.Entry<String, String> expected : want.entrySet()) {
                compared++;
                ExtractedField field = fields.get(expected.getKey());
                if (field == null || !same(expected.getKey(), expected.getValue(), field.value())) {
                    misses.add(file.getFileName() + " " + expected.getKey() + ": expected " + expected.getValue() + ", got "
                            + (field == null ? null : field.value()));
                }
            }
            assertEquals(lineCount, fields.keySet().stream().filter(name -> name.matches("line_items\\.\\d+\\.amount")).count(),
                    file.toString());
            String type = document.getDocumentElement().getLocalName().equals("CreditNote") ? "credit_note" : "invoice";
            assertEquals(new EInvoiceSummary("ubl", "UBL", "peppol_bis_3",
                    "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0", type,
                    xpath.evaluate("/*/*[local-name()='InvoiceTypeCode' or local-name()='CreditNoteTypeCode']", document)),
                    result.eInvoice(), file.toString());
            List<String> failed = result.checks().stream().filter(check -> check.name().startsWith("BR-"))
                    .filter(check -> !check.status().equals(org.docex.extraction.control.Check.OK))
                    .map(check -> check.name() + " " + check.detail()).toList();
            assertEquals(List.of(), failed, file.toString());
        }
        LOG.info("Peppol BIS examples: " + (compared - misses.size()) + " of " + compared + " fields exact\n  "
                + String.join("\n  ", misses));
        assertEquals(List.of(), misses);
    }

    private ExtractionResult extract(byte[] pdf) throws Exception {
        Path file = Files.createTempFile(dir, "rendered-", ".pdf");
        Files.write(file, pdf);
        return extractor.extract(file, Template.INVOICE, List.of(), ProgressListener.NONE);
    }

    private static Map<String, ExtractedField> xmlFields(ExtractionResult result) {
        return result.fields().stream().filter(field -> field.source().equals(ExtractedField.XML))
                .collect(Collectors.toMap(ExtractedField::name, field -> field, (a, b) -> a));
    }

    // Amounts and quantities as numbers, an IBAN without its spaces, text with its white space collapsed (an XML name
    // may break over lines).
    private static boolean same(String name, String expected, String actual) {
        if (name.equals("iban")) {
            return expected.replace(" ", "").equalsIgnoreCase(actual);
        }
        try {
            return new BigDecimal(expected).compareTo(new BigDecimal(actual)) == 0;
        } catch (NumberFormatException notNumbers) {
            return expected.strip().replaceAll("\\s+", " ").equals(actual.strip().replaceAll("\\s+", " "));
        }
    }

    private interface Rendering {
        Optional<byte[]> render() throws Exception;
    }

    private static Optional<byte[]> assertDoesNotFail(Rendering rendering) {
        try {
            return rendering.render();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
