package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One invoice per language as its country's invoices are commonly worded and laid out: a
 * letterhead, the number and dates as "label : value" lines, the customer's block under its
 * heading, a totals block of net, tax and gross with the amount at the end of each row, the VAT
 * id and IBAN in the footer. Every field must come out in the API's form.
 */
class MultilingualInvoicesTest {

    @TempDir
    Path dir;

    /** The printed words of one invoice: header rows, the customer heading, the three totals rows, the footer rows. */
    record Wording(String language, String title, List<String[]> header, String customerHeading, String[] net,
                   String[] tax, String[] gross, List<String> footer, Map<String, String> expected) {

        @Override
        public String toString() {
            return language;
        }
    }

    static Stream<Arguments> invoices() {
        return Stream.of(
                new Wording("fr", "FACTURE", List.of(new String[] {"Numéro de facture :", "F-2024-0317"},
                        new String[] {"Date de facture :", "3 mars 2024"}, new String[] {"Date d'échéance :", "2 avril 2024"}),
                        "Client", new String[] {"Total HT", "1 250,00 €"}, new String[] {"TVA 20 %", "250,00 €"},
                        new String[] {"Total TTC", "1 500,00 €"},
                        List.of("TVA intracommunautaire : FR40303265045", "IBAN : FR76 3000 6000 0112 3456 7890 189"),
                        expected("F-2024-0317", "2024-03-03", "2024-04-02", "1500.00", "1250.00", "250.00", "EUR",
                                "FR40303265045", "FR7630006000011234567890189")),
                new Wording("nl", "FACTUUR", List.of(new String[] {"Factuurnummer:", "2024-0042"},
                        new String[] {"Factuurdatum:", "7 maart 2024"}, new String[] {"Vervaldatum:", "6 april 2024"}),
                        "Klant", new String[] {"Totaal excl. btw", "€ 2.000,00"}, new String[] {"Btw 21%", "€ 420,00"},
                        new String[] {"Totaal incl. btw", "€ 2.420,00"},
                        List.of("Btw-nummer: NL004495445B01", "IBAN: NL91 ABNA 0417 1643 00"),
                        expected("2024-0042", "2024-03-07", "2024-04-06", "2420.00", "2000.00", "420.00", "EUR",
                                "NL004495445B01", "NL91ABNA0417164300")),
                new Wording("es", "FACTURA", List.of(new String[] {"Nº Factura:", "A-2024/118"},
                        new String[] {"Fecha de emisión:", "15 de marzo de 2024"},
                        new String[] {"Fecha de vencimiento:", "14/04/2024"}),
                        "Cliente", new String[] {"Base imponible", "800,00 €"}, new String[] {"IVA 21%", "168,00 €"},
                        new String[] {"Total factura", "968,00 €"},
                        List.of("NIF: ESB12345674", "IBAN: ES91 2100 0418 4502 0005 1332"),
                        expected("A-2024/118", "2024-03-15", "2024-04-14", "968.00", "800.00", "168.00", "EUR",
                                "ESB12345674", "ES9121000418450200051332")),
                // Latin American wording: the amount still owed as the total, a partial total as the net, "Cobrar a".
                new Wording("es-419", "FACTURA", List.of(new String[] {"Nº Factura:", "A-2024/118"},
                        new String[] {"Fecha de emisión:", "15 de marzo de 2024"},
                        new String[] {"Fecha de vencimiento:", "14/04/2024"}),
                        "Cobrar a", new String[] {"Total parcial", "800,00 €"}, new String[] {"IVA 21%", "168,00 €"},
                        new String[] {"Saldo adeudado", "968,00 €"},
                        List.of("NIF: ESB12345674", "IBAN: ES91 2100 0418 4502 0005 1332"),
                        expected("A-2024/118", "2024-03-15", "2024-04-14", "968.00", "800.00", "168.00", "EUR",
                                "ESB12345674", "ES9121000418450200051332")),
                new Wording("it", "FATTURA", List.of(new String[] {"Fattura n.", "118/2024"},
                        new String[] {"Data documento:", "21/09/2024"}, new String[] {"Scadenza:", "21/10/2024"}),
                        "Spett.le", new String[] {"Imponibile", "1.000,00"}, new String[] {"IVA 22%", "220,00"},
                        new String[] {"Totale documento", "EUR 1.220,00"},
                        List.of("Partita IVA: IT01234567890", "IBAN: IT60 X054 2811 1010 0000 0123 456"),
                        expected("118/2024", "2024-09-21", "2024-10-21", "1220.00", "1000.00", "220.00", "EUR",
                                "IT01234567890", "IT60X0542811101000000123456")),
                new Wording("en", "INVOICE", List.of(new String[] {"Invoice number", "INV-20140803"},
                        new String[] {"Date of issue", "August 3 , 2014"}, new String[] {"Due date", "September 2, 2014"}),
                        "Bill to", new String[] {"Subtotal", "$1,200.00"}, new String[] {"Sales tax 8.875%", "$106.50"},
                        new String[] {"Amount due on September 2, 2014", "$1,306.50 USD"},
                        List.of("Tax ID: US12-3456789"),
                        expected("INV-20140803", "2014-08-03", "2014-09-02", "1306.50", "1200.00", "106.50", "USD",
                                null, null)),
                new Wording("de", "RECHNUNG", List.of(new String[] {"Rechnungsnummer:", "RE-2024-5512"},
                        new String[] {"Rechnungsdatum:", "12. Februar 2024"}, new String[] {"Zahlbar bis:", "26.02.2024"}),
                        "Rechnungsempfänger", new String[] {"Nettobetrag", "3.400,00 EUR"},
                        new String[] {"zzgl. 19 % USt.", "646,00 EUR"}, new String[] {"Rechnungsbetrag", "4.046,00 EUR"},
                        List.of("USt-IdNr.: DE811907980", "IBAN: DE89 3704 0044 0532 0130 00"),
                        expected("RE-2024-5512", "2024-02-12", "2024-02-26", "4046.00", "3400.00", "646.00", "EUR",
                                "DE811907980", "DE89370400440532013000")),
                // "Rechnung-Nr." with its hyphen, as shop systems print it.
                new Wording("de-shop", "RECHNUNG", List.of(new String[] {"Rechnung-Nr.:", "100000003"},
                        new String[] {"Rechnungsdatum:", "12. Februar 2024"}, new String[] {"Zahlbar bis:", "26.02.2024"}),
                        "Rechnungsempfänger", new String[] {"Nettobetrag", "3.400,00 EUR"},
                        new String[] {"zzgl. 19 % USt.", "646,00 EUR"}, new String[] {"Rechnungsbetrag", "4.046,00 EUR"},
                        List.of("USt-IdNr.: DE811907980", "IBAN: DE89 3704 0044 0532 0130 00"),
                        expected("100000003", "2024-02-12", "2024-02-26", "4046.00", "3400.00", "646.00", "EUR",
                                "DE811907980", "DE89370400440532013000")),
                // Written without "ł" (the test's font has no such glyph), as OCR and ASCII typing leave it too.
                new Wording("pl", "FAKTURA VAT", List.of(new String[] {"Numer faktury:", "FV 12/2024"},
                        new String[] {"Data wystawienia:", "5 marca 2024"}, new String[] {"Termin platnosci:", "19.03.2024"}),
                        "Nabywca", new String[] {"Wartosc netto", "4 000,00 PLN"}, new String[] {"Kwota VAT", "920,00 PLN"},
                        new String[] {"Do zaplaty", "4 920,00 PLN"},
                        List.of("NIP: PL5260250274", "IBAN: PL61 1090 1014 0000 0712 1981 2874"),
                        expected("FV 12/2024", "2024-03-05", "2024-03-19", "4920.00", "4000.00", "920.00", "PLN",
                                "PL5260250274", "PL61109010140000071219812874")),
                new Wording("fi", "LASKU", List.of(new String[] {"Laskun numero:", "2024-118"},
                        new String[] {"Laskun päivämäärä:", "12.3.2024"}, new String[] {"Eräpäivä:", "26.3.2024"}),
                        "Ostaja", new String[] {"Veroton yhteensä", "1 000,00 €"}, new String[] {"ALV yhteensä", "240,00 €"},
                        new String[] {"Maksettava yhteensä", "1 240,00 €"},
                        List.of("ALV-numero: FI20774740", "IBAN: FI21 1234 5600 0007 85"),
                        expected("2024-118", "2024-03-12", "2024-03-26", "1240.00", "1000.00", "240.00", "EUR",
                                "FI20774740", "FI2112345600000785")),
                // Written without the háček (the test's font has no "č", "ě", "ř"), as OCR and ASCII typing often leave it.
                new Wording("cs", "FAKTURA - DANOVÝ DOKLAD", List.of(new String[] {"Císlo faktury:", "2024-0042"},
                        new String[] {"Datum vystavení:", "5. brezna 2024"}, new String[] {"Datum splatnosti:", "19.03.2024"}),
                        "Odberatel", new String[] {"Celkem bez DPH", "4 000,00 CZK"}, new String[] {"DPH 21 %", "840,00 CZK"},
                        new String[] {"Celkem k úhrade", "4 840,00 CZK"},
                        List.of("DIC: CZ25596641", "IBAN: CZ65 0800 0000 1920 0014 5399"),
                        expected("2024-0042", "2024-03-05", "2024-03-19", "4840.00", "4000.00", "840.00", "CZK",
                                "CZ25596641", "CZ6508000000192000145399")),
                new Wording("pt", "FATURA", List.of(new String[] {"Número da fatura:", "FT 2024/77"},
                        new String[] {"Data de emissão:", "4 de março de 2024"}, new String[] {"Data de vencimento:", "03/04/2024"}),
                        "Cliente", new String[] {"Total sem IVA", "500,00 €"}, new String[] {"Total IVA", "115,00 €"},
                        new String[] {"Total a pagar", "615,00 €"},
                        List.of("NIF: PT501964843", "IBAN: PT50 0002 0123 1234 5678 9015 4"),
                        expected("FT 2024/77", "2024-03-04", "2024-04-03", "615.00", "500.00", "115.00", "EUR",
                                "PT501964843", "PT50000201231234567890154")))
                .map(Arguments::of);
    }

    private static Map<String, String> expected(String number, String date, String due, String total, String net,
                                                String tax, String currency, String vatId, String iban) {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("invoice_number", number);
        expected.put("invoice_date", date);
        expected.put("due_date", due);
        expected.put("total_amount", total);
        expected.put("subtotal_amount", net);
        expected.put("tax_amount", tax);
        expected.put("currency", currency);
        expected.put("vendor_name", "Nordwind Handel GmbH");
        expected.put("buyer_name", "Hoekstra & Partners B.V.");
        expected.put("vendor_vat_id", vatId);
        expected.put("iban", iban);
        return expected;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invoices")
    void everyFieldOfAnInvoiceInTheLanguage(Wording wording) throws Exception {
        TestPdf pdf = TestPdf.create().page();
        pdf.text("Nordwind Handel GmbH", 50, 60, TestPdf.HELVETICA_BOLD, 18);
        pdf.text("Hafenstraße 12, 20457 Hamburg", 50, 78);
        pdf.text(wording.title(), 50, 130, TestPdf.HELVETICA_BOLD, 16);
        double y = 160;
        for (String[] row : wording.header()) {
            pdf.text(row[0], 330, y).text(row[1], 450, y);
            y += 14;
        }
        pdf.text(wording.customerHeading(), 50, 160, TestPdf.HELVETICA_BOLD, 10);
        pdf.text("Hoekstra & Partners B.V.", 50, 174).text("Keizersgracht 100", 50, 188).text("1015 CX Amsterdam", 50, 202);
        pdf.text("Consulting services, March", 50, 260).rightAligned(wording.net()[1], 545, 260, TestPdf.HELVETICA, 10);
        y = 320;
        for (String[] row : List.of(wording.net(), wording.tax(), wording.gross())) {
            pdf.text(row[0], 300, y).rightAligned(row[1], 545, y, TestPdf.HELVETICA, 10);
            y += 16;
        }
        y = 760;
        for (String line : wording.footer()) {
            pdf.text(line, 50, y, TestPdf.HELVETICA, 8);
            y += 11;
        }
        Path file = pdf.save(dir, wording.language() + ".pdf");
        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults()).extract(file, Template.INVOICE,
                List.of(), ProgressListener.NONE);
        Map<String, String> found = new LinkedHashMap<>();
        result.fields().stream().filter(field -> field.source().equals(ExtractedField.TEMPLATE))
                .forEach(field -> found.putIfAbsent(field.name(), field.value()));
        Map<String, String> read = new LinkedHashMap<>();
        wording.expected().keySet().forEach(name -> read.put(name, found.get(name)));
        assertEquals(wording.expected(), read, wording.language() + ": everything read: " + found);
    }

    /**
     * The other headings over the buyer's block that invoices of these languages print, with the name on
     * the heading's line after a colon or under it: the block's first line is the buyer.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Invoiced to", "Purchaser", "Auftraggeber", "Besteller", "Rechnung an", "Facturer à", "Factuur aan",
            "Adquirente", "Intestatario", "Fatturare a", "Faturar a", "Comprador", "Tilaaja", "Vastaanottaja", "Dane nabywcy",
            "Zákazník", "Objednatel"})
    void aBuyersHeadingNamesTheBuyer(String heading) throws Exception {
        for (boolean sameLine : new boolean[] {false, true}) {
            TestPdf pdf = TestPdf.create().page();
            pdf.text("Nordwind Handel GmbH", 50, 60, TestPdf.HELVETICA_BOLD, 18).text("Hafenstraße 12, 20457 Hamburg", 50, 78);
            pdf.text("Nr. 2024-0042", 330, 160).text("24.03.2024", 330, 174);
            if (sameLine) {
                pdf.text(heading + ": Hoekstra & Partners B.V.", 50, 160);
            } else {
                pdf.text(heading + ":", 50, 146, TestPdf.HELVETICA_BOLD, 10).text("Hoekstra & Partners B.V.", 50, 160);
            }
            pdf.text("Keizersgracht 100", 50, 174).text("1015 CX Amsterdam", 50, 188);
            pdf.text("Consulting services, March", 50, 260).rightAligned("1 000,00", 545, 260, TestPdf.HELVETICA, 10);
            ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults()).extract(
                    pdf.save(dir, "buyer.pdf"), Template.INVOICE, List.of(), ProgressListener.NONE);
            assertEquals("Hoekstra & Partners B.V.", result.fields().stream()
                    .filter(field -> field.source().equals(ExtractedField.TEMPLATE) && field.name().equals("buyer_name"))
                    .map(ExtractedField::value).findFirst().orElse(null), heading + (sameLine ? " (same line)" : " (above)"));
        }
    }

    /** The other headings over the vendor's block, which here stands right of the buyer's: the block's first line is the vendor. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Billed by", "Invoice from", "Service provider", "Auftragnehmer", "Rechnungsaussteller", "Émetteur",
            "Prestataire", "Émis par", "Factuur van", "Opdrachtnemer", "Prestador", "Datos del emisor", "Emittente"})
    void aVendorsHeadingNamesTheVendor(String heading) throws Exception {
        TestPdf pdf = TestPdf.create().page();
        pdf.text("INVOICE", 50, 60, TestPdf.HELVETICA_BOLD, 18).text("Nr. 2024-0042", 50, 80);
        pdf.text("Bill to:", 50, 146, TestPdf.HELVETICA_BOLD, 10).text("Hoekstra & Partners B.V.", 50, 160)
                .text("Keizersgracht 100", 50, 174).text("1015 CX Amsterdam", 50, 188);
        pdf.text(heading + ":", 330, 146, TestPdf.HELVETICA_BOLD, 10).text("Nordwind Handel", 330, 160)
                .text("Hafenstraße 12", 330, 174).text("20457 Hamburg", 330, 188);
        pdf.text("Consulting services, March", 50, 260).rightAligned("1 000,00", 545, 260, TestPdf.HELVETICA, 10);
        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults()).extract(
                pdf.save(dir, "vendor.pdf"), Template.INVOICE, List.of(), ProgressListener.NONE);
        assertEquals("Nordwind Handel", result.fields().stream()
                .filter(field -> field.source().equals(ExtractedField.TEMPLATE) && field.name().equals("vendor_name"))
                .map(ExtractedField::value).findFirst().orElse(null), heading);
    }
}
