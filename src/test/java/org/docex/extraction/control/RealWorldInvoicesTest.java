package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.docex.extraction.control.realworld.FieldScores;
import org.docex.extraction.control.realworld.RealWorldSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The invoice template on the printed pages of real invoices: per-field floors and calibrated confidence. */
class RealWorldInvoicesTest {

    private static final Logger LOG = Logger.getLogger(RealWorldInvoicesTest.class.getName());

    /** The share of each field found right, a little below what the engine reads today: a floor, not a goal. */
    private static final Map<String, Double> FLOORS = Map.ofEntries(Map.entry("invoice_number", 0.95),
            Map.entry("invoice_date", 0.9), Map.entry("due_date", 0.9), Map.entry("total_amount", 0.95),
            Map.entry("subtotal_amount", 0.95), Map.entry("tax_amount", 0.9), Map.entry("currency", 0.95),
            Map.entry("vendor_name", 0.95), Map.entry("vendor_vat_id", 0.95), Map.entry("iban", 0.9),
            Map.entry("buyer_name", 0.95), Map.entry("purchase_order", 0.85));

    /** The same for the other countries' invoices: lower, as the set holds fiscal prints of their own (Mexico, Brazil, Argentina). */
    private static final Map<String, Double> OTHER_FLOORS = Map.of("invoice_number", 0.9, "invoice_date", 0.9,
            "total_amount", 0.75, "currency", 0.9, "vendor_name", 0.85, "subtotal_amount", 0.7, "tax_amount", 0.7,
            "buyer_name", 0.65);

    /** The same for other producers' e-invoices, whose truth is their XML where the print shows it. */
    private static final Map<String, Double> PRODUCER_FLOORS = Map.of("invoice_number", 0.9, "currency", 0.95, "iban", 0.9,
            "total_amount", 0.95, "subtotal_amount", 0.9, "tax_amount", 0.8, "vendor_vat_id", 0.6,
            "invoice_date", 0.9, "due_date", 0.8, "buyer_name", 0.6);

    /**
     * The held-out set's overall recall, a little below what the engine read when the set was added (0.73). Nothing is
     * tuned against that set, so this floor only catches a collapse; the table and misses go to the log.
     */
    private static final double HELD_OUT_FLOOR = 0.7;

    /**
     * The second held-out set's overall recall, a little below what the engine read when the set was added (0.73).
     * It is a regression guard, not a target: nothing is tuned against that set either.
     */
    private static final double HELD_OUT_2_FLOOR = 0.7;
    /** The further development set's overall recall, a little below today's (0.89 of 66 fields). */
    private static final double MORE_FLOOR = 0.90;

    @TempDir
    Path dir;

    @Test
    void invoicesOfOtherCountriesGiveTheirFields() throws Exception {
        FieldScores scores = score(RealWorldSet.otherCountries(), false);
        String report = report(scores, "Sample invoices of other countries (src/test/resources/realworld)");
        OTHER_FLOORS.forEach((field, floor) ->
                assertTrue(scores.recall(field) >= floor, field + " recall " + scores.recall(field) + " < " + floor + report));
        assertTrue(scores.recall() >= 0.85, "all fields' recall " + scores.recall() + report);
        assertTrue(scores.rightAtOrAbove(0.9) >= 0.95, "fields with confidence >= 0.9 right: " + scores.rightAtOrAbove(0.9) + report);
    }

    @Test
    void printedPagesOfOtherProducersEInvoicesGiveTheirFields() throws Exception {
        List<RealWorldSet.Invoice> invoices = RealWorldSet.otherProducers();
        assumeTrue(!invoices.isEmpty(), "no hybrid e-invoices of other producers");
        FieldScores scores = score(invoices, true);
        String report = report(scores, "Printed pages of other producers' e-invoices (" + invoices.size() + ")");
        PRODUCER_FLOORS.forEach((field, floor) ->
                assertTrue(scores.recall(field) >= floor, field + " recall " + scores.recall(field) + " < " + floor + report));
        assertTrue(scores.recall() >= 0.82, "all fields' recall " + scores.recall() + report);
        assertTrue(scores.lineRecall() >= 0.8 && scores.linePrecision() >= 0.8, "line items: recall " + scores.lineRecall()
                + ", precision " + scores.linePrecision() + report);
        assertTrue(scores.rightAtOrAbove(0.9) >= 0.95, "fields with confidence >= 0.9 right: " + scores.rightAtOrAbove(0.9) + report);
    }

    /**
     * The held-out set, read as printed (an embedded invoice XML is removed first): every file is
     * there and is read; the figures are logged, and only a floor under the overall recall is asserted.
     */
    @Test
    void heldOutInvoicesGiveTheirFields() throws Exception {
        assertHeldOut(RealWorldSet.HELD_OUT, "Held-out sample invoices", HELD_OUT_FLOOR);
    }

    /** The second held-out set, read and asserted as the first one. */
    @Test
    void secondHeldOutInvoicesGiveTheirFields() throws Exception {
        assertHeldOut(RealWorldSet.HELD_OUT_2, "Second held-out sample invoices", HELD_OUT_2_FLOOR);
    }

    /** A further development set of other producers' sample invoices: a floor under its overall recall, the table and misses logged. */
    @Test
    void moreProducersInvoicesGiveTheirFields() throws Exception {
        assertHeldOut(RealWorldSet.MORE, "More sample invoices of other producers", MORE_FLOOR);
    }

    /** The held-out set {@code set} read as printed, its table and misses logged under {@code title}, its overall recall at least {@code floor}. */
    private void assertHeldOut(String set, String title, double floor) throws Exception {
        List<RealWorldSet.Invoice> invoices = RealWorldSet.ofSet(set);
        assertFalse(invoices.isEmpty(), "no invoices in " + set);
        invoices.forEach(invoice -> assertTrue(Files.isRegularFile(invoice.file()), invoice.file() + " is missing"));
        FieldScores scores = score(invoices, true);
        String report = report(scores, title + " (" + invoices.size() + ", " + RealWorldSet.PROJECT_SET.resolve(set) + ")");
        assertTrue(scores.recall() >= floor, "all fields' recall " + scores.recall() + report);
    }

    /** The scores' tables and misses under {@code title}, logged and returned for the assertion messages. */
    private static String report(FieldScores scores, String title) {
        String report = scores.table(title) + "Misses:\n  " + String.join("\n  ", scores.misses());
        LOG.info(report);
        return report;
    }

    private FieldScores score(List<RealWorldSet.Invoice> invoices, boolean printedOnly) throws Exception {
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());
        FieldScores scores = new FieldScores();
        for (RealWorldSet.Invoice invoice : invoices) {
            Path file = printedOnly ? RealWorldSet.printedOnly(invoice.file(), dir) : invoice.file();
            ExtractionResult result = extractor.extract(file, Template.INVOICE, List.of(), ProgressListener.NONE);
            List<String> names = result.fields().stream().filter(field -> !field.source().equals(ExtractedField.KEY_VALUE))
                    .map(ExtractedField::name).toList();
            assertEquals(names.size(), names.stream().distinct().count(), invoice.id() + ": a field reported twice: " + names);
            Map<String, ExtractedField> found = new LinkedHashMap<>();
            result.fields().stream().filter(field -> field.source().equals(ExtractedField.TEMPLATE)
                            || field.source().equals(ExtractedField.EMBEDDED_XML) && !printedOnly)
                    .forEach(field -> found.putIfAbsent(field.name(), field));
            scores.count(invoice.id(), invoice.language(), invoice.expected(), found);
            Map<String, ExtractedField> all = new LinkedHashMap<>();
            result.fields().forEach(field -> all.putIfAbsent(field.name(), field));
            if (!invoice.lines().isEmpty()) {
                scores.countLines(invoice.id(), invoice.lines(), all);
            }
        }
        return scores;
    }

    @Test
    void printedPagesOfRealEInvoicesGiveTheirFields() throws Exception {
        assumeTrue(RealWorldSet.available(), "no development set at " + RealWorldSet.DIRECTORY.toAbsolutePath());
        FieldScores scores = score(RealWorldSet.hybridPdfs(), true);
        String report = report(scores, "Printed pages of the real e-invoices (development set)");
        FLOORS.forEach((field, floor) -> {
            assertTrue(scores.recall(field) >= floor, field + " recall " + scores.recall(field) + " < " + floor + report);
            assertTrue(scores.precision(field) >= 0.75, field + " precision " + scores.precision(field) + report);
        });
        assertTrue(scores.rightAtOrAbove(0.9) >= 0.95, "fields with confidence >= 0.9 right: " + scores.rightAtOrAbove(0.9) + report);
        assertTrue(scores.lineRecall() >= 0.9 && scores.linePrecision() >= 0.95, "line items: recall " + scores.lineRecall()
                + ", precision " + scores.linePrecision() + report);
    }

    /**
     * Real hybrid e-invoices, whose print and XML agree but for one: the print-versus-XML checks raise
     * no false alarm, flag the one real difference (weclapp's sample prints a total one cent above its
     * XML's, hybrid/SOURCES.md), and find most of the XML's values on the page; EN 16931's rules hold
     * on every XML.
     */
    @Test
    void realEInvoicesPrintWhatTheirXmlSays() throws Exception {
        List<Path> files = new java.util.ArrayList<>(RealWorldSet.otherProducers().stream().map(RealWorldSet.Invoice::file).toList());
        if (RealWorldSet.available()) {
            RealWorldSet.hybridPdfs().forEach(invoice -> files.add(invoice.file()));
        }
        assumeTrue(!files.isEmpty(), "no hybrid e-invoices");
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());
        Map<String, Map<String, Integer>> statuses = new java.util.TreeMap<>();
        List<String> alarms = new java.util.ArrayList<>();
        List<String> ruleFailures = new java.util.ArrayList<>();
        for (Path file : files) {
            for (Check check : extractor.extract(file, Template.INVOICE, List.of(), ProgressListener.NONE).checks()) {
                boolean rule = check.name().startsWith("BR-") || check.name().equals("xml_schema")
                        || check.name().equals("specification_identifier");
                if (rule && !check.status().equals(Check.OK)) {
                    ruleFailures.add(file.getFileName() + " " + check.name() + ": " + check.detail());
                }
                if (check.name().startsWith("print_matches_xml.")) {
                    statuses.computeIfAbsent(check.name(), name -> new java.util.TreeMap<>()).merge(check.status(), 1, Integer::sum);
                    if (check.status().equals(Check.MISMATCH)) {
                        alarms.add(file.getFileName() + " " + check.name() + ": " + check.detail());
                    }
                }
            }
        }
        LOG.info("Print against XML on " + files.size() + " real e-invoices: " + statuses + "\n  " + String.join("\n  ", alarms));
        // Their XML is valid: it names its profile, and EN 16931's and XRechnung's rules hold on every one that claims them.
        // It follows its schema too, but for three ZUGFeRD 2.0 samples of 2018 whose line price allowances lack the
        // ChargeIndicator that the schemas since ZUGFeRD 2.1 ask for: the schema check says so.
        // (Those three are in the development set beside the project; without it, the project's own set alone is read.)
        List<String> zugferd20 = List.of("en16931-zugferd_2p0_EN16931_1_Teilrechnung.pdf xml_schema",
                "en16931-zugferd_2p0_EN16931_Rabatte.pdf xml_schema", "en16931-zugferd_2p0_EN16931_Rechnungskorrektur.pdf xml_schema");
        assertEquals(RealWorldSet.available() ? zugferd20 : List.of(),
                ruleFailures.stream().map(failure -> failure.substring(0, failure.indexOf(':'))).toList(), ruleFailures.toString());
        assertTrue(ruleFailures.isEmpty() || ruleFailures.get(0).contains("Invalid content was found starting with element"
                + " '{\"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100\":ActualAmount}'."
                + " One of '{\"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100\":ChargeIndicator}'"
                + " is expected."), ruleFailures.toString());
        assertEquals(List.of("weclapp-re1001.pdf print_matches_xml.total_amount: The page shows the total 963.12, but the e-invoice,"
                + " which is the binding copy, says 963.11."), alarms);
        // The sample suite's partial invoices with an advance paid print what is left to pay, as their XML says.
        assertTrue(!RealWorldSet.available()
                || statuses.getOrDefault("print_matches_xml.amount_due", Map.of()).getOrDefault(Check.OK, 0) >= 3, statuses.toString());
        int ok = statuses.values().stream().mapToInt(counts -> counts.getOrDefault(Check.OK, 0)).sum();
        int all = statuses.values().stream().flatMap(counts -> counts.values().stream()).mapToInt(Integer::intValue).sum();
        assertTrue(ok >= 0.75 * all, ok + " of " + all + " checks ok: " + statuses);
    }
}
