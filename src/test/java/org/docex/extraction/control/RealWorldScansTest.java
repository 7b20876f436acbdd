package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.logging.Logger;
import org.docex.extraction.control.ocr.OcrFixtures;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.control.ocr.Scans;
import org.docex.extraction.control.realworld.FieldScores;
import org.docex.extraction.control.realworld.RealWorldSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The invoice template on scans of real invoices: the project's sample invoices of other countries
 * printed and scanned (200 dpi, noise, a slight skew; no text layer), read by OCR with the server's
 * default languages, against the same invoices born digital.
 */
@Tag("ocr-corpus")
class RealWorldScansTest {

    private static final Logger LOG = Logger.getLogger(RealWorldScansTest.class.getName());

    /** A floor a little below what OCR and the template read from the real scans today. */
    private static final double SCANS_RECALL = 0.42;
    /** A floor a little below what OCR and the template read from the scanned bills of real vendors today. */
    private static final double TRAVEL_RECALL = 0.58;

    @TempDir
    Path dir;

    @Test
    void scansOfRealInvoicesGiveNearlyWhatTheirTextLayerGives() throws Exception {
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults(), OcrFixtures.reader());
        FieldScores born = new FieldScores();
        FieldScores scanned = new FieldScores();
        List<RealWorldSet.Invoice> invoices = RealWorldSet.otherCountries();
        List<List<Map<String, ExtractedField>>> read = onEveryCore(invoices.size(), i -> {
            RealWorldSet.Invoice invoice = invoices.get(i);
            Path scan = Scans.scan(invoice.file(), dir.resolve(i + "-scan.pdf"), (i % 2 == 0 ? 1 : -1) * (0.2 + 0.15 * (i % 4)), i);
            return List.of(templateFields(extractor, invoice.file()), templateFields(extractor, scan));
        });
        for (int i = 0; i < invoices.size(); i++) {
            RealWorldSet.Invoice invoice = invoices.get(i);
            born.count(invoice.id(), invoice.language(), invoice.expected(), read.get(i).get(0));
            scanned.count(invoice.id(), invoice.language(), invoice.expected(), read.get(i).get(1));
        }
        String report = born.table("Born digital") + scanned.table("Scanned") + "Misses on scans:\n  "
                + String.join("\n  ", scanned.misses());
        LOG.info(report);
        assertTrue(scanned.recall() >= born.recall() - 0.1, "scans " + scanned.recall() + ", born digital " + born.recall() + report);
        assertTrue(scanned.rightAtOrAbove(0.9) >= 0.95, "scanned fields with confidence >= 0.9 right: "
                + scanned.rightAtOrAbove(0.9) + report);
    }

    /** Real scans and phone photos of invoices and receipts, read by OCR: what they show, found. */
    @Test
    void realScansAndPhotosGiveTheirFields() throws Exception {
        List<RealWorldSet.Invoice> scans = RealWorldSet.scans(dir);
        assertRead(scans, "Real scans and photos (" + scans.size() + ")", SCANS_RECALL);
    }

    /** Real vendors' bills as their owner scanned them (a development set): what they show, found. */
    @Test
    void scannedBillsOfRealVendorsGiveTheirFields() throws Exception {
        List<RealWorldSet.Invoice> bills = RealWorldSet.ofSet(RealWorldSet.TRAVEL);
        assertFalse(bills.isEmpty(), "no bills in " + RealWorldSet.TRAVEL);
        assertRead(bills, "Scanned bills of real vendors (" + bills.size() + ", " + RealWorldSet.PROJECT_SET.resolve(RealWorldSet.TRAVEL)
                + ")", TRAVEL_RECALL);
    }

    /** {@code documents} read by OCR where they have no text: the table and misses logged under {@code title}, the recall at least {@code floor}. */
    private static void assertRead(List<RealWorldSet.Invoice> documents, String title, double floor) throws Exception {
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults(), OcrFixtures.reader());
        FieldScores scores = new FieldScores();
        List<Map<String, ExtractedField>> read = onEveryCore(documents.size(), i -> templateFields(extractor, documents.get(i).file()));
        for (int i = 0; i < documents.size(); i++) {
            RealWorldSet.Invoice invoice = documents.get(i);
            scores.count(invoice.id(), invoice.language(), invoice.expected(), read.get(i));
        }
        String report = scores.table(title) + "Misses:\n  " + String.join("\n  ", scores.misses());
        LOG.info(report);
        assertTrue(documents.isEmpty() || scores.recall() >= floor, "recall " + scores.recall() + report);
        // The share right among the surest fields says something once there are enough of them.
        if (scores.reportedAtOrAbove(0.9) >= 30) {
            assertTrue(scores.rightAtOrAbove(0.9) >= 0.95, "fields with confidence >= 0.9 right: " + scores.rightAtOrAbove(0.9) + report);
        }
    }

    /** One read per document, as many at once as the machine has cores (the server's extraction threads share one extractor too); in the documents' order. */
    private static <T> List<T> onEveryCore(int count, Read<T> read) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        try {
            List<Future<T>> results = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int index = i;
                results.add(threads.submit(() -> read.of(index)));
            }
            List<T> done = new ArrayList<>();
            for (Future<T> result : results) {
                done.add(result.get());
            }
            return done;
        } finally {
            threads.shutdownNow();
        }
    }

    private interface Read<T> {
        T of(int index) throws Exception;
    }

    private static Map<String, ExtractedField> templateFields(DocumentExtractor extractor, Path file) throws Exception {
        ExtractionResult result = extractor.extract(file, Template.INVOICE, List.of(), OcrMode.AUTO, ProgressListener.NONE);
        Map<String, ExtractedField> found = new LinkedHashMap<>();
        result.fields().stream().filter(field -> field.source().equals(ExtractedField.TEMPLATE))
                .forEach(field -> found.putIfAbsent(field.name(), field));
        return found;
    }
}
