package org.docex.vendors.control;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.docex.extraction.control.DocumentExtractor;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionLimits;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.LearnedFields;
import org.docex.extraction.control.ProgressListener;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.invoice.InvoiceTemplate;
import org.docex.extraction.control.realworld.RealWorldSet;

/**
 * Real invoice series, read as a team works through them: each vendor's invoices in turn, each read
 * with what the reviews of the earlier ones taught, then committed with its true values (what its
 * XML says) and learned from. Scores the committed fields on the later invoices (a field the template
 * reads from a vendor's second invoice on, one reviewers add from the third), and the CPU time the
 * memory's reading takes beside the extraction's (this thread's).
 */
public final class InvoiceSeries {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private InvoiceSeries() {
    }

    /** The outcome of one run over the series. */
    public record Score(int right, int total, int generic, Map<String, int[]> byField, String misses, long extractionNanos,
                       long memoryNanos, int pages) {

        public double share() {
            return right / (double) Math.max(1, total);
        }

        public double genericShare() {
            return generic / (double) Math.max(1, total);
        }

        public String table() {
            StringBuilder table = new StringBuilder(String.format("%-18s %8s %10s%n", "field", "right", "of"));
            byField.forEach((field, counts) -> table.append(String.format("%-18s %8d %10d%n", field, counts[0], counts[1])));
            return table.toString();
        }
    }

    /** The development set's series: invoices of one vendor name and VAT id, two or more. */
    public static Map<String, List<RealWorldSet.Invoice>> ofDevelopmentSet() {
        Map<String, List<RealWorldSet.Invoice>> series = new TreeMap<>();
        for (RealWorldSet.Invoice invoice : RealWorldSet.hybridPdfs()) {
            series.computeIfAbsent(invoice.expected().get("vendor_name") + " " + invoice.expected().get("vendor_vat_id"),
                    vendor -> new ArrayList<>()).add(invoice);
        }
        series.values().removeIf(invoices -> invoices.size() < 2);
        return series;
    }

    public static Score run(Map<String, List<RealWorldSet.Invoice>> series, Path dir) throws Exception {
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());
        Tally tally = new Tally();
        for (List<RealWorldSet.Invoice> invoices : series.values()) {
            Map<String, LearnedRule> rules = new LinkedHashMap<>();
            Map<String, Integer> seen = new HashMap<>();
            for (RealWorldSet.Invoice invoice : invoices) {
                long started = THREADS.getCurrentThreadCpuTime();
                ExtractionResult result = extractor.extract(RealWorldSet.printedOnly(invoice.file(), dir), Template.INVOICE,
                        List.of(), ProgressListener.NONE);
                long extracted = THREADS.getCurrentThreadCpuTime();
                // What VendorMemory.recall does once the vendor is known: the lines, the identifiers, the rules' reading.
                DocumentLines lines = DocumentLines.of(result);
                VendorIdentity.inDocument(lines, best(result, "vendor_name").map(ExtractedField::value));
                ExtractionResult merged = LearnedFields.merge(result, VendorMemory.read(rules, lines));
                tally.cpu(extracted - started, THREADS.getCurrentThreadCpuTime() - extracted, result.pages().size());
                Map<String, String> committed = new LinkedHashMap<>(invoice.expected());
                committed.remove("format");
                committed.forEach((field, value) -> {
                    int before = seen.merge(field, 1, Integer::sum) - 1;
                    if (before >= (InvoiceTemplate.FIELDS.contains(field) ? 1 : 2)) {
                        tally.count(invoice.id(), field, value, best(merged, field), best(result, field));
                    }
                });
                Map<String, VendorRules.MachineReading> machine = new LinkedHashMap<>();
                committed.keySet().forEach(field -> best(result, field).ifPresent(found -> machine.put(field,
                        new VendorRules.MachineReading(found.value(), found.type(), found.page(), found.bbox()))));
                rules = Lessons.learn(rules, committed, machine, lines, UUID.randomUUID(), Instant.now());
            }
        }
        return tally.score();
    }

    /** The field a review starts from: the most confident of the name. */
    private static Optional<ExtractedField> best(ExtractionResult result, String name) {
        return result.fields().stream().filter(field -> field.name().equals(name))
                .max(Comparator.comparingDouble(ExtractedField::confidence));
    }

    private static final class Tally {
        private int right;
        private int total;
        private int generic;
        private final Map<String, int[]> byField = new TreeMap<>();
        private final StringBuilder misses = new StringBuilder();
        private long extraction;
        private long memory;
        private int pages;

        void cpu(long extractionNanos, long memoryNanos, int pageCount) {
            extraction += extractionNanos;
            memory += memoryNanos;
            pages += pageCount;
        }

        void count(String invoice, String field, String expected, Optional<ExtractedField> read,
                   Optional<ExtractedField> withoutMemory) {
            FieldRule compare = new FieldRule(VendorRules.typeOf(field, expected, null), FieldRule.Relation.LITERAL, "", 1,
                    null, 1, 0, 0);
            int[] counts = byField.computeIfAbsent(field, name -> new int[2]);
            total++;
            counts[1]++;
            String value = read.map(ExtractedField::value).orElse(null);
            if (VendorRules.same(compare, value, expected)) {
                right++;
                counts[0]++;
            } else {
                misses.append("\n  ").append(invoice).append(' ').append(field).append(": ").append(value)
                        .append(read.map(found -> " (" + found.source() + ")").orElse("")).append(" != ").append(expected);
            }
            if (VendorRules.same(compare, withoutMemory.map(ExtractedField::value).orElse(null), expected)) {
                generic++;
            }
        }

        Score score() {
            return new Score(right, total, generic, byField, misses.toString(), extraction, memory, pages);
        }
    }
}
