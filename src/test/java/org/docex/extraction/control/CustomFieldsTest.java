package org.docex.extraction.control;

import static org.docex.extraction.control.PageLayoutTest.assertBox;
import static org.docex.extraction.control.PageLayoutTest.expectedBox;
import static org.docex.extraction.control.PageLayoutTest.field;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CustomFieldsTest {

    @TempDir
    Path dir;

    private final DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());

    @Test
    void aPatternsFirstGroupIsTheValueAndIsNormalisedByType() throws Exception {
        Path pdf = TestPdf.create().page()
                .text("Order reference: PO-77812 placed on 03.02.2026", 72, 100)
                .text("Contact: Billing@Example.COM", 72, 120)
                .save(dir, "order.pdf");

        ExtractionResult result = extractor.extract(pdf, Template.GENERIC, List.of(
                new CustomField("po", "reference: (PO-\\d+)", null, null),
                new CustomField("placed", "placed on (\\S+)", null, "date"),
                new CustomField("contact", "\\S+@\\S+", null, "email")), ProgressListener.NONE);

        ExtractedField po = field(result, "po");
        assertEquals("PO-77812", po.value());
        assertEquals(ExtractedField.CUSTOM, po.source());
        double poStart = 72 + TestPdf.width("Order reference: ", TestPdf.HELVETICA, 10);
        assertBox(expectedBox("PO-77812", poStart, 100, 10), po.bbox());
        assertEquals("2026-02-03", field(result, "placed").value());
        assertEquals("billing@example.com", field(result, "contact").value());
    }

    @Test
    void aLabelFindsTheValueBesideOrBelowIt() throws Exception {
        Path pdf = TestPdf.create().page()
                .text("Policy number", 72, 100).text("HX-2210-7", 250, 100)
                .text("Amount insured", 72, 140).text("EUR 12.500,00", 72, 154)
                .save(dir, "policy.pdf");

        ExtractionResult result = extractor.extract(pdf, Template.GENERIC, List.of(
                new CustomField("policy", null, "Policy number", null),
                new CustomField("insured", null, "amount insured:", "money")), ProgressListener.NONE);

        assertEquals("HX-2210-7", field(result, "policy").value());
        assertBox(expectedBox("HX-2210-7", 250, 100, 10), field(result, "policy").bbox());
        assertEquals("12500.00", field(result, "insured").value());
        assertEquals(1, field(result, "insured").page());
    }

    @Test
    void aLabelWithUmlautsMatchesAsWrittenAndWithoutThem() throws Exception {
        Path pdf = TestPdf.create().page()
                .text("Fällig am: 2026-12-01", 72, 100)
                .text("Grosse Stuck (a+b): 7", 72, 140)
                .save(dir, "umlauts.pdf");

        ExtractionResult result = extractor.extract(pdf, Template.GENERIC, List.of(
                new CustomField("due", null, "Fällig am", "date"),
                new CustomField("count", null, "Grosse Stück (a+b)", "number")), ProgressListener.NONE);

        assertEquals("2026-12-01", field(result, "due").value());
        assertEquals("7", field(result, "count").value());
    }

    @Test
    void aCatastrophicPatternStopsQuicklyAndYieldsNoValue() throws Exception {
        TestPdf builder = TestPdf.create().page();
        for (int line = 0; line < 5; line++) {
            builder.text("a".repeat(60) + "b", 20, 40 + line * 14, TestPdf.HELVETICA, 8);
        }
        Path pdf = builder.save(dir, "aaa.pdf");

        ExtractionResult result = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> extractor.extract(pdf,
                Template.GENERIC, List.of(new CustomField("runaway", "(a+)+$", null, null),
                        new CustomField("fine", "(b)", null, null)), ProgressListener.NONE));

        assertTrue(result.fields().stream().noneMatch(f -> f.name().equals("runaway")));
        assertEquals("b", field(result, "fine").value());
    }

    @Test
    void aPatternWhoseBudgetOutlastsTheExtractionsDeadlineStopsAtTheDeadline() throws Exception {
        TestPdf builder = TestPdf.create().page();
        builder.text("a".repeat(60) + "b", 20, 40, TestPdf.HELVETICA, 8);
        Path pdf = builder.save(dir, "deadline.pdf");
        DocumentExtractor patient = new DocumentExtractor(ExtractionLimits.defaults().withMaxRegexSteps(Long.MAX_VALUE)
                .withMaxProcessingTime(Duration.ofSeconds(2)));

        ExtractionFailedException failure = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(
                ExtractionFailedException.class, () -> patient.extract(pdf, Template.GENERIC,
                        List.of(new CustomField("runaway", "(.*a){20}c", null, null)), ProgressListener.NONE)));

        assertEquals("The PDF could not be processed within 2 seconds", failure.getMessage());
    }

    @Test
    void invalidCustomFieldsAreRefusedBeforeReading() {
        ExtractionFailedException failure = org.junit.jupiter.api.Assertions.assertThrows(
                ExtractionFailedException.class, () -> extractor.extract(dir.resolve("unused.pdf"), Template.GENERIC,
                        List.of(new CustomField("x", "(", null, null)), ProgressListener.NONE));

        assertTrue(failure.getMessage().startsWith("The custom fields are invalid: Custom field 'x': pattern"),
                failure.getMessage());
    }
}
