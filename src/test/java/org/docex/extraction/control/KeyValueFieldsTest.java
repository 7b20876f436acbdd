package org.docex.extraction.control;

import static org.docex.extraction.control.PageLayoutTest.assertBox;
import static org.docex.extraction.control.PageLayoutTest.expectedBox;
import static org.docex.extraction.control.PageLayoutTest.field;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyValueFieldsTest {

    @TempDir
    Path dir;

    @Test
    void pairsOnOneLineInColumnsAndBelowAreFoundWithTheirValueBoxes() throws Exception {
        Path pdf = TestPdf.create().page()
                .text("Invoice No.: INV-7781", 72, 100)
                .text("Fällig am", 72, 130).text("21.11.2026", 220, 130)
                .text("Contact", 72, 160, TestPdf.HELVETICA_BOLD, 10).text("info@example.org", 72, 174)
                .text("This sentence has no label at all and is just prose on the page.", 72, 220)
                .save(dir, "pairs.pdf");

        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults())
                .extract(pdf, Template.GENERIC, List.of(), ProgressListener.NONE);

        ExtractedField number = field(result, "invoice_no");
        assertEquals("INV-7781", number.value());
        assertEquals(ExtractedField.KEY_VALUE, number.source());
        assertEquals(0.9, number.confidence(), 0.001);
        double valueStart = 72 + TestPdf.width("Invoice No.: ", TestPdf.HELVETICA, 10);
        assertBox(expectedBox("INV-7781", valueStart, 100, 10), number.bbox());

        ExtractedField due = field(result, "faellig_am");
        assertEquals("2026-11-21", due.value());
        assertEquals("21.11.2026", due.raw());
        assertEquals("date", due.type());
        assertEquals(0.7, due.confidence(), 0.001);
        assertBox(expectedBox("21.11.2026", 220, 130, 10), due.bbox());

        ExtractedField contact = field(result, "contact");
        assertEquals("info@example.org", contact.value());
        assertEquals("email", contact.type());
        assertEquals(0.6, contact.confidence(), 0.001);

        assertEquals(3, result.fields().size(), result.fields().toString());
        assertTrue(result.fields().stream().allMatch(f -> f.page() == 1));
    }

    /** A letterhead's line beside a "label: value" is no label of it: the pair is the label's own. */
    @Test
    void aNameBesideALabelAndItsValueIsNotTheirLabel() throws Exception {
        Path pdf = TestPdf.create().page()
                .text("Staffing Company U", 72, 100).text("Factuurnummer: 1234567F", 300, 100)
                .text("Contoso Headquarters", 72, 120).text("INVOICE: INV-100", 300, 120)
                .text("Totaal ex BTW", 72, 140).text("BTW (19,00%):", 300, 140)
                .save(dir, "beside.pdf");

        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults())
                .extract(pdf, Template.GENERIC, List.of(), ProgressListener.NONE);

        assertEquals("1234567F", field(result, "factuurnummer").value());
        assertEquals("INV-100", field(result, "invoice").value());
        List<String> names = result.fields().stream().map(ExtractedField::name).toList();
        assertTrue(names.stream().noneMatch(name -> name.startsWith("staffing") || name.startsWith("contoso")
                || name.equals("totaal_ex_btw")), names.toString());
    }
}
