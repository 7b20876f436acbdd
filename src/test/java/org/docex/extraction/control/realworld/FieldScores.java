package org.docex.extraction.control.realworld;

import java.math.BigDecimal;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.docex.extraction.control.ExtractedField;

/**
 * Scores invoice fields read from real invoices against what their issuer meant: per field and
 * per language the share found right (recall) and the share of the reported ones that are right
 * (precision), and how well confidence predicts being right (a reliability table).
 */
public final class FieldScores {

    /** The invoice fields scored, in the order tables print them. */
    public static final List<String> FIELDS = List.of("invoice_number", "invoice_date", "due_date", "total_amount",
            "subtotal_amount", "tax_amount", "currency", "vendor_name", "vendor_vat_id", "iban", "buyer_name",
            "purchase_order");
    private static final double[] BUCKETS = {0.0, 0.5, 0.7, 0.8, 0.9, 0.95};

    private final Map<String, Score> byField = new TreeMap<>();
    private final Map<String, Score> byLanguage = new TreeMap<>();
    private final Score all = new Score();
    private final int[] bucketReported = new int[BUCKETS.length];
    private final int[] bucketRight = new int[BUCKETS.length];
    private final List<String> misses = new ArrayList<>();
    private final Score lines = new Score();

    private static final class Score {
        int expected;
        int reported;
        int right;

        double recall() {
            return expected == 0 ? 1 : (double) right / expected;
        }

        double precision() {
            return reported == 0 ? 1 : (double) right / reported;
        }
    }

    /** Counts one invoice: {@code found} are the template's fields by name. */
    public void count(String id, String language, Map<String, String> expected, Map<String, ExtractedField> found) {
        for (String field : FIELDS) {
            String want = expected.get(field);
            ExtractedField got = found.get(field);
            if (want == null && got == null) {
                continue;
            }
            boolean right = want != null && got != null && same(field, want, got.value());
            for (Score score : List.of(byField.computeIfAbsent(field, f -> new Score()),
                    byLanguage.computeIfAbsent(language, l -> new Score()), all)) {
                score.expected += want == null ? 0 : 1;
                score.reported += got == null ? 0 : 1;
                score.right += right ? 1 : 0;
            }
            if (got != null) {
                int bucket = bucketOf(got.confidence());
                bucketReported[bucket]++;
                bucketRight[bucket] += right ? 1 : 0;
            }
            if (!right) {
                misses.add(String.format("%s %s: expected %s, got %s%s", id, field, want,
                        got == null ? null : got.value(), got == null ? "" : String.format(" (%.2f)", got.confidence())));
            }
        }
    }

    /**
     * Counts one invoice's line items: a line is right when the n-th line read has the n-th line's
     * amount, quantity and unit price (as numbers); descriptions are not compared (the XML's often
     * join what the print writes in several columns).
     */
    public void countLines(String id, List<Map<String, String>> expected, Map<String, ExtractedField> found) {
        int reported = 0;
        while (found.containsKey("line_items." + (reported + 1) + ".amount")
                || found.containsKey("line_items." + (reported + 1) + ".description")) {
            reported++;
        }
        lines.expected += expected.size();
        lines.reported += reported;
        for (int n = 1; n <= expected.size(); n++) {
            Map<String, String> want = expected.get(n - 1);
            boolean right = true;
            for (String column : List.of("amount", "quantity", "unit_price")) {
                ExtractedField got = found.get("line_items." + n + "." + column);
                String value = want.get(column);
                right &= value == null || got != null && sameNumber(value, got.value());
            }
            if (right) {
                lines.right++;
            } else if (misses.size() < 500) {
                misses.add(String.format("%s line %d: expected %s, got %s", id, n, want, line(found, n)));
            }
        }
        for (int n = expected.size() + 1; n <= reported && misses.size() < 500; n++) {
            misses.add(String.format("%s line %d: expected none, got %s", id, n, line(found, n)));
        }
    }

    private static Map<String, String> line(Map<String, ExtractedField> found, int n) {
        Map<String, String> line = new java.util.TreeMap<>();
        String prefix = "line_items." + n + ".";
        found.forEach((name, field) -> {
            if (name.startsWith(prefix)) {
                line.put(name.substring(prefix.length()), field.value());
            }
        });
        return line;
    }

    public double lineRecall() {
        return lines.recall();
    }

    public double linePrecision() {
        return lines.precision();
    }

    public double recall(String field) {
        return byField.getOrDefault(field, new Score()).recall();
    }

    public double precision(String field) {
        return byField.getOrDefault(field, new Score()).precision();
    }

    public double recall() {
        return all.recall();
    }

    /** Of the fields reported with at least {@code confidence}, the share that is right (1 when there are none). */
    public double rightAtOrAbove(double confidence) {
        int reported = 0;
        int right = 0;
        for (int i = 0; i < BUCKETS.length; i++) {
            if (BUCKETS[i] >= confidence) {
                reported += bucketReported[i];
                right += bucketRight[i];
            }
        }
        return reported == 0 ? 1 : (double) right / reported;
    }

    public int reportedAtOrAbove(double confidence) {
        int reported = 0;
        for (int i = 0; i < BUCKETS.length; i++) {
            reported += BUCKETS[i] >= confidence ? bucketReported[i] : 0;
        }
        return reported;
    }

    public List<String> misses() {
        return misses;
    }

    /** The tables: by field, by language, and confidence against the share right. */
    public String table(String title) {
        StringBuilder out = new StringBuilder(String.format("%n%s%n%-16s %8s %8s %6s %6s %9s%n", title, "field",
                "expected", "reported", "right", "recall", "precision"));
        byField.forEach((field, score) -> row(out, field, score));
        row(out, "all", all);
        out.append(String.format("%-16s %8s %8s %6s %6s %9s%n", "language", "expected", "reported", "right", "recall",
                "precision"));
        byLanguage.forEach((language, score) -> row(out, language, score));
        if (lines.expected > 0 || lines.reported > 0) {
            row(out, "line items", lines);
        }
        out.append(String.format("%-16s %8s %8s %6s%n", "confidence", "reported", "right", "share"));
        for (int i = 0; i < BUCKETS.length; i++) {
            String bucket = i + 1 < BUCKETS.length ? String.format("%.2f-%.2f", BUCKETS[i], BUCKETS[i + 1])
                    : String.format(">= %.2f", BUCKETS[i]);
            out.append(String.format("%-16s %8d %8d %6.2f%n", bucket, bucketReported[i], bucketRight[i],
                    bucketReported[i] == 0 ? 1.0 : (double) bucketRight[i] / bucketReported[i]));
        }
        out.append(String.format("%-16s %8d %8s %6.2f%n", ">= 0.90", reportedAtOrAbove(0.9), "", rightAtOrAbove(0.9)));
        return out.toString();
    }

    private static void row(StringBuilder out, String name, Score score) {
        out.append(String.format("%-16s %8d %8d %6d %6.2f %9.2f%n", name, score.expected, score.reported, score.right,
                score.recall(), score.precision()));
    }

    private static int bucketOf(double confidence) {
        int bucket = 0;
        for (int i = 0; i < BUCKETS.length; i++) {
            if (confidence >= BUCKETS[i] - 1e-9) {
                bucket = i;
            }
        }
        return bucket;
    }

    /** Whether a value read means what the issuer wrote: amounts as numbers, ids without spaces, names without case. */
    static boolean same(String field, String expected, String actual) {
        if (field.endsWith("_amount")) {
            return sameNumber(expected, actual);
        }
        if (field.equals("iban") || field.equals("vendor_vat_id")) {
            return compact(expected).equals(compact(actual));
        }
        if (field.endsWith("_name")) {
            return words(expected).equals(words(actual));
        }
        return expected.strip().equals(actual.strip());
    }

    private static boolean sameNumber(String expected, String actual) {
        try {
            return new BigDecimal(expected).compareTo(new BigDecimal(actual)) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String compact(String text) {
        return text.replaceAll("[\\s.-]", "").toUpperCase(Locale.ROOT);
    }

    private static String words(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFC).strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
