package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Precision and recall of the invoice template over the generated invoice set. */
class InvoiceTemplateTest {

    private static final Logger LOG = Logger.getLogger(InvoiceTemplateTest.class.getName());
    private static final List<String> FIELDS = List.of("invoice_number", "invoice_date", "due_date", "total_amount",
            "currency", "vendor_name", "iban");
    private static final double REQUIRED = 0.9;

    @TempDir
    Path dir;

    @Test
    void eachTemplateFieldReachesNinetyPercentPrecisionAndRecall() throws Exception {
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());
        Map<String, FieldScore> scores = new LinkedHashMap<>();
        FIELDS.forEach(field -> scores.put(field, new FieldScore()));
        StringBuilder misses = new StringBuilder();
        for (InvoiceSpec spec : InvoiceSet.all()) {
            ExtractionResult result = extractor.extract(InvoiceRenderer.render(spec, dir), Template.INVOICE,
                    List.of(), ProgressListener.NONE);
            Map<String, String> found = result.fields().stream()
                    .filter(field -> field.source().equals(ExtractedField.TEMPLATE))
                    .collect(Collectors.toMap(ExtractedField::name, ExtractedField::value));
            for (String field : FIELDS) {
                String expected = spec.expected().get(field);
                String actual = found.get(field);
                scores.get(field).count(expected, actual);
                if (expected == null ? actual != null : !expected.equals(actual)) {
                    misses.append(String.format("%n  %s %s: expected %s, got %s", spec.id(), field, expected, actual));
                }
            }
        }
        LOG.info(table(scores) + (misses.isEmpty() ? "" : "\nMisses:" + misses));
        scores.forEach((field, score) -> {
            assertTrue(score.precision() >= REQUIRED, field + " precision " + score.precision() + misses);
            assertTrue(score.recall() >= REQUIRED, field + " recall " + score.recall() + misses);
        });
    }

    private static String table(Map<String, FieldScore> scores) {
        StringBuilder table = new StringBuilder(String.format("%nInvoice set: %d invoices%n%-16s %7s %7s %9s %6s%n",
                InvoiceSet.SIZE, "field", "present", "correct", "precision", "recall"));
        scores.forEach((field, score) -> table.append(String.format("%-16s %7d %7d %9.2f %6.2f%n", field,
                score.present, score.correct, score.precision(), score.recall())));
        return table.toString();
    }

    private static final class FieldScore {

        private int present;
        private int reported;
        private int correct;

        void count(String expected, String actual) {
            present += expected == null ? 0 : 1;
            reported += actual == null ? 0 : 1;
            correct += expected != null && expected.equals(actual) ? 1 : 0;
        }

        double precision() {
            return reported == 0 ? 1.0 : (double) correct / reported;
        }

        double recall() {
            return present == 0 ? 1.0 : (double) correct / present;
        }
    }
}
