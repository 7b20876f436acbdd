package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.multipdf.PDFMergerUtility;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.docex.documents.control.PageRenderer;
import org.docex.extraction.control.ocr.OcrFixtures;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.control.ocr.OcrReader;
import org.docex.extraction.control.ocr.Scans;
import org.docex.extraction.control.ocr.TesseractEngine;
import org.docex.extraction.control.realworld.RealWorldSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A document mixing a text page and scanned pages: what is read where, the progress, and OCR unavailable. */
class ScannedPagesTest {

    @TempDir
    Path dir;

    /**
     * Receipts photographed on a sheet of paper: grey thermal paper on a white sheet, and white paper
     * beside a black and a brown border. Tesseract's threshold for the whole page falls between the
     * paper and its surroundings and reads next to nothing of the text; the second reading, against
     * the receipt's own paper, reads the totals, the shop's name and the till's date.
     */
    @Test
    void receiptsPhotographedOnASheetAreReadAgainstTheirOwnPaper() throws Exception {
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults(), OcrFixtures.reader());

        Map<String, String> fuel = templateValues(extractor.extract(RealWorldSet.scan("de/softmatic-westfalen-tankstelle.jpg", dir),
                Template.INVOICE, List.of(), OcrMode.AUTO, ProgressListener.NONE));
        Map<String, String> books = templateValues(extractor.extract(RealWorldSet.scan("de/softmatic-thalia-quittung.jpg", dir),
                Template.INVOICE, List.of(), OcrMode.AUTO, ProgressListener.NONE));

        assertEquals("34.00", fuel.get("total_amount"), fuel.toString());
        assertEquals("EUR", fuel.get("currency"), fuel.toString());
        // The shop's name at the top, not the total printed in double height under it.
        assertEquals("Westfalen Tankstelle", fuel.get("vendor_name"), fuel.toString());
        assertEquals("2018-09-07", fuel.get("invoice_date"), fuel.toString());
        assertEquals("49.90", books.get("total_amount"), books.toString());
        assertEquals("2020-05-06", books.get("invoice_date"), books.toString());
        assertEquals("46.64", books.get("subtotal_amount"), books.toString());
    }

    private static Map<String, String> templateValues(ExtractionResult result) {
        Map<String, String> values = new HashMap<>();
        result.fields().stream().filter(field -> field.source().equals(ExtractedField.TEMPLATE) && field.value() != null)
                .forEach(field -> values.putIfAbsent(field.name(), field.value()));
        return values;
    }

    @Test
    void progressCountsTheOcrPagesAsTheyFinishAfterTheTextPages() throws Exception {
        Path mixed = mixed();
        List<String> reported = new ArrayList<>();
        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults(), OcrFixtures.reader())
                .extract(mixed, Template.GENERIC, List.of(), OcrMode.AUTO, (done, total) -> reported.add(done + "/" + total));

        assertEquals(List.of("text_layer", "ocr", "ocr"), result.pages().stream().map(page -> page.source().source()).toList());
        assertEquals(List.of(true, false, false), result.pages().stream().map(PageResult::hasTextLayer).toList());
        // The text pass, then the count starting from the pages that need no OCR, one more per OCR'd page.
        int ocrStart = reported.lastIndexOf("1/3");
        assertTrue(ocrStart >= 0, reported.toString());
        assertEquals(List.of("1/3", "2/3", "3/3"), reported.subList(ocrStart, reported.size()));
    }

    @Test
    void withoutLanguageDataTheScanIsLeftUnreadAndTheResultSaysWhy() throws Exception {
        TesseractEngine.Availability missing = TesseractEngine.load(List.of(Files.createDirectories(dir.resolve("empty"))), "eng");
        OcrReader unavailable = OcrReader.of(missing, new PageRenderer(25_000_000L, 100_000_000L), 300, Duration.ofSeconds(60),
                Duration.ofSeconds(600));

        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults(), unavailable)
                .extract(mixed(), Template.GENERIC, List.of(), OcrMode.AUTO, ProgressListener.NONE);

        assertEquals(List.of("text_layer", "none", "none"), result.pages().stream().map(page -> page.source().source()).toList());
        assertEquals(1, result.warnings().size(), result.warnings().toString());
        String warning = result.warnings().get(0);
        assertTrue(warning.startsWith("OCR is unavailable: the language data for eng is not installed"), warning);
        assertTrue(warning.endsWith("2 pages without a text layer were not read (pages 2, 3)"), warning);
    }

    @Test
    void pastTheDocumentsOcrBudgetThePagesLeftAreNotReadAndTheResultSaysWhich() throws Exception {
        OcrReader tight = OcrReader.of(OcrFixtures.availability(), new PageRenderer(25_000_000L, 100_000_000L), 300,
                Duration.ofSeconds(60), Duration.ofMillis(1));
        List<String> reported = new ArrayList<>();

        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults(), tight)
                .extract(mixed(), Template.GENERIC, List.of(), OcrMode.AUTO, (done, total) -> reported.add(done + "/" + total));

        // Page 2 starts within the millisecond and stops at what is left of it; page 3 is never started.
        assertEquals(List.of("text_layer", "ocr", "none"), result.pages().stream().map(page -> page.source().source()).toList());
        assertTrue(result.warnings().stream().anyMatch(warning -> warning.startsWith("Page 2: OCR stopped at its time budget of 0.001 s")),
                result.warnings().toString());
        assertTrue(result.warnings().contains("OCR stopped at the document's time budget of 0.001 s: page 3 was not read"),
                result.warnings().toString());
        assertEquals("3/3", reported.get(reported.size() - 1));
    }

    /** One born-digital invoice page followed by two scanned ones. */
    private Path mixed() throws Exception {
        Path original = InvoiceRenderer.render(InvoiceSet.all().get(0), dir);
        Path scan = Scans.scan(original, dir.resolve("scan.pdf"), 0.4, 1);
        Path mixed = dir.resolve("mixed.pdf");
        PDFMergerUtility merger = new PDFMergerUtility();
        merger.addSource(original.toFile());
        merger.addSource(scan.toFile());
        merger.addSource(scan.toFile());
        merger.setDestinationFileName(mixed.toString());
        merger.mergeDocuments(null);
        try (PDDocument check = Loader.loadPDF(mixed.toFile())) {
            assertEquals(3, check.getNumberOfPages());
        }
        return mixed;
    }
}
