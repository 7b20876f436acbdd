package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PageLayoutTest {

    private static final double TOLERANCE = 1.5;
    private static final double HELVETICA_ASCENT = 0.718;
    private static final double HELVETICA_DESCENT = 0.207;

    @TempDir
    Path dir;

    private final DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());

    @ParameterizedTest
    @ValueSource(ints = {0, 90, 180, 270})
    void textOnARotatedPageIsBoxedWhereTheReaderSeesIt(int rotation) throws Exception {
        Path pdf = TestPdf.create().page(PDRectangle.A4, rotation)
                .text("Marker " + rotation, 100, 200, TestPdf.HELVETICA, 12)
                .text("Below the marker", 100, 260, TestPdf.HELVETICA, 12)
                .save(dir, "rotated.pdf");

        ExtractionResult result = extractor.extract(pdf, Template.GENERIC,
                List.of(new CustomField("marker", "Marker \\d+", null, null)), ProgressListener.NONE);

        PageResult page = result.pages().get(0);
        boolean sideways = rotation == 90 || rotation == 270;
        assertEquals(sideways ? PDRectangle.A4.getHeight() : PDRectangle.A4.getWidth(), page.width(), 0.01);
        assertEquals(sideways ? PDRectangle.A4.getWidth() : PDRectangle.A4.getHeight(), page.height(), 0.01);
        assertEquals(rotation, page.rotation());
        assertEquals("Marker " + rotation + "\nBelow the marker", page.text());
        assertBox(expectedBox("Marker " + rotation, 100, 200, 12), field(result, "marker").bbox());
    }

    @Test
    void textDrawnTwiceAtAlmostTheSamePlaceIsReadOnceAndTextElsewhereIsKept() throws Exception {
        Path pdf = TestPdf.create().page()
                .text("Fake bold heading", 100, 100, TestPdf.HELVETICA, 12)
                .text("Fake bold heading", 100.4f, 100, TestPdf.HELVETICA, 12)
                .text("Fake bold heading", 100, 300, TestPdf.HELVETICA, 12)
                .save(dir, "fake-bold.pdf");

        ExtractionResult result = extractor.extract(pdf, Template.GENERIC, List.of(), ProgressListener.NONE);

        assertEquals("Fake bold heading\nFake bold heading", result.pages().get(0).text());
    }

    /** A watermark or stamp drawn across the page at a slant: its letters stay out of the lines they cross. */
    @Test
    void slantedTextAcrossLinesIsReadAfterThemAsALineOfItsOwn() throws Exception {
        Path pdf = TestPdf.create().page()
                .text("Observaciones generales del pedido", 100, 300, TestPdf.HELVETICA, 12)
                .text("Total a pagar 121,00", 100, 330, TestPdf.HELVETICA, 12)
                .slanted("HOMOLOGACION", 90, 420, 45, TestPdf.HELVETICA_BOLD, 40)
                .text("Gracias", 100, 700, TestPdf.HELVETICA, 12)
                .save(dir, "watermark.pdf");

        PageResult page = extractor.extract(pdf, Template.GENERIC, List.of(), ProgressListener.NONE).pages().get(0);

        assertEquals("Observaciones generales del pedido\nTotal a pagar 121,00\nGracias\nHOMOLOGACION", page.text());
        assertEquals(List.of("Observaciones generales del pedido", "Total a pagar 121,00", "Gracias"),
                page.lines().stream().map(line -> line.text()).toList());
    }

    @Test
    void boxesAreRelativeToTheCropBox() throws Exception {
        TestPdf builder = TestPdf.create().page();
        builder.currentPage().setCropBox(new PDRectangle(50, 60, 400, 500));
        Path pdf = builder.text("Cropped", 30, 40, TestPdf.HELVETICA, 10).save(dir, "cropped.pdf");

        ExtractionResult result = extractor.extract(pdf, Template.GENERIC,
                List.of(new CustomField("word", "Cropped", null, null)), ProgressListener.NONE);

        assertEquals(400, result.pages().get(0).width(), 0.01);
        assertEquals(500, result.pages().get(0).height(), 0.01);
        assertBox(expectedBox("Cropped", 30, 40, 10), field(result, "word").bbox());
    }

    @Test
    void pagesWithAndWithoutTextAndProgressForEach() throws Exception {
        Path pdf = TestPdf.create().page().text("First page", 72, 72).page().page().text("Third", 72, 72)
                .save(dir, "three.pdf");
        List<String> progress = new ArrayList<>();

        ExtractionResult result = extractor.extract(pdf, Template.GENERIC, List.of(),
                (done, total) -> progress.add(done + "/" + total));

        assertEquals(List.of(true, false, true), result.pages().stream().map(PageResult::hasTextLayer).toList());
        assertEquals(List.of(1, 2, 3), result.pages().stream().map(PageResult::number).toList());
        assertEquals("3/3", progress.get(progress.size() - 1));
        assertTrue(progress.contains("1/3"));
        assertEquals("3", result.metadata().get("page_count"));
        assertEquals("false", result.metadata().get("encrypted"));
    }

    @Test
    void documentInformationBecomesMetadata() throws Exception {
        TestPdf builder = TestPdf.create().page().text("Body", 72, 72);
        builder.document.getDocumentInformation().setTitle("  Quarterly report  ");
        builder.document.getDocumentInformation().setAuthor("Erika Mustermann");
        java.util.Calendar created = java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("Europe/Berlin"));
        created.clear();
        created.set(2026, java.util.Calendar.NOVEMBER, 21, 10, 30, 0);
        builder.document.getDocumentInformation().setCreationDate(created);
        Path pdf = builder.save(dir, "meta.pdf");

        ExtractionResult result = extractor.extract(pdf, Template.GENERIC, List.of(), ProgressListener.NONE);

        assertEquals("Quarterly report", result.metadata().get("title"));
        assertEquals("Erika Mustermann", result.metadata().get("author"));
        assertEquals("2026-11-21T09:30:00Z", result.metadata().get("creation_date"));
        assertFalse(result.metadata().containsKey("subject"));
        assertTrue(result.metadata().containsKey("pdf_version"));
    }

    @Test
    void aDocumentOverThePageLimitIsRefused() {
        TestPdf builder = TestPdf.create();
        for (int i = 0; i < 5; i++) {
            builder.page().text("Page " + i, 72, 72);
        }
        Path pdf = builder.save(dir, "five.pdf");
        DocumentExtractor strict = new DocumentExtractor(ExtractionLimits.defaults().withMaxPages(3));

        ExtractionFailedException failure = org.junit.jupiter.api.Assertions.assertThrows(
                ExtractionFailedException.class, () -> strict.extract(pdf, Template.GENERIC, List.of(), null));

        assertEquals("The PDF has more than 3 pages, the most this service extracts", failure.getMessage());
    }

    static BoundingBox expectedBox(String text, double x, double baseline, float size) {
        double width = TestPdf.width(text, TestPdf.HELVETICA, size);
        return new BoundingBox(x, baseline - HELVETICA_ASCENT * size, x + width, baseline + HELVETICA_DESCENT * size);
    }

    static void assertBox(BoundingBox expected, BoundingBox actual) {
        String message = "expected " + expected + " but was " + actual;
        assertTrue(actual != null, message);
        assertEquals(expected.x0(), actual.x0(), TOLERANCE, message);
        assertEquals(expected.y0(), actual.y0(), TOLERANCE, message);
        assertEquals(expected.x1(), actual.x1(), TOLERANCE, message);
        assertEquals(expected.y1(), actual.y1(), TOLERANCE, message);
    }

    static ExtractedField field(ExtractionResult result, String name) {
        return result.fields().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no field " + name + " in " + result.fields()));
    }
}
