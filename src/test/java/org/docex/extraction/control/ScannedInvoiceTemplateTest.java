package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.docex.extraction.control.ocr.OcrFixtures;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.control.ocr.Scans;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The invoice template on scans: the generated invoices (English and German) printed and scanned at
 * 200 dpi with noise and a slight skew, read by OCR, against the same invoices born digital.
 */
@Tag("ocr-corpus")
class ScannedInvoiceTemplateTest {

    private static final Logger LOG = Logger.getLogger(ScannedInvoiceTemplateTest.class.getName());
    private static final List<String> FIELDS = List.of("invoice_number", "invoice_date", "due_date", "total_amount",
            "currency", "vendor_name", "iban");
    private static final double REQUIRED = 0.9;
    private static final int INVOICES = 20;

    @TempDir
    Path dir;

    @Test
    void everyTemplateFieldIsReadFromScansNineTimesInTen() throws Exception {
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults(), OcrFixtures.reader());
        Map<String, int[]> digital = new LinkedHashMap<>();
        Map<String, int[]> scanned = new LinkedHashMap<>();
        FIELDS.forEach(field -> {
            digital.put(field, new int[2]);
            scanned.put(field, new int[2]);
        });
        StringBuilder misses = new StringBuilder();
        List<InvoiceSpec> specs = InvoiceSet.all().subList(0, INVOICES);
        for (int i = 0; i < specs.size(); i++) {
            InvoiceSpec spec = specs.get(i);
            Path original = InvoiceRenderer.render(spec, dir);
            Path scan = Scans.scan(original, dir.resolve(spec.id() + "-scan.pdf"), (i % 2 == 0 ? 1 : -1) * (0.3 + 0.15 * (i % 5)), i);
            ExtractionResult born = extractor.extract(original, Template.INVOICE, List.of(), OcrMode.AUTO, ProgressListener.NONE);
            ExtractionResult read = extractor.extract(scan, Template.INVOICE, List.of(), OcrMode.AUTO, ProgressListener.NONE);
            assertEquals("ocr", read.pages().get(0).source().source(), spec.id());
            assertEquals("text_layer", born.pages().get(0).source().source(), spec.id());
            score(spec, born, digital, null);
            score(spec, read, scanned, misses);
        }
        LOG.info(table(digital, scanned) + (misses.isEmpty() ? "" : "\nMisses on scans:" + misses));
        scanned.forEach((field, counts) -> assertTrue(accuracy(counts) >= REQUIRED,
                field + " on scans: " + accuracy(counts) + table(digital, scanned) + misses));
    }

    private static void score(InvoiceSpec spec, ExtractionResult result, Map<String, int[]> scores, StringBuilder misses) {
        Map<String, String> found = result.fields().stream()
                .filter(field -> field.source().equals(ExtractedField.TEMPLATE))
                .collect(Collectors.toMap(ExtractedField::name, ExtractedField::value, (a, b) -> a));
        for (String field : FIELDS) {
            String expected = spec.expected().get(field);
            if (expected == null) {
                continue;
            }
            int[] counts = scores.get(field);
            counts[0]++;
            if (expected.equals(found.get(field))) {
                counts[1]++;
            } else if (misses != null) {
                misses.append(String.format("%n  %s %s: expected %s, got %s", spec.id(), field, expected, found.get(field)));
            }
        }
    }

    private static double accuracy(int[] counts) {
        return counts[0] == 0 ? 1.0 : (double) counts[1] / counts[0];
    }

    private static String table(Map<String, int[]> digital, Map<String, int[]> scanned) {
        StringBuilder table = new StringBuilder(String.format("%nInvoice template, %d invoices: accuracy per field%n%-16s %13s %8s%n",
                INVOICES, "field", "born-digital", "scanned"));
        digital.forEach((field, counts) -> table.append(String.format("%-16s %13.2f %8.2f%n", field, accuracy(counts),
                accuracy(scanned.get(field)))));
        return table.toString();
    }
}
