package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.logging.Logger;
import org.docex.extraction.control.ocr.OcrFixtures;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.control.ocr.Scans;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Item tables on scans: every third invoice of {@link LineItemInvoiceSet} (ruled and unruled,
 * English and German, two of them over two pages) printed and scanned at 200 dpi with noise and a
 * skew, read by OCR. The table must be found with all its rows on every scan; how many lines come
 * out right in every cell is reported, and must not fall below what this version reaches (0.82 when
 * written: OCR drops umlauts, reads "80 g" as "80g" or a 5 as a 9).
 */
@Tag("ocr-corpus")
class ScannedLineItemsTest {

    private static final Logger LOG = Logger.getLogger(ScannedLineItemsTest.class.getName());
    private static final List<String> COLUMNS = List.of("description", "quantity", "unit_price", "amount");
    private static final double REACHED = 0.75;

    @TempDir
    Path dir;

    @Test
    void tablesOnScansAreFoundWithEveryRowAndMostLinesRight() throws Exception {
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults(), OcrFixtures.reader());
        List<InvoiceSpec> specs = LineItemInvoiceSet.all();
        int expectedLines = 0;
        int foundLines = 0;
        int correctLines = 0;
        int correctAmounts = 0;
        StringBuilder misses = new StringBuilder();
        for (int i = 0; i < specs.size(); i += 3) {
            InvoiceSpec spec = specs.get(i);
            Path scan = Scans.scan(InvoiceRenderer.render(spec, dir), dir.resolve(spec.id() + "-scan.pdf"),
                    (i % 2 == 0 ? 1 : -1) * (0.3 + 0.15 * (i % 5)), i);
            ExtractionResult result = extractor.extract(scan, Template.INVOICE, List.of(), OcrMode.AUTO, ProgressListener.NONE);
            List<Map<String, String>> expected = spec.expectedLineItems();
            List<Map<String, String>> found = lineItems(result);
            assertEquals(expected.size(), found.size(), spec.id() + ": rows of the table on the scan");
            for (int line = 0; line < expected.size(); line++) {
                Map<String, String> want = expected.get(line);
                Map<String, String> got = found.get(line);
                if (COLUMNS.stream().allMatch(column -> Objects.equals(want.get(column), got.get(column)))) {
                    correctLines++;
                } else if (misses.length() < 3000) {
                    misses.append(String.format("%n  %s line %d: expected %s, got %s", spec.id(), line + 1, want, got));
                }
                if (Objects.equals(want.get("amount"), got.get("amount"))) {
                    correctAmounts++;
                }
            }
            expectedLines += expected.size();
            foundLines += found.size();
        }
        double lines = (double) correctLines / expectedLines;
        String report = String.format("%nLine items on %d scanned invoices: %d lines, %d found, all cells right %.2f,"
                + " amount right %.2f%s", (specs.size() + 2) / 3, expectedLines, foundLines, lines,
                (double) correctAmounts / expectedLines, misses);
        LOG.info(report);
        assertTrue(lines >= REACHED, "lines right on scans " + lines + report);
    }

    private static List<Map<String, String>> lineItems(ExtractionResult result) {
        Map<Integer, Map<String, String>> byNumber = new TreeMap<>();
        for (ExtractedField field : result.fields()) {
            String[] parts = field.name().split("\\.");
            if (parts.length == 3 && parts[0].equals("line_items") && field.source().equals(ExtractedField.TEMPLATE)) {
                byNumber.computeIfAbsent(Integer.parseInt(parts[1]), n -> new LinkedHashMap<>()).put(parts[2], field.value());
            }
        }
        return new ArrayList<>(byNumber.values());
    }
}
