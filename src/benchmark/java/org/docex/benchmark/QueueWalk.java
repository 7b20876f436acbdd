package org.docex.benchmark;

import jakarta.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
 * through the API with the invoice template, as they would be. Target: each answer under 300 ms.
 */
final class QueueWalk {

    static final int INVOICES = 1_000;
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
        }
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
