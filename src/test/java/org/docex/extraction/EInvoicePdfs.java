package org.docex.extraction;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentNameDictionary;
import org.apache.pdfbox.pdmodel.PDEmbeddedFilesNameTreeNode;
import org.apache.pdfbox.pdmodel.common.filespecification.PDComplexFileSpecification;
import org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile;
import org.docex.testing.Pdfs;

/**
 * Invoices with an e-invoice attached, as Factur-X / ZUGFeRD (CII) and UBL producers write them:
 * the printed invoice and the XML in the embedded-files name tree and the catalog's /AF.
 */
public final class EInvoicePdfs {

    public record Line(String description, String quantity, String unitPrice, String amount, String taxRate) {
    }

    /** The invoice's data; {@code printedTotal} and {@code printedIban} are what the print says, normally the XML's. */
    public record Invoice(String number, String issued, String due, String seller, String sellerVatId, String buyer,
                          String purchaseOrder, String currency, String iban, List<Line> lines, String subtotal,
                          String tax, String taxRate, String total, String printedTotal, String printedIban) {

        public Invoice(String number, String issued, String due, String seller, String sellerVatId, String buyer,
                       String purchaseOrder, String currency, String iban, List<Line> lines, String subtotal,
                       String tax, String taxRate, String total, String printedTotal) {
            this(number, issued, due, seller, sellerVatId, buyer, purchaseOrder, currency, iban, lines, subtotal, tax, taxRate,
                    total, printedTotal, iban);
        }

        /** The same invoice whose print asks for payment to another account than its XML names. */
        public Invoice withPrintedIban(String printed) {
            return new Invoice(number, issued, due, seller, sellerVatId, buyer, purchaseOrder, currency, iban, lines,
                    subtotal, tax, taxRate, total, printedTotal, printed);
        }

        public Invoice withPrintedTotal(String printed) {
            return new Invoice(number, issued, due, seller, sellerVatId, buyer, purchaseOrder, currency, iban, lines,
                    subtotal, tax, taxRate, total, printed, printedIban);
        }

        /** The same invoice from another seller (another name, VAT id and IBAN). */
        public Invoice withSeller(String name, String vatId, String account) {
            return new Invoice(number, issued, due, name, vatId, buyer, purchaseOrder, currency, account, lines,
                    subtotal, tax, taxRate, total, printedTotal, account);
        }

        public Invoice withLines(List<Line> changed) {
            return new Invoice(number, issued, due, seller, sellerVatId, buyer, purchaseOrder, currency, iban, changed,
                    subtotal, tax, taxRate, total, printedTotal, printedIban);
        }
    }

    private EInvoicePdfs() {
    }

    public static Invoice sample() {
        return new Invoice("RE-2026-0042", "2026-11-03", "2026-12-03", "Hafenkontor Hamburg GmbH", "DE123456789",
                "Müller Logistik AG", "PO-4711", "EUR", "DE89370400440532013000",
                List.of(new Line("Beratungsleistung", "3", "120.00", "360.00", "19"),
                        new Line("Softwarelizenz & Wartung", "2", "85.50", "171.00", "19"),
                        new Line("Schulung <vor Ort>", "1.5", "400.00", "600.00", "19")),
                "1131.00", "214.89", "19", "1345.89", "1345.89");
    }

    /** The printed invoice with {@code xml} attached as {@code fileName}. */
    public static byte[] withAttachment(Invoice invoice, String fileName, byte[] xml) {
        return attach(printed(invoice), fileName, new ByteArrayInputStream(xml));
    }

    private static byte[] printed(Invoice invoice) {
        List<String> printed = new ArrayList<>(List.of(invoice.seller(), "Rechnung", "Rechnungsnr.: " + invoice.number(),
                "Rechnungsdatum: " + invoice.issued(), "Kunde: " + invoice.buyer()));
        for (Line line : invoice.lines()) {
            printed.add(line.description() + "  " + line.quantity() + " x " + line.unitPrice() + "  " + line.amount());
        }
        printed.add("Gesamtbetrag: " + invoice.printedTotal() + " " + invoice.currency());
        // Printed in groups of four, as invoices print an IBAN.
        printed.add("Bitte überweisen Sie auf IBAN " + invoice.printedIban().replaceAll("(.{4})(?!$)", "$1 "));
        printed.add("USt-IdNr.: " + invoice.sellerVatId());
        return Pdfs.text("Rechnung " + invoice.number(), printed.toArray(String[]::new));
    }

    /** An attachment whose data inflates to {@code bytes} of XML-looking text: the PDF stays small. */
    public static byte[] withHugeAttachment(Invoice invoice, long bytes) {
        return attach(printed(invoice), "factur-x.xml", new java.io.InputStream() {
            private long left = bytes;

            @Override
            public int read() {
                return left-- > 0 ? ' ' : -1;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) {
                if (left <= 0) {
                    return -1;
                }
                int n = (int) Math.min(length, left);
                java.util.Arrays.fill(buffer, offset, offset + n, (byte) ' ');
                left -= n;
                return n;
            }
        });
    }

    /**
     * The invoice's XML attached after {@code others} XML files that are no invoice, each inflating
     * to {@code bytesEach}: in one stream that every one of their file specifications points at
     * ({@code shared}), or each in its own. The PDF stays small either way.
     */
    public static byte[] withManyAttachments(Invoice invoice, int others, int bytesEach, boolean shared) {
        try (PDDocument document = Loader.loadPDF(printed(invoice))) {
            Map<String, PDComplexFileSpecification> specs = new LinkedHashMap<>();
            PDEmbeddedFile common = shared ? notesFile(document, bytesEach) : null;
            for (int i = 0; i < others; i++) {
                specs.put(String.format("notes-%03d.xml", i), spec(String.format("notes-%03d.xml", i),
                        shared ? common : notesFile(document, bytesEach)));
            }
            COSStream xml = document.getDocument().createCOSStream();
            try (OutputStream out = xml.createOutputStream(COSName.FLATE_DECODE)) {
                out.write(cii(invoice));
            }
            specs.put("zz-factur-x.xml", spec("zz-factur-x.xml", new PDEmbeddedFile(xml)));
            PDEmbeddedFilesNameTreeNode tree = new PDEmbeddedFilesNameTreeNode();
            tree.setNames(specs);
            PDDocumentNameDictionary names = new PDDocumentNameDictionary(document.getDocumentCatalog());
            names.setEmbeddedFiles(tree);
            document.getDocumentCatalog().setNames(names);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static PDEmbeddedFile notesFile(PDDocument document, int bytes) throws IOException {
        COSStream stream = document.getDocument().createCOSStream();
        try (OutputStream out = stream.createOutputStream(COSName.FLATE_DECODE)) {
            out.write("<notes>".getBytes(StandardCharsets.UTF_8));
            byte[] spaces = new byte[64 * 1024];
            java.util.Arrays.fill(spaces, (byte) ' ');
            for (int written = 0; written < bytes - 15; written += spaces.length) {
                out.write(spaces, 0, Math.min(spaces.length, bytes - 15 - written));
            }
            out.write("</notes>".getBytes(StandardCharsets.UTF_8));
        }
        return new PDEmbeddedFile(stream);
    }

    private static PDComplexFileSpecification spec(String fileName, PDEmbeddedFile file) {
        PDComplexFileSpecification spec = new PDComplexFileSpecification();
        spec.setFile(fileName);
        spec.setFileUnicode(fileName);
        spec.setEmbeddedFile(file);
        return spec;
    }

    private static byte[] attach(byte[] pdf, String fileName, java.io.InputStream data) {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            COSStream stream = document.getDocument().createCOSStream();
            try (OutputStream out = stream.createOutputStream(COSName.FLATE_DECODE)) {
                data.transferTo(out);
            }
            PDEmbeddedFile file = new PDEmbeddedFile(stream);
            file.setSubtype("text/xml");
            file.setModDate(Calendar.getInstance());
            PDComplexFileSpecification spec = new PDComplexFileSpecification();
            spec.setFile(fileName);
            spec.setFileUnicode(fileName);
            spec.setEmbeddedFile(file);
            spec.setEmbeddedFileUnicode(file);
            spec.getCOSObject().setName(COSName.getPDFName("AFRelationship"), "Alternative");
            PDEmbeddedFilesNameTreeNode tree = new PDEmbeddedFilesNameTreeNode();
            tree.setNames(Map.of(fileName, spec));
            PDDocumentNameDictionary names = new PDDocumentNameDictionary(document.getDocumentCatalog());
            names.setEmbeddedFiles(tree);
            document.getDocumentCatalog().setNames(names);
            COSArray associated = new COSArray();
            associated.add(spec);
            document.getDocumentCatalog().getCOSObject().setItem(COSName.getPDFName("AF"), associated);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A Factur-X (EN 16931 profile) Cross Industry Invoice. */
    public static byte[] cii(Invoice invoice) {
        StringBuilder lines = new StringBuilder();
        int n = 0;
        for (Line line : invoice.lines()) {
            lines.append("""
                    <ram:IncludedSupplyChainTradeLineItem>
                      <ram:AssociatedDocumentLineDocument><ram:LineID>%d</ram:LineID></ram:AssociatedDocumentLineDocument>
                      <ram:SpecifiedTradeProduct><ram:Name>%s</ram:Name></ram:SpecifiedTradeProduct>
                      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>%s</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
                      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">%s</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
                      <ram:SpecifiedLineTradeSettlement>
                        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>%s</ram:RateApplicablePercent></ram:ApplicableTradeTax>
                        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>%s</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
                      </ram:SpecifiedLineTradeSettlement>
                    </ram:IncludedSupplyChainTradeLineItem>
                    """.formatted(++n, escape(line.description()), line.unitPrice(), line.quantity(), line.taxRate(), line.amount()));
        }
        return ("""
                <?xml version="1.0" encoding="UTF-8"?>
                <rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
                    xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
                    xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
                  <rsm:ExchangedDocumentContext>
                    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
                  </rsm:ExchangedDocumentContext>
                  <rsm:ExchangedDocument>
                    <ram:ID>%s</ram:ID><ram:TypeCode>380</ram:TypeCode>
                    <ram:IssueDateTime><udt:DateTimeString format="102">%s</udt:DateTimeString></ram:IssueDateTime>
                  </rsm:ExchangedDocument>
                  <rsm:SupplyChainTradeTransaction>
                %s
                    <ram:ApplicableHeaderTradeAgreement>
                      <ram:SellerTradeParty><ram:Name>%s</ram:Name>
                        <ram:PostalTradeAddress><ram:PostcodeCode>20457</ram:PostcodeCode><ram:CityName>Hamburg</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
                        <ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">22/815/08150</ram:ID></ram:SpecifiedTaxRegistration>
                        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">%s</ram:ID></ram:SpecifiedTaxRegistration>
                      </ram:SellerTradeParty>
                      <ram:BuyerTradeParty><ram:Name>%s</ram:Name>
                        <ram:PostalTradeAddress><ram:PostcodeCode>28195</ram:PostcodeCode><ram:CityName>Bremen</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
                      </ram:BuyerTradeParty>
                      <ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>%s</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>
                    </ram:ApplicableHeaderTradeAgreement>
                    <ram:ApplicableHeaderTradeDelivery/>
                    <ram:ApplicableHeaderTradeSettlement>
                      <ram:InvoiceCurrencyCode>%s</ram:InvoiceCurrencyCode>
                      <ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode>
                        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>%s</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
                      </ram:SpecifiedTradeSettlementPaymentMeans>
                      <ram:ApplicableTradeTax><ram:CalculatedAmount>%s</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>
                        <ram:BasisAmount>%s</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>%s</ram:RateApplicablePercent></ram:ApplicableTradeTax>
                      <ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">%s</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
                      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
                        <ram:LineTotalAmount>%s</ram:LineTotalAmount>
                        <ram:TaxBasisTotalAmount>%s</ram:TaxBasisTotalAmount>
                        <ram:TaxTotalAmount currencyID="%s">%s</ram:TaxTotalAmount>
                        <ram:GrandTotalAmount>%s</ram:GrandTotalAmount>
                        <ram:DuePayableAmount>%s</ram:DuePayableAmount>
                      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
                    </ram:ApplicableHeaderTradeSettlement>
                  </rsm:SupplyChainTradeTransaction>
                </rsm:CrossIndustryInvoice>
                """.formatted(invoice.number(), invoice.issued().replace("-", ""), lines, escape(invoice.seller()),
                invoice.sellerVatId(), escape(invoice.buyer()), invoice.purchaseOrder(), invoice.currency(), invoice.iban(),
                invoice.tax(), invoice.subtotal(), invoice.taxRate(), invoice.due().replace("-", ""), invoice.subtotal(),
                invoice.subtotal(), invoice.currency(), invoice.tax(), invoice.total(), invoice.total()))
                .getBytes(StandardCharsets.UTF_8);
    }

    /** A UBL 2.1 Invoice (Peppol BIS / XRechnung UBL shape). */
    public static byte[] ubl(Invoice invoice) {
        StringBuilder lines = new StringBuilder();
        int n = 0;
        for (Line line : invoice.lines()) {
            lines.append("""
                      <cac:InvoiceLine>
                        <cbc:ID>%d</cbc:ID>
                        <cbc:InvoicedQuantity unitCode="C62">%s</cbc:InvoicedQuantity>
                        <cbc:LineExtensionAmount currencyID="%s">%s</cbc:LineExtensionAmount>
                        <cac:Item><cbc:Name>%s</cbc:Name>
                          <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>%s</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
                        </cac:Item>
                        <cac:Price><cbc:PriceAmount currencyID="%s">%s</cbc:PriceAmount></cac:Price>
                      </cac:InvoiceLine>
                    """.formatted(++n, line.quantity(), invoice.currency(), line.amount(), escape(line.description()),
                    line.taxRate(), invoice.currency(), line.unitPrice()));
        }
        return ("""
                <?xml version="1.0" encoding="UTF-8"?>
                <Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
                    xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
                    xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
                  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
                  <cbc:ID>%s</cbc:ID>
                  <cbc:IssueDate>%s</cbc:IssueDate>
                  <cbc:DueDate>%s</cbc:DueDate>
                  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
                  <cbc:DocumentCurrencyCode>%s</cbc:DocumentCurrencyCode>
                  <cbc:BuyerReference>04011000-12345-34</cbc:BuyerReference>
                  <cac:OrderReference><cbc:ID>%s</cbc:ID></cac:OrderReference>
                  <cac:AccountingSupplierParty><cac:Party>
                    <cac:PostalAddress><cbc:CityName>Hamburg</cbc:CityName><cbc:PostalZone>20457</cbc:PostalZone>
                      <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
                    <cac:PartyTaxScheme><cbc:CompanyID>%s</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
                    <cac:PartyLegalEntity><cbc:RegistrationName>%s</cbc:RegistrationName></cac:PartyLegalEntity>
                    <cac:Contact><cbc:Name>Accounts</cbc:Name><cbc:Telephone>+49 40 1234560</cbc:Telephone>
                      <cbc:ElectronicMail>accounts@example.org</cbc:ElectronicMail></cac:Contact>
                  </cac:Party></cac:AccountingSupplierParty>
                  <cac:AccountingCustomerParty><cac:Party>
                    <cac:PartyName><cbc:Name>%s</cbc:Name></cac:PartyName>
                    <cac:PostalAddress><cbc:CityName>Bremen</cbc:CityName><cbc:PostalZone>28195</cbc:PostalZone>
                      <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
                  </cac:Party></cac:AccountingCustomerParty>
                  <cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>
                    <cac:PayeeFinancialAccount><cbc:ID>%s</cbc:ID></cac:PayeeFinancialAccount>
                  </cac:PaymentMeans>
                  <cac:TaxTotal><cbc:TaxAmount currencyID="%s">%s</cbc:TaxAmount>
                    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="%s">%s</cbc:TaxableAmount><cbc:TaxAmount currencyID="%s">%s</cbc:TaxAmount>
                      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>%s</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
                    </cac:TaxSubtotal>
                  </cac:TaxTotal>
                  <cac:LegalMonetaryTotal>
                    <cbc:LineExtensionAmount currencyID="%s">%s</cbc:LineExtensionAmount>
                    <cbc:TaxExclusiveAmount currencyID="%s">%s</cbc:TaxExclusiveAmount>
                    <cbc:TaxInclusiveAmount currencyID="%s">%s</cbc:TaxInclusiveAmount>
                    <cbc:PayableAmount currencyID="%s">%s</cbc:PayableAmount>
                  </cac:LegalMonetaryTotal>
                %s</Invoice>
                """.formatted(invoice.number(), invoice.issued(), invoice.due(), invoice.currency(), invoice.purchaseOrder(),
                invoice.sellerVatId(), escape(invoice.seller()), escape(invoice.buyer()), invoice.iban(),
                invoice.currency(), invoice.tax(), invoice.currency(), invoice.subtotal(), invoice.currency(), invoice.tax(),
                invoice.taxRate(), invoice.currency(), invoice.subtotal(), invoice.currency(), invoice.subtotal(),
                invoice.currency(), invoice.total(), invoice.currency(), invoice.total(), lines))
                .getBytes(StandardCharsets.UTF_8);
    }

    /** Entities that expand to a billion copies of "lol" where a parser lets them. */
    public static byte[] billionLaughs() {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n");
        xml.append(" <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n");
        for (int i = 2; i <= 9; i++) {
            xml.append(" <!ENTITY lol").append(i).append(" \"").append(("&lol" + (i - 1) + ";").repeat(10)).append("\">\n");
        }
        xml.append("]>\n<rsm:CrossIndustryInvoice xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\">")
                .append("&lol9;</rsm:CrossIndustryInvoice>\n");
        return xml.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A CII invoice whose seller's name is an external entity pointing at {@code file}. */
    public static byte[] externalEntity(String file) {
        String cii = new String(cii(sample()), StandardCharsets.UTF_8)
                .replace("<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE x [ <!ENTITY secret SYSTEM \"file://" + file + "\"> ]>")
                .replace("<ram:Name>Hafenkontor Hamburg GmbH</ram:Name>", "<ram:Name>&secret;</ram:Name>");
        return cii.getBytes(StandardCharsets.UTF_8);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
