package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.docex.extraction.control.InvoiceSpec.Language;
import org.docex.extraction.control.keyvalue.LabelText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Line items and totals read from the itemised invoices of {@link LineItemInvoiceSet}, and the
 * key-value pairs on the same invoices.
 *
 * <p>Line items: the fields {@code line_items.<n>.<column>} (any source but {@code key_value}),
 * taken in the order of n, against the spec's items in table order. A line is correct when its
 * description, quantity, unit price and amount all equal the expected ones; the correct lines of
 * an invoice are the longest run of extracted lines that equal expected lines in the same order,
 * so one missed or extra line costs that line only. Precision is correct / extracted lines, recall
 * correct / expected lines, reported for all invoices, ruled and unruled tables, English and German.
 */
class LineItemExtractionTest {

    private static final Logger LOG = Logger.getLogger(LineItemExtractionTest.class.getName());
    private static final List<String> COLUMNS = List.of("description", "quantity", "unit_price", "amount");
    private static final List<String> TOTALS = List.of("subtotal_amount", "tax_amount", "tax_rate", "total_amount",
            "vendor_vat_id", "buyer_name", "purchase_order");
    private static final List<String> GROUPS = List.of("all", "ruled", "unruled", "English", "German");
    private static final Pattern LINE = Pattern.compile("line_items\\.(\\d+)\\.(\\w+)");
    private static final double REQUIRED = 0.95;
    private static final int MISSES_SHOWN = 15;

    @TempDir
    Path dir;

    @Test
    void lineItemsAndTotalsAreReadNineteenTimesInTwenty() throws Exception {
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());
        Map<String, LineScore> lines = new LinkedHashMap<>();
        GROUPS.forEach(group -> lines.put(group, new LineScore()));
        Map<String, int[]> totals = new LinkedHashMap<>();
        TOTALS.forEach(field -> totals.put(field, new int[2]));
        List<String> misses = new ArrayList<>();
        List<String> failedChecks = new ArrayList<>();
        for (InvoiceSpec spec : LineItemInvoiceSet.all()) {
            ExtractionResult result = extractor.extract(InvoiceRenderer.render(spec, dir), Template.INVOICE,
                    List.of(), ProgressListener.NONE);
            List<Map<String, String>> expected = spec.expectedLineItems();
            List<Map<String, String>> found = lineItems(result);
            Set<Integer> matched = matchedInOrder(expected, found);
            for (String group : groupsOf(spec)) {
                lines.get(group).count(expected.size(), found.size(), matched.size());
            }
            for (int i = 0; i < expected.size(); i++) {
                if (!matched.contains(i)) {
                    misses.add(String.format("%s line %d: expected %s, got %s", spec.id(), i + 1, expected.get(i),
                            i < found.size() ? found.get(i) : "no line"));
                }
            }
            if (found.size() > expected.size()) {
                misses.add(String.format("%s: %d lines expected, %d extracted", spec.id(), expected.size(), found.size()));
            }
            scoreTotals(spec, result, totals, misses);
            if (matched.size() == expected.size() && found.size() == expected.size()) {
                failedChecks.addAll(failedChecks(spec, result));
            }
        }
        String report = report(lines, totals, misses, failedChecks);
        LOG.info(report);
        LineScore all = lines.get("all");
        assertTrue(all.precision() >= REQUIRED, "line item precision " + all.precision() + report);
        assertTrue(all.recall() >= REQUIRED, "line item recall " + all.recall() + report);
        totals.forEach((field, counts) -> assertTrue(accuracy(counts) >= REQUIRED,
                field + " accuracy " + accuracy(counts) + report));
        assertTrue(failedChecks.isEmpty(), "arithmetic checks on fully read invoices" + report);
    }

    /**
     * Key-value precision on itemised invoices read with {@link Template#GENERIC}: the items table
     * has no labels, so no key-value field may come from it. A {@code key_value} field is
     * legitimate when its name is the snake_case of a label the invoice prints outside its table
     * ({@link InvoiceRenderer#printedPairs}: the meta block with the VAT id, bill-to and from, the
     * totals, bank, IBAN and BIC) and its raw text is part of what is printed as that label's
     * value. Precision is legitimate / all key-value fields over all invoices. Apart from that, no
     * field may be named after a column heading or an item description (its snake_case, or a run
     * of its first words).
     */
    @Test
    void keyValueFieldsComeFromLabelsNotFromTheItemsTable() throws Exception {
        DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());
        int all = 0;
        int legitimate = 0;
        List<String> wrong = new ArrayList<>();
        List<String> fromTable = new ArrayList<>();
        for (InvoiceSpec spec : LineItemInvoiceSet.all()) {
            ExtractionResult result = extractor.extract(InvoiceRenderer.render(spec, dir), Template.GENERIC,
                    List.of(), ProgressListener.NONE);
            Map<String, String> printed = new LinkedHashMap<>();
            InvoiceRenderer.printedPairs(spec).forEach((label, value) -> printed.put(LabelText.snakeCase(label), value));
            for (ExtractedField field : result.fields()) {
                if (!field.source().equals(ExtractedField.KEY_VALUE)) {
                    continue;
                }
                all++;
                String value = printed.get(field.name());
                if (value != null && !field.raw().isEmpty() && value.contains(field.raw())) {
                    legitimate++;
                    continue;
                }
                String described = String.format("%s %s = \"%s\" (printed: %s)", spec.id(), field.name(), field.raw(),
                        value == null ? "no such label" : "\"" + value + "\"");
                wrong.add(described);
                if (value == null && namedAfterTable(field.name(), spec)) {
                    fromTable.add(described);
                }
            }
        }
        double precision = all == 0 ? 1.0 : (double) legitimate / all;
        String report = String.format("%nKey-value fields on %d itemised invoices (generic template): %d, legitimate %d,"
                + " precision %.2f; named after the table: %d%s", LineItemInvoiceSet.SIZE, all, legitimate, precision,
                fromTable.size(), listed("Not legitimate", wrong));
        LOG.info(report);
        assertTrue(all > 0, "the invoices' meta blocks give key-value fields" + report);
        assertTrue(fromTable.isEmpty(), "key-value fields named after the items table" + report);
        assertTrue(precision >= REQUIRED, "key-value precision " + precision + report);
    }

    /** The extracted lines in the order of their numbers, each a map from column to value. */
    private static List<Map<String, String>> lineItems(ExtractionResult result) {
        Map<Integer, Map<String, String>> byNumber = new TreeMap<>();
        for (ExtractedField field : result.fields()) {
            Matcher line = LINE.matcher(field.name());
            if (line.matches() && !field.source().equals(ExtractedField.KEY_VALUE)) {
                byNumber.computeIfAbsent(Integer.parseInt(line.group(1)), n -> new LinkedHashMap<>())
                        .putIfAbsent(line.group(2), field.value());
            }
        }
        return new ArrayList<>(byNumber.values());
    }

    /** The indexes of the expected lines in a longest in-order matching of equal lines. */
    private static Set<Integer> matchedInOrder(List<Map<String, String>> expected, List<Map<String, String>> found) {
        int[][] longest = new int[expected.size() + 1][found.size() + 1];
        for (int i = expected.size() - 1; i >= 0; i--) {
            for (int j = found.size() - 1; j >= 0; j--) {
                longest[i][j] = sameLine(expected.get(i), found.get(j)) ? longest[i + 1][j + 1] + 1
                        : Math.max(longest[i + 1][j], longest[i][j + 1]);
            }
        }
        Set<Integer> matched = new HashSet<>();
        int i = 0;
        int j = 0;
        while (i < expected.size() && j < found.size()) {
            if (sameLine(expected.get(i), found.get(j))) {
                matched.add(i++);
                j++;
            } else if (longest[i + 1][j] >= longest[i][j + 1]) {
                i++;
            } else {
                j++;
            }
        }
        return matched;
    }

    private static boolean sameLine(Map<String, String> expected, Map<String, String> found) {
        return COLUMNS.stream().allMatch(column -> Objects.equals(expected.get(column), found.get(column)));
    }

    private static List<String> groupsOf(InvoiceSpec spec) {
        return List.of("all", spec.ruled() ? "ruled" : "unruled", spec.language() == Language.EN ? "English" : "German");
    }

    private static void scoreTotals(InvoiceSpec spec, ExtractionResult result, Map<String, int[]> totals,
                                    List<String> misses) {
        Map<String, String> found = result.fields().stream()
                .filter(field -> !field.source().equals(ExtractedField.KEY_VALUE))
                .collect(Collectors.toMap(ExtractedField::name, ExtractedField::value, (first, second) -> first));
        spec.expectedTotals().forEach((field, expected) -> {
            int[] counts = totals.get(field);
            counts[0]++;
            if (expected.equals(found.get(field))) {
                counts[1]++;
            } else {
                misses.add(String.format("%s %s: expected %s, got %s", spec.id(), field, expected, found.get(field)));
            }
        });
    }

    /** The sum and total checks that are not ok on an invoice whose lines were all read correctly. */
    private static List<String> failedChecks(InvoiceSpec spec, ExtractionResult result) {
        List<String> failed = new ArrayList<>();
        for (String name : List.of("lines_sum_to_subtotal", "subtotal_plus_tax_is_total")) {
            Check check = result.checks().stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
            if (check == null || !check.status().equals(Check.OK)) {
                failed.add(String.format("%s %s: %s", spec.id(), name,
                        check == null ? "missing" : check.status() + " (" + check.detail() + ")"));
            }
        }
        return failed;
    }

    /** Named like a column heading (either language) or like an item description or its first words. */
    private static boolean namedAfterTable(String name, InvoiceSpec spec) {
        Set<String> headings = new HashSet<>();
        for (Language language : Language.values()) {
            new InvoiceWording(language, 0).tableHeader().forEach(heading -> headings.add(LabelText.snakeCase(heading)));
        }
        return headings.contains(name) || spec.items().stream()
                .map(item -> LabelText.snakeCase(item.description()))
                .anyMatch(description -> description.equals(name) || description.startsWith(name + "_")
                        || name.startsWith(description + "_"));
    }

    private static double accuracy(int[] counts) {
        return counts[0] == 0 ? 1.0 : (double) counts[1] / counts[0];
    }

    private static String report(Map<String, LineScore> lines, Map<String, int[]> totals, List<String> misses,
                                 List<String> failedChecks) {
        StringBuilder report = new StringBuilder(String.format("%nLine items, %d itemised invoices%n%-8s %8s %9s %7s %9s %6s%n",
                LineItemInvoiceSet.SIZE, "tables", "expected", "extracted", "correct", "precision", "recall"));
        lines.forEach((group, score) -> report.append(String.format("%-8s %8d %9d %7d %9.2f %6.2f%n", group,
                score.expected, score.extracted, score.correct, score.precision(), score.recall())));
        report.append(String.format("%-16s %8s%n", "totals field", "accuracy"));
        totals.forEach((field, counts) -> report.append(String.format("%-16s %8.2f%n", field, accuracy(counts))));
        return report + listed("Misses", misses) + listed("Checks not ok on fully read invoices", failedChecks);
    }

    private static String listed(String title, List<String> entries) {
        if (entries.isEmpty()) {
            return "";
        }
        StringBuilder listed = new StringBuilder(String.format("%n%s (first %d of %d):", title,
                Math.min(MISSES_SHOWN, entries.size()), entries.size()));
        entries.stream().limit(MISSES_SHOWN).forEach(entry -> listed.append("\n  ").append(entry));
        return listed.toString();
    }

    private static final class LineScore {

        private int expected;
        private int extracted;
        private int correct;

        void count(int expectedLines, int extractedLines, int correctLines) {
            expected += expectedLines;
            extracted += extractedLines;
            correct += correctLines;
        }

        double precision() {
            return extracted == 0 ? 1.0 : (double) correct / extracted;
        }

        double recall() {
            return expected == 0 ? 1.0 : (double) correct / expected;
        }
    }
}
