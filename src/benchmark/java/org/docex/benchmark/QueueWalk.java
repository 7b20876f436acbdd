package org.docex.benchmark;

import jakarta.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.Pdfs;
import org.docex.testing.ServerProcess;
import org.docex.testing.Uploads;

/**
 * Part 11: the work queue with {@value #INVOICES} extracted invoices stored, walked as an analyst
 * walks it, one request after another: opening the queue (its first page with the counts per
 * status), filtering it (by vendor, by a word of the text, by failed checks, by an invoice date
 * range, sorted by due date) and moving to the next document (the queue's next position, the
 * workflow and its document, what the workspace asks for). The invoices are uploaded and extracted
 * through the API with the invoice template, as they would be. Then the same walk with
 * {@value #SCALED} workflows: the server stopped, each workflow's rows (its document, the workflow
 * with its summary, its search terms and vendor words) copied 99 times under new ids straight into its embedded
 * database, all copies older than the originals, and the server started again on them. The copies
 * have no stored result (the queue never reads one), so "next document" opens originals only.
 * Target: each answer under 300 ms.
 */
final class QueueWalk {

    static final int INVOICES = 1_000;
    static final int SCALED = 100_000;
    private static final int ROUNDS = 40;
    private static final double TARGET_MILLIS = 300;
    private static final List<String> VENDORS = List.of("Acme Supplies GmbH", "Globex Handels AG", "Initech Services Ltd",
            "Umbrella Logistik GmbH", "Hooli Software Inc.", "Stark Industrietechnik KG", "Wonka Feinkost GmbH",
            "Tyrell Elektronik AG", "Vandelay Import Export GmbH", "Dunder Papier GmbH");
    private static final List<String> ITEMS = List.of("Beratung", "Wartung", "Lieferung", "Schulung", "Lizenz", "Reparatur");

    private QueueWalk() {
    }

    static void run(Path data, Map<String, String> environment, List<String> jvmOptions) throws Exception {
        Benchmark.print("%n11. The work queue with %,d extracted invoices: opening, filtering and moving to the next document,"
                + " one request after another (target each < %.0f ms)", INVOICES, TARGET_MILLIS);
        Files.createDirectories(data);
        Map<String, String> settings = new java.util.HashMap<>(environment);
        settings.put("DOCEX_MAX_QUEUED_PER_USER", String.valueOf(INVOICES));
        try (ServerProcess server = ServerProcess.start(data, settings, data.resolve("server.log"), jvmOptions)) {
            Api admin = server.api().as(new Accounts(server.api()).adminToken());
            long seeding = System.nanoTime();
            seed(admin);
            Benchmark.print("   %,d invoices uploaded and extracted in %.0f s", INVOICES, (System.nanoTime() - seeding) / 1e9);
            walk(admin);
            server.stop(false);
        }
        long copying = System.nanoTime();
        long terms = copy(data, SCALED / INVOICES);
        Benchmark.print("%n   The same walk with %,d workflows (%,d search terms), the rows copied in %.0f s:", SCALED, terms,
                (System.nanoTime() - copying) / 1e9);
        try (ServerProcess server = ServerProcess.start(data, settings, data.resolve("server-scaled.log"), jvmOptions)) {
            walk(server.api().as(new Accounts(server.api()).adminToken()));
        }
    }

    /**
     * Copies every workflow with its document and search terms until there are {@code times} as
     * many, each copy one day older than the one before it; answers how many terms are stored then.
     */
    private static long copy(Path data, int times) throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:h2:file:" + data.resolve("db/docex"), "docex", "docex")) {
            db.setAutoCommit(false);
            List<Map<String, Object>> documents = rows(db, "SELECT * FROM document");
            List<Map<String, Object>> workflows = rows(db, "SELECT * FROM extraction_workflow");
            Map<Object, List<String>> terms = words(db, "SELECT workflow_id, term FROM workflow_term");
            Map<Object, List<String>> vendorWords = words(db, "SELECT workflow_id, word FROM workflow_vendor_word");
            try (PreparedStatement document = insert(db, "document", documents.get(0).keySet());
                 PreparedStatement workflow = insert(db, "extraction_workflow", workflows.get(0).keySet());
                 PreparedStatement term = db.prepareStatement("INSERT INTO workflow_term (term, workflow_id) VALUES (?, ?)");
                 PreparedStatement vendorWord = db.prepareStatement("INSERT INTO workflow_vendor_word (word, workflow_id) VALUES (?, ?)")) {
                for (int copy = 1; copy < times; copy++) {
                    Map<Object, UUID> documentIds = new HashMap<>();
                    for (Map<String, Object> original : documents) {
                        UUID id = UUID.randomUUID();
                        documentIds.put(original.get("id"), id);
                        Map<String, Object> values = new LinkedHashMap<>(original);
                        values.put("id", id);
                        values.replace("uploaded_at", older(original.get("uploaded_at"), copy));
                        values.replace("source_key", null);
                        add(document, values);
                    }
                    document.executeBatch();
                    for (Map<String, Object> original : workflows) {
                        UUID id = UUID.randomUUID();
                        Map<String, Object> values = new LinkedHashMap<>(original);
                        values.put("id", id);
                        values.put("document_id", documentIds.get(original.get("document_id")));
                        values.replace("created_at", older(original.get("created_at"), copy));
                        add(workflow, values);
                        add(term, terms.getOrDefault(original.get("id"), List.of()), id);
                        add(vendorWord, vendorWords.getOrDefault(original.get("id"), List.of()), id);
                    }
                    workflow.executeBatch();
                    term.executeBatch();
                    vendorWord.executeBatch();
                    db.commit();
                }
            }
            try (ResultSet count = db.createStatement().executeQuery("SELECT COUNT(*) FROM workflow_term")) {
                count.next();
                return count.getLong(1);
            }
        }
    }

    /** The words of each workflow in a table of (workflow, word) rows. */
    private static Map<Object, List<String>> words(Connection db, String query) throws Exception {
        Map<Object, List<String>> words = new HashMap<>();
        try (ResultSet row = db.createStatement().executeQuery(query)) {
            while (row.next()) {
                words.computeIfAbsent(row.getObject(1), id -> new ArrayList<>()).add(row.getString(2));
            }
        }
        return words;
    }

    private static void add(PreparedStatement statement, List<String> words, UUID workflow) throws Exception {
        for (String word : words) {
            statement.setString(1, word);
            statement.setObject(2, workflow);
            statement.addBatch();
        }
    }

    private static List<Map<String, Object>> rows(Connection db, String query) throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (ResultSet row = db.createStatement().executeQuery(query)) {
            while (row.next()) {
                Map<String, Object> values = new LinkedHashMap<>();
                for (int column = 1; column <= row.getMetaData().getColumnCount(); column++) {
                    values.put(row.getMetaData().getColumnName(column).toLowerCase(Locale.ROOT), row.getObject(column));
                }
                rows.add(values);
            }
        }
        return rows;
    }

    private static PreparedStatement insert(Connection db, String table, java.util.Set<String> columns) throws Exception {
        return db.prepareStatement("INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES ("
                + String.join(", ", columns.stream().map(column -> "?").toList()) + ")");
    }

    private static void add(PreparedStatement statement, Map<String, Object> values) throws Exception {
        int i = 1;
        for (Object value : values.values()) {
            statement.setObject(i++, value);
        }
        statement.addBatch();
    }

    private static Object older(Object time, int days) {
        return time instanceof OffsetDateTime at ? at.minusDays(days) : time;
    }

    private static void seed(Api admin) {
        Random random = new Random(7);
        List<String> started = new ArrayList<>();
        for (int i = 0; i < INVOICES; i++) {
            String vendor = VENDORS.get(i % VENDORS.size());
            int net = 20 + random.nextInt(5000);
            String tax = String.format(java.util.Locale.ROOT, "%.2f", net * 0.19);
            String total = String.format(java.util.Locale.ROOT, "%.2f", net * 1.19);
            int day = 1 + random.nextInt(28);
            String failing = i % 25 == 0 ? "1.00" : "0.00";
            byte[] pdf = Pdfs.text("Invoice Q-" + i, vendor, "Hauptstrasse " + (1 + i % 90) + ", 10115 Berlin", "Invoice",
                    "Invoice No.: Q-2026-" + (10000 + i), String.format("Invoice Date: 2026-%02d-%02d", 1 + i % 12, day),
                    String.format("Due Date: 2026-%02d-%02d", 1 + (i + 1) % 12, day), ITEMS.get(i % ITEMS.size()) + " " + (i % 7),
                    "Subtotal: " + net + ".00 EUR", "VAT 19%: " + tax + " EUR",
                    "Total: " + (failing.equals("0.00") ? total : String.format(java.util.Locale.ROOT, "%.2f", net * 1.19 + 1)) + " EUR");
            String document = Uploads.uploaded(admin, "queue-" + i + ".pdf", pdf);
            ApiResponse start = WorkflowPolling.start(admin, WorkflowPolling.request(document).add("template", "invoice"));
            if (start.status() != 202) {
                throw new IllegalStateException("could not start an extraction: " + start.body());
            }
            started.add(start.json().getString("id"));
        }
        for (String id : started) {
            WorkflowPolling.awaitEnd(admin, id, Duration.ofMinutes(10));
        }
    }

    private static void walk(Api admin) {
        String vendor = "vendor=" + encoded("globex");
        List<String[]> filters = List.of(
                new String[] {"open the queue (needs review, first page)", "needs_review=true"},
                new String[] {"filter by vendor", "needs_review=true&" + vendor},
                new String[] {"search a word of the text (q=wartung)", "needs_review=true&q=wartung"},
                new String[] {"search an invoice number (q=Q-2026-10500)", "q=" + encoded("Q-2026-10500")},
                new String[] {"failed checks only", "has_failed_checks=true"},
                new String[] {"invoice dates in March, by due date", "from=2026-03-01&to=2026-03-31&sort=due_date"},
                new String[] {"all, largest total first", "sort=-total_amount"});
        JsonObject first = admin.get("/api/extractions/workflows?limit=1").json();
        Benchmark.print("   stored: %s", first.getJsonObject("counts"));
        for (int warm = 0; warm < 3; warm++) {
            filters.forEach(filter -> admin.get("/api/extractions/workflows?limit=25&" + filter[1]));
        }
        for (String[] filter : filters) {
            long[] nanos = new long[ROUNDS];
            long total = 0;
            for (int round = 0; round < ROUNDS; round++) {
                long start = System.nanoTime();
                ApiResponse answer = admin.get("/api/extractions/workflows?limit=25&" + filter[1]);
                nanos[round] = System.nanoTime() - start;
                total = answer.json().getJsonNumber("total").longValue();
            }
            report(filter[0] + " (" + total + ")", nanos);
        }
        long[] next = new long[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            JsonObject page = admin.get("/api/extractions/workflows?needs_review=true&" + vendor + "&offset=" + round + "&limit=2").json();
            JsonObject item = page.getJsonArray("items").getJsonObject(0);
            admin.get("/api/extractions/workflow/" + item.getString("id"));
            admin.get("/api/documents/" + item.getString("document_id"));
            next[round] = System.nanoTime() - start;
        }
        report("next document (queue position, workflow, document)", next);
    }

    private static void report(String what, long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double median = sorted[sorted.length / 2] / 1e6;
        double p95 = sorted[(int) Math.ceil(sorted.length * 0.95) - 1] / 1e6;
        double max = sorted[sorted.length - 1] / 1e6;
        Benchmark.print("   %-62s median %6.1f ms  p95 %6.1f ms  max %6.1f ms  %s", what, median, p95, max,
                p95 < TARGET_MILLIS ? "(under target)" : "(OVER the target)");
    }

    private static String encoded(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
