package org.docex.extraction.control;

import static org.docex.extraction.control.PageLayoutTest.assertBox;
import static org.docex.extraction.control.PageLayoutTest.expectedBox;
import static org.docex.extraction.control.PageLayoutTest.field;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    private static final String[][] CLAIM_FORM = {{"Name", "Mustermann"}, {"Vorname", "Max"}, {"Geburtsdatum", "12.03.1980"},
        {"Versicherungsnummer", "VN-2024-88172"}, {"Schadensdatum", "04.11.2026"}, {"Schadenshöhe", "1.234,56 €"},
        {"Bankverbindung IBAN", "DE89 3704 0044 0532 0130 00"}, {"Telefon", "+49 30 1234567"}, {"E-Mail", "max@example.de"}};
    private static final Map<String, String> CLAIM_FIELDS = Map.of("name", "Mustermann", "vorname", "Max",
            "geburtsdatum", "1980-03-12", "versicherungsnummer", "VN-2024-88172", "schadensdatum", "2026-11-04",
            "schadenshoehe", "1234.56", "bankverbindung_iban", "DE89370400440532013000", "telefon", "+49 30 1234567",
            "e_mail", "max@example.de");

    /** A German claim form, its labels with a colon, in a column of their own without one, or far from their values. */
    @ParameterizedTest
    @ValueSource(strings = {"inline", "colon-column", "plain-column", "far-column"})
    void everyPairOfAFormInColumnsIsFound(String layout) throws Exception {
        TestPdf pdf = TestPdf.create().page().text("Schadensmeldung", 72, 60, TestPdf.HELVETICA_BOLD, 14);
        int y = 100;
        for (String[] pair : CLAIM_FORM) {
            switch (layout) {
                case "inline" -> pdf.text(pair[0] + ": " + pair[1], 72, y);
                case "colon-column" -> pdf.text(pair[0] + ":", 72, y).text(pair[1], 220, y);
                case "plain-column" -> pdf.text(pair[0], 72, y).text(pair[1], 220, y);
                default -> pdf.text(pair[0] + ":", 72, y).text(pair[1], 340, y);
            }
            y += 20;
        }
        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults())
                .extract(pdf.save(dir, layout + ".pdf"), Template.GENERIC, List.of(), ProgressListener.NONE);

        Map<String, String> found = new TreeMap<>();
        result.fields().forEach(field -> found.put(field.name(), field.value()));
        assertEquals(new TreeMap<>(CLAIM_FIELDS), found);
    }

    /**
     * Labels set over their values, each pair apart from the next: the data below each label is its
     * value, not the next line of an address block. A word under a label ("Mustermann" under "Name")
     * reads as a label itself and is not taken.
     */
    @ParameterizedTest
    @ValueSource(floats = {9, 10})
    void labelsStackedOverTheirValuesAreNotAnAddressBlock(float labelSize) throws Exception {
        TestPdf pdf = TestPdf.create().page();
        int y = 100;
        for (String[] pair : CLAIM_FORM) {
            pdf.text(pair[0], 72, y, TestPdf.HELVETICA_BOLD, labelSize).text(pair[1], 72, y + 12);
            y += 34;
        }
        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults())
                .extract(pdf.save(dir, "stacked.pdf"), Template.GENERIC, List.of(), ProgressListener.NONE);

        Map<String, String> found = new TreeMap<>();
        result.fields().forEach(field -> found.put(field.name(), field.value()));
        Map<String, String> typed = new TreeMap<>(CLAIM_FIELDS);
        typed.remove("name");
        typed.remove("vorname");
        assertEquals(typed, found);
    }
}
