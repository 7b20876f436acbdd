package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Layouts of real invoices that say who and when without a label for it. */
class InvoiceLayoutsTest {

    @TempDir
    Path dir;

    /** A letter: the sender on one line over the window, the recipient below it, "town, date" at the right. */
    @Test
    void aLetterGivesItsSenderRecipientAndDate() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Kerstin Humm • Straße der Stille 1 • 54321 Potsdam", 60, 120)
                .text("Erika Mustermann", 60, 150).text("Musterallee 3", 60, 164).text("12345 Musterstadt", 60, 178)
                .text("Potsdam, 24.05.2023", 400, 240)
                .text("Rechnung #2023-001", 60, 280, TestPdf.HELVETICA_BOLD, 12)
                .text("Gesamt:", 350, 700).text("350,20 €", 450, 700);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "letter.pdf"));

        assertEquals("Kerstin Humm", fields.get("vendor_name"));
        assertEquals("Erika Mustermann", fields.get("buyer_name"));
        assertEquals("2023-05-24", fields.get("invoice_date"));
        assertEquals("2023-001", fields.get("invoice_number"));
    }

    /** A name beside its heading, the rest of the block under the name: the name, not the street under it. */
    @Test
    void aNameBesideItsHeadingIsTheParty() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("Demo Invoice", 200, 80, TestPdf.HELVETICA_BOLD, 16)
                .text("TO:", 50, 120).text("Marcel K Schaefer", 110, 120).text("Waßmannsdorfer Chaussee", 110, 132)
                .text("22111 Hamburg", 110, 144).text("Invoice Number:", 350, 120).text("245625", 450, 120)
                .text("TOTAL", 350, 400).text("€59,50", 450, 400);

        assertEquals("Marcel K Schaefer", invoiceFields(pdf.save(dir, "beside.pdf")).get("buyer_name"));
    }

    /**
     * A template's header: the date alone at the other end of the title's line, the due date in the
     * total's label ("TOTAL DUE BY 2/2/2000"), and the recipient's name printed larger than the
     * sender's under "BILL TO", which does not make it the vendor.
     */
    @Test
    void aDateBesideTheTitleADueDateInTheTotalsLabelAndABigRecipient() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("Project Folded, Inc.", 40, 50, TestPdf.HELVETICA, 14)
                .text("INVOICE NO. 98765432", 40, 120).text("3/14/2024", 480, 120)
                .text("BILL TO", 40, 200).text("Untitled Corporation, Inc.", 40, 218, TestPdf.HELVETICA, 18)
                .text("SUBTOTAL", 300, 600).text("109.90", 480, 600).text("SALES TAX", 300, 620).text("10.99", 480, 620)
                .text("TOTAL DUE BY 4/13/2024", 300, 640).text("120.89", 480, 640);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "header.pdf"));
        assertEquals("2024-03-14", fields.get("invoice_date"));
        assertEquals("2024-04-13", fields.get("due_date"));
        assertEquals("120.89", fields.get("total_amount"));
        assertEquals("Project Folded, Inc.", fields.get("vendor_name"));
        assertEquals("Untitled Corporation, Inc.", fields.get("buyer_name"));
    }

    /** An Indian GSTIN under a plain "Tax Number" label is the vendor's tax id, its PAN's letters and all. */
    @Test
    void aGstinUnderATaxNumberLabelIsTheVendorsTaxId() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("Agenter Technologies Pvt. Ltd", 150, 50).text("TAX INVOICE", 400, 70)
                .text("Invoice Number:", 40, 120).text("INV-00003", 150, 120)
                .text("Tax Number:", 40, 134).text("32AABCU9603R1ZW", 150, 134)
                .text("Total", 300, 600).text("Rs. 1,120.00", 450, 600);

        assertEquals("32AABCU9603R1ZW", invoiceFields(pdf.save(dir, "gstin.pdf")).get("vendor_vat_id"));
    }

    /** A window envelope's recipient whose salutation stands alone on the line above the name. */
    @Test
    void aRecipientUnderItsSalutationIsTheBuyer() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Acme GmbH | Europa-Allee 1980 | 60486 Frankfurt", 60, 120, TestPdf.HELVETICA, 7)
                .text("Herr", 60, 140).text("Karl E. Coyote", 60, 154).text("Uferstraße 113", 60, 168).text("88045 Friedrichshafen", 60, 182)
                .text("Rechnungsdatum: 31.01.2014", 350, 220)
                .text("Rechnung Nr. 42", 60, 280, TestPdf.HELVETICA_BOLD, 12)
                .text("Gesamt:", 350, 700).text("350,20 €", 450, 700);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "salutation.pdf"));

        assertEquals("Herr Karl E. Coyote", fields.get("buyer_name"));
        assertEquals("2014-01-31", fields.get("invoice_date"));
    }

    /** Names over two lines under their headings: a company's legal form on its second line, a salutation alone on the first. */
    @Test
    void namesOverTwoLinesUnderTheirHeadingsAreJoined() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Rechnung Nr. 471102 vom 05.03.2018", 50, 100, TestPdf.HELVETICA_BOLD, 14)
                .text("Verkäufer:", 50, 160).text("MVM Musterhafter", 50, 182).text("Versicherungsverein Musterstadt a.G.", 50, 193)
                .text("Musterstr. 12", 50, 216).text("Käufer:", 50, 260).text("Herrn", 50, 282).text("Max Mustermann", 50, 293)
                .text("Musterstr. 11", 50, 316);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "blocks.pdf"));

        assertEquals("MVM Musterhafter Versicherungsverein Musterstadt a.G.", fields.get("vendor_name"));
        assertEquals("Herrn Max Mustermann", fields.get("buyer_name"));
    }

    /** A person over the company under a buyer's heading is the person, not a name over two lines. */
    @Test
    void aPersonOverTheCompanyIsTheBuyer() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("INVOICE", 50, 100, TestPdf.HELVETICA_BOLD, 14)
                .text("Bill to:", 50, 160).text("John Doe", 50, 182).text("Acme Corp", 50, 193);

        assertEquals("John Doe", invoiceFields(pdf.save(dir, "person.pdf")).get("buyer_name"));
    }

    /** A title set in spaced capitals and an item table's head in large type are not the vendor's name. */
    @Test
    void neitherASpacedTitleNorATableHeadIsTheVendor() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("F A C T U A", 350, 60, TestPdf.HELVETICA_BOLD, 22)
                .text("Festrol Corp Ltd.", 50, 110).text("1711 W. El Segundo Blvd", 50, 124)
                .text("Description   Quantity   Amount", 50, 200, TestPdf.HELVETICA_BOLD, 16)
                .text("Consulting", 50, 230).text("1", 250, 230).text("100.00", 400, 230);

        assertEquals("Festrol Corp Ltd.", invoiceFields(pdf.save(dir, "title.pdf")).get("vendor_name"));
    }

    /**
     * Where no letterhead names the vendor, the block under a buyer's heading of any language is still not the
     * vendor's name: a company with its legal form (the company-name step) or without one (the last guess).
     */
    @Test
    void theBuyersBlockIsNeverTheVendorInAnyLanguage() throws Exception {
        for (String heading : List.of("Bill to:", "Klant:", "Cliente:", "Spett.le", "Nabywca:", "Odberatel:", "Acheteur :")) {
            for (String buyer : List.of("Hoekstra B.V.", "Hoekstra & Partners")) {
                TestPdf pdf = TestPdf.create().page()
                        .text("FACTUUR", 50, 50, TestPdf.HELVETICA_BOLD, 22).text("Nr. 4711", 380, 110)
                        .text(heading, 50, 146).text(buyer, 50, 160).text("Keizersgracht 100", 50, 174)
                        .text("Consulting", 50, 260).text("Totaal: 100,00", 380, 400);

                Map<String, String> fields = invoiceFields(pdf.save(dir, "buyer-first.pdf"));

                assertEquals(buyer, fields.get("buyer_name"), heading);
                assertNotEquals(buyer, fields.get("vendor_name"), heading);
            }
        }
    }

    /** A name that starts with a short word of a buyer's heading ("A & B", "An der", "SR") is no heading. */
    @Test
    void aVendorWhoseNameStartsLikeAShortHeadingIsTheVendor() throws Exception {
        for (String vendor : List.of("A & B Elektro GmbH", "SR Technics GmbH", "An der Alster Handel GmbH")) {
            TestPdf pdf = TestPdf.create().page()
                    .text("RECHNUNG", 380, 50, TestPdf.HELVETICA_BOLD, 16).text(vendor, 50, 60).text("Hafenstraße 12", 50, 72)
                    .text("Rechnungsnummer: 4711", 380, 110)
                    .text("Kunde:", 50, 146).text("Hoekstra & Partners", 50, 160).text("Keizersgracht 100", 50, 174)
                    .text("Consulting", 50, 260).text("Gesamtbetrag: 100,00", 380, 400);

            Map<String, String> fields = invoiceFields(pdf.save(dir, "short-heading.pdf"));

            assertEquals(vendor, fields.get("vendor_name"), vendor);
            assertEquals("Hoekstra & Partners", fields.get("buyer_name"), vendor);
        }
    }

    /** The titles a document's kind puts before "Invoice" ("SALES INVOICE", "VAT Invoice", "Pro-forma Invoice") are titles, not the vendor. */
    @Test
    void aTitleWithItsKindIsNotTheVendor() throws Exception {
        for (String title : List.of("SALES INVOICE", "VAT Invoice", "Pro-forma Invoice", "Simplified Tax Invoice")) {
            TestPdf pdf = TestPdf.create().page()
                    .text(title, 50, 50, TestPdf.HELVETICA_BOLD, 22)
                    .text("Festrol Corp", 50, 110).text("1711 W. El Segundo Blvd", 50, 124)
                    .text("Invoice No: 4711", 380, 110).text("Total: 100.00", 380, 400);

            assertEquals("Festrol Corp", invoiceFields(pdf.save(dir, "kind.pdf")).get("vendor_name"), title);
        }
    }

    /**
     * Two address blocks without headings, the vendor's under its letterhead and the recipient's
     * lower at the right: the block that is not the vendor's names the buyer. With a third block (a
     * delivery address) nobody can tell which of the others is the buyer: none is given.
     */
    @Test
    void theAddressBlockThatIsNotTheVendorsIsTheBuyers() throws Exception {
        TestPdf pdf = twoBlocks();

        Map<String, String> fields = invoiceFields(pdf.save(dir, "blocks.pdf"));

        assertEquals("Hôtel du Pacano SARL", fields.get("vendor_name"));
        assertEquals("Securibox SARL", fields.get("buyer_name"));

        pdf = twoBlocks().text("Entrepôt Sud", 200, 280).text("12, quai du Port", 200, 292).text("13002 Marseille", 200, 304);
        assertEquals(null, invoiceFields(pdf.save(dir, "three.pdf")).get("buyer_name"));
    }

    /**
     * Postcodes of other shapes end an address block too: Polish, Portuguese, Brazilian, Czech, Canadian,
     * Indian and Singaporean after the town, British on a line of its own under the town.
     */
    @Test
    void addressBlocksEndAtPostcodesOfOtherCountries() throws Exception {
        for (List<List<String>> blocks : List.of(
                List.of(List.of("ul. Prosta 10", "00-950 Warszawa"), List.of("ul. Dluga 5", "80-831 Gdansk")),
                List.of(List.of("Rua Augusta 12", "1000-001 Lisboa"), List.of("Rua das Flores 7", "4050-262 Porto")),
                List.of(List.of("Av. Paulista 1000", "01310-100 Sao Paulo"), List.of("Rua XV 20", "80020-310 Curitiba")),
                List.of(List.of("Masarykova 3", "602 00 Brno"), List.of("Vodickova 12", "110 00 Praha 1")),
                List.of(List.of("123 Front St W", "Toronto, ON M5V 3L9"), List.of("45 Rue Sherbrooke", "Montreal, QC H2X 1X3")),
                List.of(List.of("12 MG Road", "Mumbai - 400 001"), List.of("5 Park Street", "Kolkata 700016")),
                List.of(List.of("1 Raffles Place", "Singapore 048616"), List.of("8 Orchard Road", "Singapore 238801")),
                List.of(List.of("12 High Street", "London", "SW1A 1AA"), List.of("3 Castle Street", "Edinburgh", "EH1 2ND")))) {
            TestPdf pdf = TestPdf.create().page()
                    .text("INVOICE", 450, 60, TestPdf.HELVETICA_BOLD, 14).text("No. 2023-6013", 450, 76)
                    .text("Papelera del Sur S.A.", 50, 110).text("Hoekstra Partners", 380, 170)
                    .text("Total", 350, 700).text("1 368,84", 450, 700);
            for (int line = 0; line < blocks.get(0).size(); line++) {
                pdf.text(blocks.get(0).get(line), 50, 122 + 12 * line).text(blocks.get(1).get(line), 380, 182 + 12 * line);
            }
            String town = blocks.get(0).get(blocks.get(0).size() - 1);

            Map<String, String> fields = invoiceFields(pdf.save(dir, "postcodes.pdf"));

            assertEquals("Papelera del Sur S.A.", fields.get("vendor_name"), town);
            assertEquals("Hoekstra Partners", fields.get("buyer_name"), town);
        }
    }

    /**
     * Two blocks side by side, the buyer's with a legal form and the vendor's without one: the vendor's
     * own e-mail domain, or its name repeated in its legal footer, says which block is the vendor's,
     * and the other is then the buyer's. An address in the recipient's block says nothing of the kind.
     */
    @Test
    void theVendorsOwnDomainOrFooterTellsTheBlocksApart() throws Exception {
        Map<String, String> byDomain = invoiceFields(sideBySide().text("info@hotel-pacano.example", 50, 146)
                .save(dir, "domain.pdf"));
        assertEquals("Société Hôtelière du Pacano", byDomain.get("vendor_name"));
        assertEquals("Securibox SARL", byDomain.get("buyer_name"));

        Map<String, String> byFooter = invoiceFields(sideBySide()
                .text("Société Hôtelière du Pacano - SASU au capital de 200000 € - RCS Paris 123 456 789", 50, 780)
                .save(dir, "footer.pdf"));
        assertEquals("Société Hôtelière du Pacano", byFooter.get("vendor_name"));

        Map<String, String> recipients = invoiceFields(sideBySide().text("To: compta@pacano.example", 380, 150)
                .save(dir, "recipient.pdf"));
        assertEquals("Securibox SARL", recipients.get("vendor_name"));
        assertEquals(null, recipients.get("buyer_name"));
    }

    /**
     * The vendor's VAT id running on in a line of its letterhead ("SIRET … — TVA FR…") is the vendor's;
     * the same words in the buyer's block beside it are not, and a labelled id elsewhere wins over it.
     */
    @Test
    void aVatIdInTheVendorsLetterheadIsTheVendors() throws Exception {
        TestPdf letterhead = TestPdf.create().page()
                .text("Atelier Lumière", 50, 60, TestPdf.HELVETICA_BOLD, 16).text("12 rue des Lices, 49100 Angers", 50, 80)
                .text("SIRET 404 833 048 00022 - TVA FR83404833048", 50, 92)
                .text("Facture N° 2026-0042", 380, 60).text("Date : 03/08/2026", 380, 72)
                .text("Facturé à", 50, 160).text("Boulangerie Martin", 50, 172).text("TVA FR40303265045", 50, 184)
                .text("Total TTC", 380, 700).text("1 200,00 €", 470, 700);

        Map<String, String> fields = invoiceFields(letterhead.save(dir, "letterhead.pdf"));

        assertEquals("Atelier Lumière", fields.get("vendor_name"));
        assertEquals("FR83404833048", fields.get("vendor_vat_id"));

        TestPdf buyersOnly = TestPdf.create().page()
                .text("Atelier Lumière", 50, 60, TestPdf.HELVETICA_BOLD, 16).text("12 rue des Lices, 49100 Angers", 50, 80)
                .text("Facture N° 2026-0042", 380, 60).text("Date : 03/08/2026", 380, 72)
                .text("Facturé à", 50, 160).text("Boulangerie Martin", 50, 172).text("Client SIRET 303 265 045 - TVA FR40303265045", 50, 184)
                .text("Total TTC", 380, 700).text("1 200,00 €", 470, 700);

        assertEquals(null, invoiceFields(buyersOnly.save(dir, "buyers-only.pdf")).get("vendor_vat_id"));
    }

    /**
     * Argentina's invoices print the invoice's class in a box beside the title ("A  Factura"), and
     * address the buyer as "Sr.(s):" with a customer code before the name; a watermark across the
     * page ("HOMOLOGACIÓN" on test prints) is no line of the letterhead.
     */
    @Test
    void anArgentineInvoicesClassLetterTitleAndSalutationAreReadAsSuch() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("A", 285, 40, TestPdf.HELVETICA_BOLD, 16).text("Factura de Crédito electrónica", 311, 40, TestPdf.HELVETICA, 13)
                .text("Papelera del Sur", 50, 70, TestPdf.HELVETICA, 12).text("Av. Belgrano 1200", 50, 84)
                .text("Nº: 0004-00012345", 400, 80).text("Fecha: 08/06/2021", 400, 92)
                .text("Sr.(s):", 50, 160).text("Cod.123", 90, 160).text("Maria Lopez", 150, 160)
                .text("Dirección: Calle 9 de Julio 45", 50, 172)
                .text("Articulo", 50, 220).text("Descripción", 150, 220).text("Cantidad", 330, 220).text("Importe", 480, 220)
                .text("P0001", 50, 234).text("Resmas A4", 150, 234).text("2", 330, 234).text("100,00", 480, 234)
                .text("Subtotal: 100,00", 400, 600).text("IVA 21%: 21,00", 400, 612).text("Total: 121,00", 400, 624)
                .slanted("HOMOLOGACION", 40, 330, 55, TestPdf.HELVETICA_BOLD, 48);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "factura-a.pdf"));

        assertEquals("Papelera del Sur", fields.get("vendor_name"));
        assertEquals("Maria Lopez", fields.get("buyer_name"));
        assertEquals("0004-00012345", fields.get("invoice_number"));
        assertEquals("121.00", fields.get("total_amount"));
    }

    /**
     * The number alone in the title's column, under the title and the vendor's tax number: Peru's
     * printed electronic invoices set "FACTURA ELECTRÓNICA / R.U.C.: ... / F001-123" in a box.
     */
    @Test
    void aNumberAloneInTheTitlesColumnIsTheInvoiceNumber() throws Exception {
        TestPdf box = TestPdf.create().page()
                .text("FACTURA", 420, 50, TestPdf.HELVETICA_BOLD, 14).text("ELECTRÓNICA", 410, 66, TestPdf.HELVETICA_BOLD, 14)
                .text("R.U.C.: 20123456789", 405, 84)
                .text("Ferretería Andina S.A.C.", 60, 90, TestPdf.HELVETICA_BOLD, 14).text("Av. Italia 232 - Lima", 60, 106)
                .text("F001-123", 430, 104, TestPdf.HELVETICA_BOLD, 12)
                .text("Fecha Emisión: 21/01/2018", 60, 140)
                .text("Op. Gravadas:", 380, 600).text("S/ 200.00", 480, 600).text("IGV:", 380, 612).text("S/ 36.00", 480, 612)
                .text("Importe Total:", 380, 624).text("S/ 236.00", 480, 624);

        assertEquals("F001-123", invoiceFields(box.save(dir, "factura-pe.pdf")).get("invoice_number"));

        // Under the title only its tax number and a web address: no invoice number.
        TestPdf noNumber = TestPdf.create().page()
                .text("Ferretería Andina S.A.C.", 60, 90, TestPdf.HELVETICA_BOLD, 14)
                .text("FACTURA", 420, 50, TestPdf.HELVETICA_BOLD, 14).text("R.U.C.: 20123456789", 405, 66)
                .text("www.ferreteria-andina.pe", 405, 78)
                .text("Importe Total:", 380, 624).text("S/ 236.00", 480, 624);

        assertEquals(null, invoiceFields(noNumber.save(dir, "no-number.pdf")).get("invoice_number"));
    }

    /** Switzerland's UID after "MwSt." or "MWST-Nr.", written with its hyphen and dots, is the vendor's VAT id. */
    @Test
    void aSwissUidAfterMwstIsTheVendorsVatId() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Bergbahn Service AG", 50, 50, TestPdf.HELVETICA_BOLD, 14).text("Bahnhofstrasse 1", 50, 66).text("3000 Bern", 50, 78)
                .text("Tel", 50, 90).text("+41 31 000 00 00", 110, 90).text("E-Mail", 50, 102).text("info@bergbahn.example", 110, 102)
                .text("Web", 50, 114).text("www.bergbahn.example", 110, 114).text("MwSt.", 50, 126).text("CHE-102.909.703", 110, 126)
                .text("Rechnung 2024-0042", 50, 200).text("Rechnungsdatum 01.01.2024", 50, 214)
                .text("Total CHF", 380, 600).text("29.00", 480, 600);

        assertEquals("CHE102909703", invoiceFields(pdf.save(dir, "uid.pdf")).get("vendor_vat_id"));
    }

    /** Brazil's CNPJ under "CNPJ / CPF" (a DANFE's form) is the VAT id, its slash kept as it is written. */
    @Test
    void aBrazilianCnpjUnderItsLabelIsTheVendorsVatId() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Empresa Lucro Presumido Ltda", 50, 60, TestPdf.HELVETICA_BOLD, 12).text("Avenida Paulista, 1", 50, 74)
                .text("DANFE", 300, 60, TestPdf.HELVETICA_BOLD, 12).text("Nº 000.000.002", 300, 90)
                .text("INSCRIÇÃO ESTADUAL", 50, 140, TestPdf.HELVETICA, 7).text("CNPJ / CPF", 400, 140, TestPdf.HELVETICA, 7)
                .text("078016350838", 50, 150).text("81.583.054/0001-29", 400, 150)
                .text("VALOR TOTAL DA NOTA", 400, 300, TestPdf.HELVETICA, 7).text("1.950,00", 400, 310);

        assertEquals("81583054/000129", invoiceFields(pdf.save(dir, "danfe.pdf")).get("vendor_vat_id"));
    }

    /** A footnote's mark before a label ("* GST (10%):", explained under the totals) does not hide the label. */
    @Test
    void aLabelAfterAFootnotesMarkIsRead() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Widgets Are Us Pty Ltd", 50, 50, TestPdf.HELVETICA_BOLD, 14)
                .text("Invoice Number:", 350, 100).text("987654321", 450, 100)
                .text("Subtotal:", 300, 500).text("$474.35", 480, 500)
                .text("* GST (10%):", 300, 514).text("$47.44", 480, 514)
                .text("Total:", 300, 528).text("$521.79", 480, 528)
                .text("* GST is charged at the rate in force on the day of supply.", 50, 700, TestPdf.HELVETICA, 8);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "footnote.pdf"));

        assertEquals("47.44", fields.get("tax_amount"));
        assertEquals("474.35", fields.get("subtotal_amount"));
    }

    /** Particulars run together in one line, parted by middle dots: each part may start with its label. */
    @Test
    void eachPartOfALineOfParticularsPartedByDotsMayStartWithALabel() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Northgate Instruments", 50, 50, TestPdf.HELVETICA_BOLD, 14)
                .text("INVOICE", 450, 50, TestPdf.HELVETICA_BOLD, 14)
                .text("Invoice number", 350, 100).text("INV-2026-0418", 450, 100)
                .text("Account NGI-4471 · Order no. PO-2231 · Page 1 of 1", 50, 130)
                .text("Total due (GBP)", 300, 500).text("£2,644.08", 480, 500);

        assertEquals("PO-2231", invoiceFields(pdf.save(dir, "dots.pdf")).get("purchase_order"));
    }

    /**
     * A letterhead whose address runs on after the company's legal form on the name's line, house number
     * first or the street first: the name ends with the form.
     */
    @Test
    void aVendorsNameEndsWithItsLegalFormWhereTheStreetRunsOn() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("AnyCompany Name Inc. 851 Any", 380, 50, TestPdf.HELVETICA_BOLD, 12)
                .text("Street Name, Suite 120, Any City, CA", 340, 64).text("Tel: 55 024 12345-1234", 400, 76)
                .text("Invoice ABC123456789", 200, 120, TestPdf.HELVETICA_BOLD, 12)
                .text("Total:", 300, 500).text("$2,230.00", 480, 500);

        assertEquals("AnyCompany Name Inc.", invoiceFields(pdf.save(dir, "runs-on.pdf")).get("vendor_name"));

        // The street before its house number, then the postcode and town: a small sender line over the window.
        TestPdf street = TestPdf.create().page()
                .text("MADISON Hotel GmbH Schaarsteinweg 4 20459 Hamburg", 50, 50, TestPdf.HELVETICA, 8)
                .text("APImeister Consulting GmbH", 50, 80).text("Friedrichstr. 123", 50, 92).text("10117 Berlin", 50, 104)
                .text("RECHNUNG", 50, 150, TestPdf.HELVETICA_BOLD, 12).text("Rechnungs.-Nr. 505050 /", 50, 164)
                .text("Total", 300, 500).text("440.00", 480, 500);

        assertEquals("MADISON Hotel GmbH", invoiceFields(street.save(dir, "street-after.pdf")).get("vendor_name"));
    }

    /**
     * The number under the title outranks a loose label's value ("Reference  PO-4471" in the details
     * block); "Issued" dates the invoice; "No." before a number with a series ("No. INV-2025-091") is not part of it.
     */
    @Test
    void theNumberUnderTheTitleOutranksALooseLabelsValue() throws Exception {
        TestPdf details = TestPdf.create().page()
                .text("MERIDIAN STUDIO LTD", 50, 50, TestPdf.HELVETICA_BOLD, 12).text("INVOICE", 480, 50, TestPdf.HELVETICA_BOLD, 16)
                .text("INV-2026-0042", 470, 70)
                .text("BILLED TO", 50, 110).text("Acme Trading Ltd", 50, 124).text("DETAILS", 330, 110)
                .text("Issued", 330, 124).text("31 July 2026", 470, 124).text("Due", 330, 138).text("30 August 2026", 470, 138)
                .text("Reference", 330, 152).text("PO-4471", 470, 152)
                .text("Total due", 380, 500).text("£898.80", 480, 500);

        Map<String, String> fields = invoiceFields(details.save(dir, "details.pdf"));

        assertEquals("INV-2026-0042", fields.get("invoice_number"));
        assertEquals("2026-07-31", fields.get("invoice_date"));

        TestPdf numbered = TestPdf.create().page()
                .text("Invoice", 50, 50, TestPdf.HELVETICA_BOLD, 16).text("No. INV-2025-091", 50, 70)
                .text("Issue date:", 50, 90).text("2025-09-12", 50, 102)
                .text("Total", 380, 500).text("3017.40", 480, 500);

        assertEquals("INV-2025-091", invoiceFields(numbered.save(dir, "numbered.pdf")).get("invoice_number"));
    }

    /** A web shop's order invoice: "Created on" dates it, "Order Total" is its total. */
    @Test
    void aShopsCreatedOnDateAndOrderTotalAreRead() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Admiral Motors Inc.", 380, 50, TestPdf.HELVETICA_BOLD, 12).text("2517 N Oak Ave, Fort Meade, FL 33941", 330, 64)
                .text("Invoice", 50, 50, TestPdf.HELVETICA_BOLD, 16)
                .text("Order #:", 50, 200).text("Y4TIX8GX", 130, 200).text("Created on:", 50, 214).text("8/1/2022", 130, 214)
                .text("Subtotal:", 350, 500).text("$1,000.00", 480, 500).text("Shipping & Handling:", 350, 514).text("$7.24", 480, 514)
                .text("Order Total:", 350, 528).text("$1,007.24", 480, 528);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "shop.pdf"));

        assertEquals("2022-08-01", fields.get("invoice_date"));
        assertEquals("1007.24", fields.get("total_amount"));
    }

    /** The lines under a buyer's heading end at the item table's head: its first column's head is no name. */
    @Test
    void aBuyersBlockEndsAtTheItemTable() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Papelera del Sur S.A.", 50, 60, TestPdf.HELVETICA_BOLD, 14)
                .text("Factura Nº 0004-00012345", 380, 60).text("Fecha: 08/06/2021", 380, 72)
                .text("Cliente:", 50, 160).text("Domicilio: Calle 9 de Julio 45", 50, 172).text("Condición IVA: Consumidor final", 50, 184)
                .text("Articulo", 50, 200).text("Descripción", 150, 200).text("Cantidad", 330, 200).text("Importe", 480, 200)
                .text("P0001", 50, 214).text("Resmas A4", 150, 214).text("2", 330, 214).text("100,00", 480, 214)
                .text("Total: 121,00", 400, 624);

        assertEquals(null, invoiceFields(pdf.save(dir, "no-buyer.pdf")).get("buyer_name"));
    }

    /**
     * A row of heads over a row of as many cells, each cell set left of its head (heads centred over
     * their columns, cells flush left): the cells pair with the heads in order.
     */
    @Test
    void cellsOfARowPairWithTheHeadsAboveThemInOrder() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Northwind Traders", 50, 60, TestPdf.HELVETICA_BOLD, 16).text("Invoice # 2020-118", 380, 60)
                .text("Date: March 31, 2020", 380, 72)
                .text("Department", 70, 300).text("Currency", 200, 300).text("Payment Terms", 330, 300).text("Due Date", 494, 300)
                .text("Engineering", 30, 314).text("EUR", 170, 314).text("Net 30", 280, 314).text("04/30/20", 440, 314)
                .text("Total", 420, 600).text("€ 1,583.08", 480, 600);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "header-row.pdf"));

        assertEquals("2020-04-30", fields.get("due_date"));
        assertEquals("2020-03-31", fields.get("invoice_date"));
    }

    /**
     * A letter dated "München, den" with the date in the column of values beside it, and a print run's
     * "Datum: … Zeit: …" in small print under the footer: the letter's date is the invoice's.
     */
    @Test
    void theLettersDateOutranksAPrintRunsDateInSmallPrint() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Alphabet Leasing GmbH", 50, 60, TestPdf.HELVETICA_BOLD, 14)
                .text("Muster GmbH", 50, 180).text("Musterweg 1", 50, 192).text("60325 Frankfurt am Main", 50, 204)
                .text("Rechnungsnummer:", 380, 180).text("2015738820", 480, 180)
                .text("München, den", 380, 192).text("01.11.2024", 480, 192)
                .text("Rechnung", 250, 260, TestPdf.HELVETICA_BOLD, 14)
                .text("Summe gesamt", 300, 400).text("447,88", 480, 400)
                .text("Datum:   30.10.2024   Zeit: 04:59:13   Seite: 1", 400, 800, TestPdf.HELVETICA, 3.5f);

        assertEquals("2024-11-01", invoiceFields(pdf.save(dir, "letter-date.pdf")).get("invoice_date"));
    }

    /**
     * A branch office's block beside the letterhead, at the letterhead's own street and town: the
     * vendor's, so the one other block is the buyer's. A block only in the same town is not the vendor's.
     */
    @Test
    void aBlockAtTheLetterheadsAddressIsTheVendors() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Alphabet Leasing GmbH", 180, 40, TestPdf.HELVETICA_BOLD, 12).text("Lilienthalallee 26, 80786 München", 180, 54)
                .text("Geschäftsstelle Sonderkunden", 400, 40).text("Lilienthalallee 26", 400, 52).text("80786 München", 400, 64)
                .text("Muster GmbH", 70, 180).text("Musterweg 1", 70, 192).text("60325 Frankfurt am Main", 70, 204)
                .text("Rechnungsnummer:", 380, 180).text("2015738820", 480, 180)
                .text("Summe gesamt", 300, 400).text("447,88", 480, 400);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "branch.pdf"));

        assertEquals("Alphabet Leasing GmbH", fields.get("vendor_name"));
        assertEquals("Muster GmbH", fields.get("buyer_name"));

        // Two blocks side by side, one in the letterhead's town: neither is the vendor's, and neither is said to be the buyer's.
        TestPdf sameTown = TestPdf.create().page()
                .text("Alphabet Leasing GmbH", 180, 40, TestPdf.HELVETICA_BOLD, 12).text("Lilienthalallee 26, 80786 München", 180, 54)
                .text("Muster GmbH", 330, 180).text("Ackerstraße 5", 330, 192).text("80786 München", 330, 204)
                .text("Bauer KG", 70, 180).text("Musterweg 1", 70, 192).text("60325 Frankfurt am Main", 70, 204)
                .text("Rechnungsnummer:", 380, 300).text("2015738820", 480, 300)
                .text("Summe gesamt", 300, 400).text("447,88", 480, 400);

        assertEquals(null, invoiceFields(sameTown.save(dir, "same-town.pdf")).get("buyer_name"));
    }

    /**
     * A logo's name over the page ("swissôtel TALLINN") and, under the letterhead, the company's block and
     * the guest's: neither block names the vendor as found, and the sender's stands above the recipient's.
     */
    @Test
    void ofTwoBlocksNamingNoVendorTheLowerIsTheRecipients() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("swissotel TALLINN", 50, 40, TestPdf.HELVETICA_BOLD, 16)
                .text("Swissotel Estonia OU", 380, 40).text("Tornimae 3", 380, 52).text("10145 Tallinn", 380, 64)
                .text("Mr Jens Walter", 50, 150).text("Friedrichstrasse 123", 50, 162).text("Berlin 10117", 50, 174)
                .text("Invoice No 377904", 50, 240).text("Total", 350, 500).text("770.00", 450, 500);

        assertEquals("Mr Jens Walter", invoiceFields(pdf.save(dir, "guest-below.pdf")).get("buyer_name"));
    }

    /**
     * Totals whose net or gross stands in a column of its own between label and amount ("Gesamtsumme |
     * netto | 7.900,00", "Rundungsbetrag | brutto | 210,00"): the word belongs to the label, so the gross
     * sum is the total and a rounding or paid amount is none, and a row of heads ending "TVA | TTC" keeps its heads.
     */
    @Test
    void aNetOrGrossColumnBetweenLabelAndAmountBelongsToTheLabel() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("EntServ Deutschland GmbH", 50, 60, TestPdf.HELVETICA_BOLD, 14).text("Rechnungsnummer: 123456XX", 350, 60)
                .text("Summe aller Positionen", 50, 500).text("netto", 300, 500).text("10.000,00", 480, 500)
                .text("Summe Zuschläge", 50, 512).text("netto", 300, 512).text("400,00", 480, 512)
                .text("Gesamtsumme", 50, 524).text("netto", 300, 524).text("7.900,00", 480, 524)
                .text("Summe Umsatzsteuer", 50, 536).text("510,00", 480, 536)
                .text("Gesamtsumme", 50, 548).text("brutto", 300, 548).text("8.410,00", 480, 548)
                .text("Gezahlter Betrag", 50, 560).text("brutto", 300, 560).text("500,00", 480, 560)
                .text("Rundungsbetrag", 50, 572).text("brutto", 300, 572).text("210,00", 480, 572)
                .text("Fälliger Betrag", 50, 584).text("brutto", 300, 584).text("8.120,00", 480, 584);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "qualifier-column.pdf"));

        assertEquals("8410.00", fields.get("total_amount"));
        assertEquals("7900.00", fields.get("subtotal_amount"));
        assertEquals("510.00", fields.get("tax_amount"));
    }

    /**
     * The XRechnung visualisation's form: "Informationen zum Käufer" and "… zum Verkäufer" head the
     * parties' sections, whose "Name:" and "Firmenname:" rows name them (a hyphen before "und" ends
     * an elided word, it does not cut the name); the contact's "Name:" in the next column does not.
     */
    @Test
    void theSectionsOfAnXRechnungFormNameTheParties() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Bereiche ohne Inhalte werden nicht dargestellt!", 50, 40).text("urn:cen.eu:en16931:2017", 350, 40)
                .text("Informationen zum Käufer", 50, 100, TestPdf.HELVETICA_BOLD, 11)
                .text("Name:", 50, 120).text("Deutsches Patent - und Markenamt", 130, 120)
                .text("Name:", 330, 120).text("Kontakt Rechnungsempfänger", 410, 120)
                .text("PLZ:", 50, 134).text("67890", 130, 134)
                .text("Informationen zum Verkäufer", 50, 180, TestPdf.HELVETICA_BOLD, 11)
                .text("Firmenname:", 50, 200).text("EntServ Deutschland GmbH", 130, 200)
                .text("PLZ:", 50, 214).text("12345", 130, 214)
                .text("Rechnungsnummer:", 50, 260).text("1234567890", 130, 260)
                .text("Gesamtsumme", 50, 500).text("brutto", 300, 500).text("8.410,00", 480, 500);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "xrechnung-form.pdf"));

        assertEquals("EntServ Deutschland GmbH", fields.get("vendor_name"));
        assertEquals("Deutsches Patent - und Markenamt", fields.get("buyer_name"));
    }

    /** Addresses written town first ("Fremont, CA 94538", "London SW1A 1AA") make blocks too; "Invoice 12345" under a date does not. */
    @Test
    void blocksEndingInATownBeforeItsPostcodeNameTheBuyer() throws Exception {
        TestPdf pdf = TestPdf.create().page()
                .text("Northwind Traders", 50, 60, TestPdf.HELVETICA_BOLD, 16).text("4557 De Silva St", 50, 80)
                .text("Fremont, CA 94538", 50, 92)
                .text("Contoso Pharmaceuticals", 50, 160).text("221B Baker Street", 50, 172).text("London NW1 6XE", 50, 184)
                .text("Invoice 12345", 350, 160).text("March 3, 2024", 350, 172)
                .text("Total due", 350, 700).text("$1,250.00", 450, 700);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "us.pdf"));

        assertEquals("Northwind Traders", fields.get("vendor_name"));
        assertEquals("Contoso Pharmaceuticals", fields.get("buyer_name"));
    }

    /**
     * A tax summary whose heads stand flush left over amounts set flush right in wide columns, one
     * head with its currency ("MwSt. EUR"): the amounts under the heads add up and are the totals.
     */
    @Test
    void amountsUnderTheHeadsOfATaxSummaryAreTheTotals() throws Exception {
        for (boolean ruled : List.of(false, true)) {
            TestPdf pdf = TestPdf.create().page().text("Muster Handel GmbH", 50, 60).text("Rechnung Nr. 2024-118", 50, 120)
                    .text("Satz", 50, 600).text("Nettobetrag", 120, 600).text("MwSt. EUR", 260, 600).text("Bruttobetrag", 400, 600)
                    .text("19 %", 50, 626).text("27 292,28", 200, 626).text("5 185,53", 330, 626).text("32 477,81", 480, 626);
            if (ruled) {
                // A rule typed with dashes between the heads and the row, as report writers print it.
                pdf.text("-".repeat(90), 50, 613);
            }

            Map<String, String> fields = invoiceFields(pdf.save(dir, "summary-" + ruled + ".pdf"));

            assertEquals("27292.28", fields.get("subtotal_amount"), "ruled " + ruled);
            assertEquals("5185.53", fields.get("tax_amount"), "ruled " + ruled);
            assertEquals("32477.81", fields.get("total_amount"), "ruled " + ruled);
        }
    }

    /**
     * A tax breakdown with a row per rate and no row of their sums, under a labelled total: each row adds
     * up, and the total is the one the rows' totals make, not the first row's. The net and the tax are
     * printed only per rate and are not reported.
     */
    @Test
    void aTotalThatIsTheSumOfTheTaxRowsIsTheTotal() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("Hotel Lindenhof", 50, 60).text("Rechnungsnr: 21-0052/9972", 350, 120)
                .text("Hotelaufenthalt", 50, 300).text("82,00", 480, 300).text("Parkplatz", 50, 316).text("5,00", 486, 316)
                .text("Total", 400, 340).text("87,00 €", 470, 340)
                .text("MwSt-Satz", 100, 380).text("Netto EUR", 200, 380).text("MwSt EUR", 300, 380).text("Total EUR", 400, 380)
                .text("19%", 110, 398).text("4,20 €", 210, 398).text("0,80 €", 310, 398).text("5,00 €", 410, 398)
                .text("7%", 110, 416).text("76,64 €", 210, 416).text("5,36 €", 310, 416).text("82,00 €", 410, 416);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "rates.pdf"));

        assertEquals("87.00", fields.get("total_amount"));
        assertEquals(null, fields.get("subtotal_amount"));
        assertEquals(null, fields.get("tax_amount"));
    }

    /** A tax breakdown whose last row holds the sums of the rows above it (and a 0% row beside them): that row is the invoice's. */
    @Test
    void theRowOfSumsUnderTheRowsPerRateHoldsTheTotals() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("Hotel Seeblick", 50, 60).text("Rechnungsnr. 9282-52756", 350, 120)
                .text("Beschreibung", 50, 380).text("Netto (EUR)", 200, 380).text("MwSt. (EUR)", 300, 380).text("Brutto (EUR)", 400, 380)
                .text("Offener Saldo (EUR)", 480, 380).text("0.00", 570, 380)
                .text("MwSt. 19%", 50, 398).text("8.40", 210, 398).text("1.60", 310, 398).text("10.00", 410, 398)
                .text("MwSt. 7%", 50, 416).text("160.75", 210, 416).text("11.25", 310, 416).text("172.00", 410, 416)
                .text("MwSt. 0%", 50, 434).text("5.00", 210, 434).text("0.00", 310, 434).text("5.00", 410, 434)
                .text("Total", 50, 452).text("174.15", 210, 452).text("12.85", 310, 452).text("187.00", 410, 452);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "sums.pdf"));

        assertEquals("187.00", fields.get("total_amount"));
        assertEquals("174.15", fields.get("subtotal_amount"));
        assertEquals("12.85", fields.get("tax_amount"));
    }

    /**
     * Hotel systems print the invoice number's parts apart ("HA007 - 123123 - 37816396", "083 -72561") and
     * label it "Rechnungs.-Nr." or "Folio No."; a date after a spaced hyphen is no part of it. One label may
     * head the number and the date ("Rechnungsnr./-datum").
     */
    @Test
    void invoiceNumbersOfHotelBillsAreReadWhole() throws Exception {
        Map<String, String> expected = Map.of("Rechnungs.-Nr. HA007 - 123123 - 37816396", "HA007-123123-37816396",
                "Rechnungsnr. 083 -72561", "083-72561", "Folio No.: 227638", "227638", "Rechnung Nr. 4711 - 15.03.2024", "4711",
                "Rechnung Nr. 4711 - 119,00 EUR", "4711", "Invoice 1234 - 3 May 2024", "1234", "Rechnung Nr. 4711 - 1 von 2", "4711",
                "Rechnungsnr./-datum 6001215715 / 30.07.2022", "6001215715");
        for (Map.Entry<String, String> bill : expected.entrySet()) {
            TestPdf pdf = TestPdf.create().page().text("Hotel Lindenhof", 50, 60).text(bill.getKey(), 300, 120)
                    .text("Total", 350, 700).text("118.00", 450, 700);
            assertEquals(bill.getValue(), invoiceFields(pdf.save(dir, "bill.pdf")).get("invoice_number"), bill.getKey());
        }
    }

    /**
     * A logo read as its first word ("Mercure", or "Cit" of a logo OCR cuts short) is the name the
     * sender line or the footer writes out after it; the legal name ("Cyberport GmbH") before a shop's
     * ("Cyberport Store Leipzig"); the word alone where nothing writes it out.
     */
    @Test
    void aLogosWordIsTheNameWrittenOutBelowIt() throws Exception {
        TestPdf hotel = TestPdf.create().page().text("Mercure", 50, 50, TestPdf.HELVETICA_BOLD, 22)
                .text("Mercure Hotel Bochum City, Massenbergstrasse 19-21, 44787 Bochum", 50, 110, TestPdf.HELVETICA, 7)
                .text("RECHNUNG 4711", 350, 160).text("Total", 350, 400).text("118,00 EUR", 450, 400)
                .text("Ihr Mercure Hotel Bochum City", 50, 700);
        assertEquals("Mercure Hotel Bochum City", invoiceFields(hotel.save(dir, "logo.pdf")).get("vendor_name"));

        TestPdf cut = TestPdf.create().page().text("Cit", 50, 50, TestPdf.HELVETICA_BOLD, 22)
                .text("Rechnung 4711", 350, 160).text("Total", 350, 400).text("903,63 EUR", 450, 400)
                .text("Citadines Michel Hamburg", 50, 700).text("Ludwig-Erhard-Str. 7, D-20459 Hamburg", 50, 712);
        assertEquals("Citadines Michel Hamburg", invoiceFields(cut.save(dir, "cut.pdf")).get("vendor_name"));

        TestPdf shop = TestPdf.create().page().text("cyberport", 50, 50, TestPdf.HELVETICA_BOLD, 22)
                .text("Cyberport Store Leipzig, Neumarkt 29-33, 04109 Leipzig", 50, 110, TestPdf.HELVETICA, 7)
                .text("Rechnung 4711", 350, 160).text("Total", 350, 400).text("36,05 EUR", 450, 400)
                .text("Cyberport Store Leipzig - Neumarkt 29-33, 04109 Leipzig", 50, 690)
                .text("Cyberport GmbH", 50, 710).text("E-Mail: info@cyberport.de", 200, 710);
        assertEquals("Cyberport GmbH", invoiceFields(shop.save(dir, "shop.pdf")).get("vendor_name"));

        // Not a charge repeated in the rows ("City Tax   2,50"), nor a longer word the logo's starts ("Sparkasse").
        TestPdf rows = TestPdf.create().page().text("Cit", 50, 50, TestPdf.HELVETICA_BOLD, 22)
                .text("Rechnung 4711", 350, 160).text("City Tax", 50, 300).text("2,50", 450, 300)
                .text("City Tax", 50, 315).text("2,50", 450, 315).text("Total", 350, 400).text("903,63 EUR", 450, 400)
                .text("Citadines Michel Hamburg", 50, 700);
        assertEquals("Citadines Michel Hamburg", invoiceFields(rows.save(dir, "rows.pdf")).get("vendor_name"));
        TestPdf bank = TestPdf.create().page().text("Spar", 50, 50, TestPdf.HELVETICA_BOLD, 22)
                .text("Spar Markt Ulm, Hauptstr. 1, 89073 Ulm", 50, 110, TestPdf.HELVETICA, 7)
                .text("Rechnung 4711", 350, 160).text("Total", 350, 400).text("18,00 EUR", 450, 400)
                .text("Sparkasse Ulm GmbH", 50, 700).text("Sparkasse Ulm GmbH", 50, 715);
        assertEquals("Spar Markt Ulm", invoiceFields(bank.save(dir, "bank.pdf")).get("vendor_name"));

        TestPdf alone = TestPdf.create().page().text("Lindenhof", 50, 50, TestPdf.HELVETICA_BOLD, 22)
                .text("Rechnung 4711", 350, 160).text("Total", 350, 400).text("118,00 EUR", 450, 400);
        assertEquals("Lindenhof", invoiceFields(alone.save(dir, "alone.pdf")).get("vendor_name"));
    }

    /**
     * A till's summary on one line, each amount set closer to the next label than to its own
     * ("Mwst: 20%   7,18 Netto   35,92 Brut.   43,10"), or in one run: the tax, the net and the gross. Its
     * VAT id alone under the café's address is the vendor's.
     */
    @Test
    void aTillsSummaryOnOneLineGivesTheTaxTheNetAndTheGross() throws Exception {
        TestPdf columns = TestPdf.create().page().text("Eleven Gastro & Service GmbH", 50, 50)
                .text("Leystrasse 43, 1200 Wien", 50, 62).text("ATU57991999", 50, 74).text("Rechnung Nr.: 1900016675", 50, 90).text("3 Glühwein 5,40 16,20", 50, 130)
                .text("Gesamt: 43,10", 50, 160).text("Mwst: 20%", 50, 190).text("7,18 Netto", 120, 190)
                .text("35,92 Brut.", 200, 190).text("43,10", 280, 190);
        Map<String, String> fields = invoiceFields(columns.save(dir, "till.pdf"));
        assertEquals(List.of("43.10", "35.92", "7.18"), List.of(fields.get("total_amount"), fields.get("subtotal_amount"),
                fields.get("tax_amount")), fields.toString());
        // The VAT id alone under the address, without a label, its check digits holding.
        assertEquals("ATU57991999", fields.get("vendor_vat_id"));

        TestPdf run = TestPdf.create().page().text("Eleven Gastro & Service GmbH", 50, 50)
                .text("Rechnung Nr.: 1900016675", 50, 90).text("3 Glühwein 5,40 16,20", 50, 130)
                .text("MwSt 20% 7,18 Netto 35,92 Brutto 43,10", 50, 190);
        fields = invoiceFields(run.save(dir, "run.pdf"));
        assertEquals(List.of("43.10", "35.92", "7.18"), List.of(fields.get("total_amount"), fields.get("subtotal_amount"),
                fields.get("tax_amount")), fields.toString());
    }

    /** A footer's VAT id that a wide gap parts from its label ("Umsatzsteuer-Identifikationsnummer DE   297308020."). */
    @Test
    void aFootersVatIdPartedFromItsLabelIsRead() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("Premier Inn Hamburg City", 50, 50).text("Rechnungsnummer GABCI19014325", 300, 120)
                .text("APIMEISTER CONSULTING GmbH", 50, 150).text("Friedrichstr. 123", 50, 162).text("10117 Berlin", 50, 174)
                .text("Übernachtung 7,00", 50, 300).text("77,00", 450, 300).text("Übernachtung 7,00", 50, 315).text("135,00", 450, 315)
                .text("Gesamt (Rechnungsbetrag) EUR", 250, 400).text("550,60", 450, 400)
                .text("Premier Inn GmbH, Friedrich-Ebert-Anlage 49, 60308 Frankfurt am Main", 50, 740)
                .text("HRB 99153. Umsatzsteuer-Identifikationsnummer DE", 50, 760).text("297308020.", 330, 760);
        assertEquals("DE297308020", invoiceFields(pdf.save(dir, "footer.pdf")).get("vendor_vat_id"));
    }

    /**
     * A tax's row whose name stands in a column of its own before the rate ("IVA   10,00%   1.907,88   190,81
     * 2.098,69"): its net and tax, which add up to the total.
     */
    @Test
    void aTaxRowWithItsNameInAColumnOfItsOwnGivesTheNetAndTheTax() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("EUROSTARS REY DON JAIME", 50, 50).text("Rechnung: JI20018793", 300, 100)
                .text("IVA", 50, 400).text("10,00%", 120, 400).text("1.907,88", 250, 400).text("190,81", 350, 400)
                .text("2.098,69", 450, 400).text("Gesamtbetrag", 250, 430).text("2.098,69 EUR", 450, 430);
        Map<String, String> fields = invoiceFields(pdf.save(dir, "iva.pdf"));
        assertEquals(List.of("2098.69", "1907.88", "190.81"), List.of(String.valueOf(fields.get("total_amount")),
                String.valueOf(fields.get("subtotal_amount")), String.valueOf(fields.get("tax_amount"))), fields.toString());
    }

    /** A bilingual print's label after its other language's and a slash ("SVEUKUPNO / GRAND TOTAL", "Datum / Date"). */
    @Test
    void aLabelAfterItsOtherLanguagesIsRead() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("JADRAN HOTELI d.d. RIJEKA", 50, 50).text("RACUN / INVOICE 1775", 300, 100)
                .text("Datum / Date 25.08.2021", 300, 115).text("Iznos / Amount", 50, 300).text("340,49", 450, 300)
                .text("SVEUKUPNO / GRAND TOTAL", 250, 400).text("702,98", 450, 400);
        Map<String, String> fields = invoiceFields(pdf.save(dir, "bilingual.pdf"));
        assertEquals("702.98", fields.get("total_amount"), fields.toString());
        assertEquals("2021-08-25", fields.get("invoice_date"), fields.toString());

        // Two heads of one column joined by a slash are neither's label: "Netto/Brutto" over an item's amount is no total.
        TestPdf column = TestPdf.create().page().text("Acme Werkzeuge GmbH", 50, 50).text("Rechnung 4711", 300, 100)
                .text("Artikel", 50, 200).text("Netto/Brutto", 400, 200).text("Hammer", 50, 215).text("100,00", 400, 215)
                .text("Summe", 300, 400).text("119,00", 450, 400);
        assertEquals("119.00", invoiceFields(column.save(dir, "column.pdf")).get("total_amount"));
    }

    /** A word the label leaves before the id ("VAT ID Number: UID DE294992073") is no part of it. */
    @Test
    void aWordBeforeAVatIdWithItsCountryIsNoPartOfIt() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("Hotel Lindenhof GmbH", 50, 60).text("Invoice 2024-17", 350, 120)
                .text("Total", 350, 600).text("48.00", 450, 600).text("VAT ID Number: UID DE294992073", 50, 760);
        assertEquals("DE294992073", invoiceFields(pdf.save(dir, "uid.pdf")).get("vendor_vat_id"));
    }

    /**
     * A hotel system's guest block names the buyer: its country's code before the postcode with spaced
     * hyphens ("DE - 81539 - Munich"), the lines of the column beside it set on baselines between its own.
     */
    @Test
    void aGuestsBlockWithTheCountryBeforeThePostcodeNamesTheBuyer() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("B&B Hotel Ulm", 320, 50).text("Ehinger Str. 11, 89077 Ulm, Deutschland", 320, 62)
                .text("RECHNUNG / INVOICE", 50, 140, TestPdf.HELVETICA_BOLD, 14)
                .text("JENS WALTER", 50, 178).text("Original", 340, 178)
                .text("Rechnungsnr: 21-0052/9972", 340, 185).text("Untersbergstr. 84", 50, 192)
                .text("Datum: 03/09/2021", 340, 199).text("DE - 81539 - Munich", 50, 206)
                .text("Total", 400, 400).text("87,00 €", 470, 400);

        assertEquals("JENS WALTER", invoiceFields(pdf.save(dir, "guest.pdf")).get("buyer_name"));
    }

    /**
     * A tax's row with its rate, the amount taxed and the tax ("VAT 10%  725.44  72.59 EUR"): the net and
     * the tax, the tax being the rate of the net to within rounding; a pair that is not is neither.
     */
    @Test
    void aTaxRowWithItsRateGivesTheNetAndTheTax() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("Hotel U232", 50, 50).text("Invoice/Facture 0694/21042229", 300, 100)
                .text("Total EUR", 300, 400).text("798.03", 460, 400).text("798.03", 520, 400)
                .text("VAT 10%", 300, 430).text("725.44", 400, 430).text("72.59", 460, 430).text("EUR", 500, 430)
                .text("Total inc. VAT/TVA", 300, 450).text("798.03 EUR", 460, 450);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "tax-row.pdf"));

        assertEquals("798.03", fields.get("total_amount"));
        assertEquals("725.44", fields.get("subtotal_amount"));
        assertEquals("72.59", fields.get("tax_amount"));

        TestPdf notARate = TestPdf.create().page().text("Hotel U232", 50, 50).text("Invoice/Facture 0694/21042229", 300, 100)
                .text("VAT 10%", 300, 430).text("725.44", 400, 430).text("12.59", 460, 430)
                .text("Total inc. VAT/TVA", 300, 450).text("798.03 EUR", 460, 450);

        assertEquals(null, invoiceFields(notARate.save(dir, "not-a-rate.pdf")).get("subtotal_amount"));
    }

    /**
     * Rows that add up but are not the invoice's: an item row with its net, tax and gross over a discount and
     * the labelled totals after it, and a previous balance and the amount due under the totals' column. The
     * invoice's totals are the labelled ones, and the amount due is no total of rows per rate.
     */
    @Test
    void rowsThatAddUpAboveADiscountOrABalanceAreNotTheInvoices() throws Exception {
        TestPdf discount = TestPdf.create().page().text("Muster Handel GmbH", 50, 60).text("Rechnung Nr. 2024-118", 50, 120)
                .text("Artikel", 50, 300).text("Netto", 250, 300).text("MwSt", 330, 300).text("Brutto", 410, 300)
                .text("Stuhl", 50, 316).text("200,00", 250, 316).text("38,00", 330, 316).text("238,00", 410, 316)
                .text("Rabatt 10%", 250, 360).text("-20,00", 410, 360)
                .text("Nettobetrag", 250, 376).text("180,00", 410, 376)
                .text("MwSt 19%", 250, 392).text("34,20", 410, 392)
                .text("Gesamtbetrag", 250, 408).text("214,20", 410, 408);

        Map<String, String> fields = invoiceFields(discount.save(dir, "discount.pdf"));

        assertEquals("214.20", fields.get("total_amount"));
        assertEquals("180.00", fields.get("subtotal_amount"));
        assertEquals("34.20", fields.get("tax_amount"));

        TestPdf balance = TestPdf.create().page().text("Northwind Traders Ltd", 50, 60).text("Invoice No. 4711", 50, 120)
                .text("Description", 50, 300).text("Net", 250, 300).text("VAT", 330, 300).text("Total", 410, 300)
                .text("Consulting", 50, 316).text("100.00", 250, 316).text("19.00", 330, 316).text("119.00", 410, 316)
                .text("Previous balance", 250, 332).text("50.00", 410, 332)
                .text("Amount due", 250, 348).text("169.00", 410, 348);

        Map<String, String> due = invoiceFields(balance.save(dir, "balance.pdf"));

        assertEquals("100.00", due.get("subtotal_amount"));
        assertEquals("19.00", due.get("tax_amount"));
    }

    /** A partnership's names with commas are one name ("Harlow, Pike and Webb"); a comma before a street still ends a name. */
    @Test
    void aPartnershipsNamesWithCommasAreOneName() throws Exception {
        TestPdf partners = TestPdf.create().page().text("Seller:", 50, 60).text("Harlow, Pike and Webb", 50, 74)
                .text("Invoice 2024-17", 350, 120).text("Total:", 350, 700).text("1,250.00", 450, 700);
        assertEquals("Harlow, Pike and Webb", invoiceFields(partners.save(dir, "partners.pdf")).get("vendor_name"));

        TestPdf street = TestPdf.create().page().text("Seller:", 50, 60).text("Harlow Trading, Main Street 4, Leeds", 50, 74)
                .text("Invoice 2024-17", 350, 120).text("Total:", 350, 700).text("1,250.00", 450, 700);
        assertEquals("Harlow Trading", invoiceFields(street.save(dir, "street.pdf")).get("vendor_name"));
    }

    /** An address block's heading alone ("Address") is no name: the buyer is the name under it. */
    @Test
    void anAddressHeadingIsNotTheBuyer() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("Northwind Traders", 50, 60, TestPdf.HELVETICA_BOLD, 16)
                .text("Invoice 2024-17", 350, 60)
                .text("Bill to:", 50, 150).text("Address", 50, 164).text("Contoso Pharmaceuticals", 50, 178)
                .text("Total:", 350, 700).text("1,250.00", 450, 700);

        assertEquals("Contoso Pharmaceuticals", invoiceFields(pdf.save(dir, "heading.pdf")).get("buyer_name"));
    }

    private static TestPdf sideBySide() {
        return TestPdf.create().page()
                .text("FACTURE", 450, 60, TestPdf.HELVETICA_BOLD, 14).text("nº 2023-6013", 450, 76)
                .text("Société Hôtelière du Pacano", 50, 110).text("2, rue de la Paix", 50, 122).text("75002 Paris", 50, 134)
                .text("Securibox SARL", 380, 110).text("27, rue de Bassano", 380, 122).text("75008 Paris", 380, 134)
                .text("Total TTC", 350, 700).text("1 368,84 €", 450, 700);
    }

    /**
     * An item table whose heads are compounds and carry the currency ("Artikelbeschreibung",
     * "Preis/Einh €", "Gesamt €"), then a tax breakdown with a head of its own ending in the
     * invoice's net total: the items are the line items, the breakdown's rows are not.
     */
    @Test
    void itemsUnderCompoundHeadsAreReadAndATaxBreakdownIsNot() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("Rechnung Nr. 2019-03", 50, 80, TestPdf.HELVETICA_BOLD, 14)
                .text("Pos.", 50, 200).text("Artikelbeschreibung", 90, 200).text("Menge", 300, 200)
                .text("Preis/Einh €", 370, 200).text("Gesamt €", 480, 200)
                .text("1", 50, 220).text("Superdrachen", 90, 220).text("2", 310, 220).text("20,00", 380, 220).text("40,00", 490, 220)
                .text("2", 50, 234).text("Turbo Flyer", 90, 234).text("5", 310, 234).text("40,00", 380, 234).text("200,00", 490, 234)
                .text("Steuersatz", 50, 260).text("Nettobetrag", 160, 260).text("Steuer", 280, 260)
                .text("Summe netto", 380, 260).text("240,00", 490, 260)
                .text("19 %", 50, 274).text("240,00", 160, 274).text("45,60", 280, 274)
                .text("Gesamtbetrag:", 380, 300).text("285,60", 490, 300);

        Map<String, String> fields = invoiceFields(pdf.save(dir, "items.pdf"));

        assertEquals("Superdrachen", fields.get("line_items.1.description"));
        assertEquals("40.00", fields.get("line_items.1.amount"));
        assertEquals("5", fields.get("line_items.2.quantity"));
        assertEquals("40.00", fields.get("line_items.2.unit_price"));
        assertEquals("200.00", fields.get("line_items.2.amount"));
        assertEquals(null, fields.get("line_items.3.amount"), fields.toString());
    }

    /**
     * A folio's "Date / Description / Sum" table dates its rows, not the bill: the date the sender
     * writes after its name and town ("Scandic Klara, Stockholm, 06.05.19"; "Hotel Amarin ROVINJ,
     * 03.09.2021. 10:29:06" with the time it was printed) is the invoice date; without one, the first
     * row's date is still read.
     */
    @Test
    void theDatesOfAFoliosRowsAreNotItsDate() throws Exception {
        Map<String, String> bills = Map.of("Scandic Klara, Stockholm, 06.05.19", "2019-05-06",
                "Hotel Amarin ROVINJ, 03.09.2021. 10:29:06", "2021-09-03");
        for (Map.Entry<String, String> bill : bills.entrySet()) {
            TestPdf folio = folio(TestPdf.create().page().text("Scandic", 50, 50, TestPdf.HELVETICA_BOLD, 22)
                    .text(bill.getKey(), 50, 160));
            assertEquals(bill.getValue(), invoiceFields(folio.save(dir, "folio.pdf")).get("invoice_date"), bill.getKey());
        }
        TestPdf undated = folio(TestPdf.create().page().text("Scandic", 50, 50, TestPdf.HELVETICA_BOLD, 22));
        assertEquals("2019-04-30", invoiceFields(undated.save(dir, "undated.pdf")).get("invoice_date"));

        // The header's own dates, each ending its row, are no item table's: the labelled invoice date stands.
        TestPdf header = TestPdf.create().page().text("Hotel Lindenhof", 50, 50, TestPdf.HELVETICA_BOLD, 22)
                .text("Rechnungsdatum", 300, 100).text("06.05.19", 450, 100).text("Anreise", 300, 115).text("30.04.19 15:00", 450, 115)
                .text("Abreise", 300, 130).text("06.05.19", 450, 130).text("Total", 300, 400).text("2.400,00 EUR", 450, 400);
        assertEquals("2019-05-06", invoiceFields(header.save(dir, "header.pdf")).get("invoice_date"));
    }

    private static TestPdf folio(TestPdf page) {
        return page.text("Folio No: 808219768", 350, 100).text("Date", 50, 200).text("Description", 120, 200).text("Sum", 450, 200)
                .text("30.04.19", 50, 215).text("VISA/MasterCard", 120, 215).text("2,400.00", 450, 215)
                .text("XXXXXX2825", 120, 227)
                .text("30.04.19", 50, 240).text("Accommodation", 120, 240).text("1,200.00", 450, 240)
                .text("01.05.19", 50, 255).text("Accommodation", 120, 255).text("1,200.00", 450, 255)
                .text("Total incl. VAT", 300, 300).text("2,400.00 SEK", 450, 300)
                .text("Scandic Hotels AB, Box 6197, 102 33 Stockholm", 50, 780);
    }

    /**
     * A Croatian folio's "HRK" names the kuna (more often than the euro it is converted to); a "$" the
     * dollar of an address OCR wrote with "_" for a space ("Las Vegas, NV_89109").
     */
    @Test
    void theKunaAndTheDollarOfAnAddressReadWithAGap() throws Exception {
        TestPdf kuna = TestPdf.create().page().text("Hotel Continental", 50, 50, TestPdf.HELVETICA_BOLD, 18)
                .text("Racun 1775-070-10", 350, 120).text("Ukupno HRK", 300, 400).text("702,98", 450, 400)
                .text("Placeno 702,98 HRK", 300, 420).text("93,30 EUR", 300, 440);
        assertEquals("HRK", invoiceFields(kuna.save(dir, "kuna.pdf")).get("currency"));

        TestPdf resort = TestPdf.create().page().text("THE VENETIAN", 50, 50, TestPdf.HELVETICA_BOLD, 18)
                .text("Las Vegas, NV_89109", 50, 70).text("Folio 434280912998", 350, 120)
                .text("RESORT FEE - $20 PLUS TAX", 50, 200).text("Total billed", 350, 400).text("2,174.62", 450, 400);
        assertEquals("USD", invoiceFields(resort.save(dir, "resort.pdf")).get("currency"));
    }

    /**
     * A date alone under the title, without a label, is the invoice date; one elsewhere on the page
     * is not. The due date in a sentence: "Merci de régler d’ici le ...".
     */
    @Test
    void aDateUnderTheTitleIsTheInvoiceDate() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("Hôtel du Pacano SARL", 50, 60)
                .text("FACTURE", 450, 60, TestPdf.HELVETICA_BOLD, 14).text("20/09/2023", 450, 78).text("nº 2023-6013", 450, 90)
                .text("Total TTC", 350, 700).text("1 368,84 €", 450, 700).text("Merci de régler d’ici le 20/10/2023.", 50, 740);
        Map<String, String> fields = invoiceFields(pdf.save(dir, "dated.pdf"));
        assertEquals("2023-09-20", fields.get("invoice_date"));
        assertEquals("2023-10-20", fields.get("due_date"));

        TestPdf elsewhere = TestPdf.create().page().text("Hôtel du Pacano SARL", 50, 60)
                .text("FACTURE", 450, 60, TestPdf.HELVETICA_BOLD, 14).text("nº 2023-6013", 450, 78)
                .text("20/09/2023", 50, 400).text("Total TTC", 350, 700).text("1 368,84 €", 450, 700);
        assertEquals(null, invoiceFields(elsewhere.save(dir, "undated.pdf")).get("invoice_date"));
    }

    /**
     * A receipt dates itself with the till's time stamp and numbers itself as a ticket or a "Bon":
     * the first date followed by a time of day is its date (with less confidence than a labelled
     * one), also where the time stands apart; a date without a time is not taken.
     */
    @Test
    void aReceiptsTimeStampIsItsDateAndItsTicketItsNumber() throws Exception {
        TestPdf ticket = TestPdf.create().page().text("Horeto Paris / Paul", 50, 60)
                .text("Ticket R866460.2760 22/03/2024 08:36:29", 50, 90).text("Croissant 1.90", 50, 120)
                .text("Total € 6.70", 50, 150).text("Imprimé le 23/03/2024", 50, 400);
        Path ticketFile = ticket.save(dir, "ticket.pdf");
        Map<String, String> fields = invoiceFields(ticketFile);
        assertEquals("2024-03-22", fields.get("invoice_date"));
        assertEquals("R866460.2760", fields.get("invoice_number"));
        assertTrue(templateField(ticketFile, "invoice_date").confidence() < 0.6);

        TestPdf bon = TestPdf.create().page().text("Thalia Bücher", 50, 60).text("SUMME (1)", 50, 100).text("49,90", 300, 100)
                .text("06.05.2020", 50, 130).text("16:10:40", 300, 130).text("BonNr: 00600", 50, 160);
        Map<String, String> bonFields = invoiceFields(bon.save(dir, "bon.pdf"));
        assertEquals("2020-05-06", bonFields.get("invoice_date"));
        assertEquals("00600", bonFields.get("invoice_number"));

        TestPdf untimed = TestPdf.create().page().text("Thalia Bücher", 50, 60).text("SUMME (1)", 50, 100).text("49,90", 300, 100)
                .text("06.05.2020", 50, 130).text("Filiale 0231", 300, 130);
        assertEquals(null, invoiceFields(untimed.save(dir, "untimed.pdf")).get("invoice_date"));
    }

    /** A hotel's folio as UK and Irish hotels print it: "VAT INVOICE:" for the number, "VAT #" for the id. */
    @Test
    void aVatInvoiceNumberAndAVatHashAreRead() throws Exception {
        TestPdf folio = TestPdf.create().page().text("Harbour Hotel Dublin", 50, 60).text("VAT INVOICE:3854615", 350, 100)
                .text("Confirmation Number: 3274771163", 300, 115).text("VAT # IE 3232631LH", 470, 115)
                .text("Total Amount", 300, 400).text("€1,871.00", 450, 400);
        Map<String, String> fields = invoiceFields(folio.save(dir, "folio.pdf"));
        assertEquals("3854615", fields.get("invoice_number"));
        assertEquals("IE3232631LH", fields.get("vendor_vat_id"));
    }

    /** A web address over the company's name is its site, not its name. */
    @Test
    void aWebAddressIsNotTheVendor() throws Exception {
        TestPdf pdf = TestPdf.create().page().text("www.acme-tools.example", 50, 60).text("Acme Tools", 50, 80)
                .text("Invoice 2024-17", 350, 120).text("Total:", 350, 700).text("120.00", 450, 700);

        assertEquals("Acme Tools", invoiceFields(pdf.save(dir, "site.pdf")).get("vendor_name"));
    }

    /**
     * A total written with "$" alone names no currency for sure (USD, CAD, AUD, MXN, CLP write it):
     * the dollar of the country an address on the page shows is reported, with less than 0.9, and
     * none where no address shows one; written "USD" it is sure.
     */
    @Test
    void aDollarSignIsTheDollarOfTheAddressAndNotSure() throws Exception {
        TestPdf american = addingUp("$1,250.00").text("1 Main St, Springfield, IL 62701", 50, 72);
        ExtractedField currency = templateField(american.save(dir, "dollar.pdf"), "currency");
        assertEquals("USD", currency.value());
        assertTrue(currency.confidence() < 0.9, "confidence " + currency.confidence());

        TestPdf australian = addingUp("$1,250.00").text("1 George St, Sydney NSW 2000", 50, 72);
        assertEquals("AUD", templateField(australian.save(dir, "australian.pdf"), "currency").value());

        // Without an address that tells which dollar, "$" names no currency.
        assertEquals(null, invoiceFields(addingUp("$1,250.00").save(dir, "no-address.pdf")).get("currency"));

        TestPdf coded = addingUp("USD 1,250.00");
        assertTrue(templateField(coded.save(dir, "coded.pdf"), "currency").confidence() >= 0.9);
    }

    /**
     * A total under a label docex does not know ("TIC", as OCR reads "TTC") is the amount right below
     * the subtotal and the tax that is their sum; an amount further down that happens to be the sum is not.
     */
    @Test
    void theSumRightBelowTheSubtotalAndTheTaxIsTheTotal() throws Exception {
        TestPdf unknownLabel = TestPdf.create().page().text("Acme Outils", 50, 60).text("Facture FA5", 350, 120)
                .text("Total HT", 350, 640).text("2400,00 €", 450, 640).text("TVA", 350, 660).text("480,00 €", 450, 660)
                .text("TIC", 350, 680).text("2880,00 €", 450, 680);
        ExtractedField total = templateField(unknownLabel.save(dir, "tic.pdf"), "total_amount");
        assertEquals("2880.00", total.value());
        assertTrue(total.confidence() < 0.9, "confidence " + total.confidence());

        TestPdf farBelow = TestPdf.create().page().text("Acme Outils", 50, 60).text("Facture FA5", 350, 120)
                .text("Total HT", 350, 400).text("2400,00 €", 450, 400).text("TVA", 350, 420).text("480,00 €", 450, 420)
                .text("Conditions", 50, 460).text("Escompte", 50, 480).text("Pénalités", 50, 500).text("Indemnité", 50, 520)
                .text("Référence 2880,00", 50, 540);
        assertTrue(invoiceFields(farBelow.save(dir, "far.pdf")).get("total_amount") == null);
    }

    /** Totals that add up (subtotal + tax = total), the total written {@code total}. */
    private static TestPdf addingUp(String total) {
        return TestPdf.create().page().text("Acme Tools", 50, 60).text("Invoice 2024-17", 350, 120)
                .text("Subtotal:", 350, 660).text("1,000.00", 450, 660).text("Tax:", 350, 680).text("250.00", 450, 680)
                .text("Total:", 350, 700).text(total, 450, 700);
    }

    private static ExtractedField templateField(Path file, String name) throws Exception {
        return new DocumentExtractor(ExtractionLimits.defaults()).extract(file, Template.INVOICE, List.of(), ProgressListener.NONE)
                .fields().stream().filter(field -> field.source().equals(ExtractedField.TEMPLATE) && field.name().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError("no " + name));
    }

    private static TestPdf twoBlocks() {
        return TestPdf.create().page()
                .text("FACTURE", 450, 60, TestPdf.HELVETICA_BOLD, 14).text("nº 2023-6013", 450, 76)
                .text("Hôtel du Pacano SARL", 50, 110).text("2, rue de la Paix", 50, 122).text("75002 Paris", 50, 134)
                .text("+33 1 01 12 34 56", 50, 146)
                .text("Securibox SARL", 380, 170).text("27, rue de Bassano", 380, 182).text("75008 Paris", 380, 194)
                .text("France", 380, 206)
                .text("Total TTC", 350, 700).text("1 368,84 €", 450, 700);
    }

    private static Map<String, String> invoiceFields(Path file) throws Exception {
        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults()).extract(file, Template.INVOICE,
                List.of(), ProgressListener.NONE);
        Map<String, String> found = new LinkedHashMap<>();
        result.fields().stream().filter(field -> field.source().equals(ExtractedField.TEMPLATE))
                .forEach(field -> found.putIfAbsent(field.name(), field.value()));
        return found;
    }
}
