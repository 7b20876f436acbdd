package org.docex.vendors.control;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.logging.Logger;
import org.docex.extraction.control.DocumentExtractor;
import org.docex.extraction.control.ExtractionLimits;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.ProgressListener;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.invoice.InvoiceTemplate;
import org.docex.extraction.control.realworld.RealWorldSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real invoice series (several invoices of one vendor, the development set's printed pages): the
 * first invoice's reviewed values teach the rules, and the later ones are read with them.
 */
class InvoiceSeriesTest {

    private static final Logger LOG = Logger.getLogger(InvoiceSeriesTest.class.getName());

    @TempDir
    Path dir;

    @Test
    void laterInvoicesOfAVendorAreReadWithWhatItsFirstTaught() throws Exception {
        assumeTrue(RealWorldSet.available(), "the development set is not there");
        Map<String, List<RealWorldSet.Invoice>> series = new TreeMap<>();
        for (RealWorldSet.Invoice invoice : RealWorldSet.hybridPdfs()) {
            series.computeIfAbsent(invoice.expected().get("vendor_name") + " " + invoice.expected().get("vendor_vat_id"),
                    vendor -> new ArrayList<>()).add(invoice);
        }
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());
        int right = 0;
        int total = 0;
        int generic = 0;
        StringBuilder misses = new StringBuilder();
        for (List<RealWorldSet.Invoice> invoices : series.values()) {
            if (invoices.size() < 2) {
                continue;
            }
            Map<String, LearnedRule> rules = new LinkedHashMap<>();
            Map<String, Integer> seen = new HashMap<>();
            for (int i = 0; i < invoices.size(); i++) {
                RealWorldSet.Invoice invoice = invoices.get(i);
                ExtractionResult result = extract(extractor, invoice);
                DocumentLines lines = DocumentLines.of(result);
                Map<String, String> committed = committed(invoice);
                for (Map.Entry<String, String> expected : committed.entrySet()) {
                    // A field the template reads counts from a vendor's second invoice; one reviewers add (the
                    // amount due) from the first after two that had it.
                    int before = seen.merge(expected.getKey(), 1, Integer::sum) - 1;
                    if (before < (InvoiceTemplate.FIELDS.contains(expected.getKey()) ? 1 : 2)) {
                        continue;
                    }
                    LearnedRule rule = rules.get(expected.getKey());
                    Optional<String> read = rule == null || !rule.reads() ? Optional.empty()
                            : VendorRules.read(rule.rule(), lines).map(VendorRules.Reading::value);
                    Optional<String> machine = machine(result, expected.getKey()).map(VendorRules.MachineReading::value);
                    String value = read.or(() -> machine).orElse(null);
                    FieldRule compare = new FieldRule(VendorRules.typeOf(expected.getKey(), expected.getValue(), null),
                            FieldRule.Relation.LITERAL, "", 1, null, 1, 0, 0);
                    total++;
                    if (VendorRules.same(compare, value, expected.getValue())) {
                        right++;
                    } else {
                        misses.append("\n  ").append(invoice.id()).append(' ').append(expected.getKey()).append(": ")
                                .append(value).append(" (learned ").append(read.orElse("-")).append(") != ")
                                .append(expected.getValue()).append(" rule ").append(rule == null ? "-" : rule.rule().toJson());
                    }
                    if (VendorRules.same(compare, machine.orElse(null), expected.getValue())) {
                        generic++;
                    }
                }
                Map<String, VendorRules.MachineReading> machine = new LinkedHashMap<>();
                committed.keySet().forEach(field -> machine(result, field).ifPresent(found -> machine.put(field, found)));
                rules = Lessons.learn(rules, committed, machine, lines, UUID.randomUUID(), Instant.now());
            }
        }
        String report = String.format("Invoice series: %d of %d committed fields right on later invoices (%.3f);"
                + " without the memory %d (%.3f)%s", right, total, right / (double) total, generic, generic / (double) total, misses);
        LOG.info(report);
        assertTrue(right >= 0.98 * total, report);
    }

    private ExtractionResult extract(DocumentExtractor extractor, RealWorldSet.Invoice invoice) throws Exception {
        return extractor.extract(RealWorldSet.printedOnly(invoice.file(), dir), Template.INVOICE, List.of(),
                ProgressListener.NONE);
    }

    /** What a reviewer commits: the invoice's true fields. */
    private static Map<String, String> committed(RealWorldSet.Invoice invoice) {
        Map<String, String> values = new LinkedHashMap<>(invoice.expected());
        values.remove("format");
        return values;
    }

    private static Optional<VendorRules.MachineReading> machine(ExtractionResult result, String field) {
        return result.fields().stream().filter(candidate -> candidate.name().equals(field))
                .max((a, b) -> Double.compare(a.confidence(), b.confidence()))
                .map(found -> new VendorRules.MachineReading(found.value(), found.type(), found.page(), found.bbox()));
    }
}
