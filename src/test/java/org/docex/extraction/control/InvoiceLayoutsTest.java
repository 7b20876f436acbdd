package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

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

    private static Map<String, String> invoiceFields(Path file) throws Exception {
        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults()).extract(file, Template.INVOICE,
                List.of(), ProgressListener.NONE);
        Map<String, String> found = new LinkedHashMap<>();
        result.fields().stream().filter(field -> field.source().equals(ExtractedField.TEMPLATE))
                .forEach(field -> found.putIfAbsent(field.name(), field.value()));
        return found;
    }
}
