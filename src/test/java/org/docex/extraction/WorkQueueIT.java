package org.docex.extraction;

import static org.docex.extraction.Reviewing.action;
import static org.docex.extraction.Reviewing.assertError;
import static org.docex.extraction.Reviewing.reviewed;
import static org.docex.extraction.Reviewing.started;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.Pdfs;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;

/**
 * The work queue over HTTP: the list of workflows with each invoice's key values, its filters,
 * full-text search, sort orders and counts per status. Each test's invoices come from a vendor of
 * its own (a random word in the name), which the vendor filter isolates from the rest of the server.
 */
@SharedServer(ServerGroup.GENERAL)
class WorkQueueIT extends BlackBoxTest {

    private static final String LIST = "/api/extractions/workflows";

    @Test
    void theQueueShowsEachInvoicesKeyValuesAndFiltersSortsAndSearchesThem() {
        Api analyst = analyst();
        String word = word();
        String vendor = "Zeltwerk " + capitalised(word) + " Müller GmbH";
        String first = extracted(analyst, invoice(vendor, word.toUpperCase(Locale.ROOT) + "-2026/0041", "2026-03-02",
                "2026-04-01", "100.00", "19.00", "119.00", "Lieferung von Zeltstangen"));
        String second = extracted(analyst, invoice(vendor, word.toUpperCase(Locale.ROOT) + "-2026/0042", "2026-03-09",
                "2026-03-23", "1,000.00", "190.00", "1,190.00", "Wartung der Markisen"));
        String third = extracted(analyst, invoice(vendor, word.toUpperCase(Locale.ROOT) + "-2026/0043", "2026-04-15",
                "2026-05-15", "50.00", "9.50", "59.50", "Reparatur eines Vordachs"));

        JsonObject queue = list(analyst, "vendor=" + word);
        assertEquals(3, queue.getInt("total"), queue.toString());
        assertEquals(List.of(third, second, first), ids(queue), "newest first by default");
        JsonObject summary = item(queue, second).getJsonObject("summary");
        assertEquals(vendor, summary.getString("vendor_name"), summary.toString());
        assertEquals(word.toUpperCase(Locale.ROOT) + "-2026/0042", summary.getString("invoice_number"));
        assertEquals("2026-03-09", summary.getString("invoice_date"));
        assertEquals("2026-03-23", summary.getString("due_date"));
        assertEquals("1190.00", summary.getString("total_amount"));
        assertEquals("EUR", summary.getString("currency"));
        assertEquals(0, summary.getInt("failed_checks"));
        double confidence = summary.getJsonNumber("min_confidence").doubleValue();
        assertTrue(confidence > 0 && confidence <= 1, summary.toString());
        assertTrue(item(queue, second).isNull("result"), "list items stay small");
        assertEquals(3, queue.getJsonObject("counts").getInt("extracted"));
        assertEquals(0, queue.getJsonObject("counts").getInt("committed"));

        // The vendor filter ignores case and accents; each of its words begins a word of the name, in any order.
        assertEquals(List.of(third, second, first), ids(list(analyst, "vendor=" + encoded(word.toUpperCase(Locale.ROOT) + " MULLER"))));
        assertEquals(List.of(third, second, first), ids(list(analyst, "vendor=" + encoded("gmbh zeltw " + word.substring(0, 5)))));
        assertEquals(List.of(), ids(list(analyst, "vendor=" + encoded(word.substring(2)))), "the middle of a word is no word's beginning");
        assertEquals(List.of(third, first, second), ids(list(analyst, "vendor=" + word + "&sort=total_amount")));
        assertEquals(List.of(second, first, third), ids(list(analyst, "vendor=" + word + "&sort=-total_amount")));
        assertEquals(List.of(second, first, third), ids(list(analyst, "vendor=" + word + "&sort=due_date")));
        assertEquals(List.of(first, second, third), ids(list(analyst, "vendor=" + word + "&sort=created_at")));
        assertEquals(List.of(first, second), ids(list(analyst, "vendor=" + word + "&from=2026-03-01&to=2026-03-31&sort=invoice_date")));
        assertEquals(List.of(third), ids(list(analyst, "vendor=" + word + "&from=2026-04-15")));

        // Full text: the number however it is written, a word of the printed text, accents and case ignored.
        assertEquals(List.of(second), ids(list(analyst, "q=" + encoded(word + "-2026/0042"))));
        assertEquals(List.of(second), ids(list(analyst, "q=" + encoded(word.toUpperCase(Locale.ROOT) + " 0042"))));
        assertEquals(List.of(third, second, first), ids(list(analyst, "q=" + encoded(word + "-2026"))));
        assertEquals(List.of(second), ids(list(analyst, "q=" + encoded("markisen " + word))));
        assertEquals(List.of(third), ids(list(analyst, "q=" + encoded("VORDACHS " + word))));
        assertEquals(List.of(second), ids(list(analyst, "q=" + encoded(word + " 1.190,00"))), "an amount as another country writes it");
        assertEquals(List.of(), ids(list(analyst, "q=" + encoded(word + " dachrinne"))), "every word must match");
        JsonObject counted = list(analyst, "q=" + encoded(word) + "&status=committed");
        assertEquals(0, counted.getInt("total"));
        assertEquals(3, counted.getJsonObject("counts").getInt("extracted"), "counts leave the status filter out");
    }

    @Test
    void reviewsMoveWorkflowsThroughTheQueueAndTheirValuesReplaceWhatWasRead() {
        Api analyst = analyst();
        Api reviewer = api().as(accounts().signedIn("reviewer").token());
        String word = word();
        String vendor = "Kranich " + capitalised(word) + " AG";
        String drafted = extracted(analyst, invoice(vendor, "KR-" + word + "-1", "2026-06-01", "2026-07-01", "10.00", "1.90", "11.90", "Kabel"));
        String committed = extracted(analyst, invoice(vendor, "KR-" + word + "-2", "2026-06-02", "2026-07-02", "20.00", "3.80", "23.80", "Stecker"));
        String rejected = extracted(analyst, invoice(vendor, "KR-" + word + "-3", "2026-06-03", "2026-07-03", "30.00", "5.70", "35.70", "Dosen"));
        String waiting = extracted(analyst, invoice(vendor, "KR-" + word + "-4", "2026-06-04", "2026-07-04", "40.00", "7.60", "47.60", "Schalter"));

        reviewed(analyst, drafted, action("save_draft").add("fields", Json.createObjectBuilder()
                .add("total_amount", "12.50").add("vendor_name", "Kranich " + capitalised(word) + " Leuchten AG")));
        reviewed(reviewer, committed, action("commit"));
        reviewed(reviewer, rejected, Reviewing.rejection());

        JsonObject all = list(analyst, "vendor=" + word);
        JsonObject counts = all.getJsonObject("counts");
        assertEquals(1, counts.getInt("extracted"), counts.toString());
        assertEquals(1, counts.getInt("in_review"));
        assertEquals(1, counts.getInt("committed"));
        assertEquals(1, counts.getInt("rejected"));
        assertEquals(0, counts.getInt("failed"));
        JsonObject draft = item(all, drafted).getJsonObject("summary");
        assertEquals("12.50", draft.getString("total_amount"), "the draft's value, not the one read");
        assertEquals("Kranich " + capitalised(word) + " Leuchten AG", draft.getString("vendor_name"));
        assertEquals(List.of(drafted), ids(list(analyst, "q=" + encoded("leuchten " + word))), "a value typed in review is found");
        assertEquals(List.of(drafted), ids(list(analyst, "vendor=" + encoded(word + " leuchten"))));

        JsonObject needsReview = list(analyst, "vendor=" + word + "&needs_review=true");
        assertEquals(List.of(waiting, drafted), ids(needsReview));
        assertEquals(1, needsReview.getJsonObject("counts").getInt("committed"), "counts leave needs_review out");
        assertEquals(List.of(rejected, committed), ids(list(analyst, "vendor=" + word + "&needs_review=false")));
        assertEquals(List.of(committed), ids(list(analyst, "vendor=" + word + "&status=committed")));
        assertEquals(List.of(drafted, committed, rejected, waiting), ids(list(analyst, "vendor=" + word + "&sort=total_amount")));

        // A vendor renamed in a later draft is found by its new name only.
        long version = WorkflowPolling.get(analyst, drafted).getJsonNumber("version").longValue();
        reviewed(analyst, drafted, action("save_draft").add("version", version).add("fields", Json.createObjectBuilder()
                .add("vendor_name", "Reiher " + capitalised(word) + " AG")));
        assertEquals(List.of(waiting, rejected, committed), ids(list(analyst, "vendor=" + encoded("kranich " + word))));
        assertEquals(List.of(drafted), ids(list(analyst, "vendor=" + encoded("reiher " + word))));
    }

    @Test
    void anInvoiceWhoseAmountsDoNotAddUpIsFoundByItsFailedChecks() {
        Api analyst = analyst();
        String word = word();
        String vendor = "Falkenhorst " + capitalised(word) + " KG";
        String wrong = extracted(analyst, invoice(vendor, "FH-" + word + "-1", "2026-02-01", "2026-03-01", "100.00", "19.00", "150.00", "Zelte"));
        String right = extracted(analyst, invoice(vendor, "FH-" + word + "-2", "2026-02-02", "2026-03-02", "100.00", "19.00", "119.00", "Zelte"));

        JsonObject failing = list(analyst, "vendor=" + word + "&has_failed_checks=true");
        assertEquals(List.of(wrong), ids(failing), failing.toString());
        assertTrue(item(failing, wrong).getJsonObject("summary").getInt("failed_checks") >= 1);
        assertEquals(List.of(right), ids(list(analyst, "vendor=" + word + "&has_failed_checks=false")));
    }

    @Test
    void malformedFiltersAnswer422NamingThem() {
        Api analyst = analyst();
        assertError(422, "needs_review must be true or false", analyst.get(LIST + "?needs_review=maybe"));
        assertError(422, "has_failed_checks must be true or false", analyst.get(LIST + "?has_failed_checks=1"));
        assertError(422, "from must be a date (YYYY-MM-DD)", analyst.get(LIST + "?from=2026-13-01"));
        assertError(422, "to must be a date (YYYY-MM-DD)", analyst.get(LIST + "?to=yesterday"));
        assertError(422, "from must not be after to", analyst.get(LIST + "?from=2026-05-01&to=2026-04-01"));
        assertError(422, "q must be at most 200 characters", analyst.get(LIST + "?q=" + "a".repeat(201)));
        assertError(422, "vendor must be at most 300 characters", analyst.get(LIST + "?vendor=" + "a".repeat(301)));
        ApiResponse sort = analyst.get(LIST + "?sort=price");
        assertEquals(422, sort.status(), sort.body());
        assertTrue(sort.detail().startsWith("sort must be one of created_at, invoice_date, due_date, total_amount,"), sort.detail());
        // Wildcards and words under two characters are no query: the list is the same as without q, not empty.
        assertEquals(list(analyst, "status=committed").getInt("total"),
                list(analyst, "status=committed&q=" + encoded("% _ ! a")).getInt("total"));
    }

    private static byte[] invoice(String vendor, String number, String date, String due, String net, String tax,
                                  String total, String item) {
        return Pdfs.text("Invoice " + number, vendor, "Hauptstrasse 5, 10115 Berlin", "Invoice", "Invoice No.: " + number,
                "Invoice Date: " + date, "Due Date: " + due, item, "Subtotal: " + net + " EUR", "VAT 19%: " + tax + " EUR",
                "Total: " + total + " EUR");
    }

    private static String extracted(Api api, byte[] pdf) {
        String document = Uploads.uploaded(api, "queue.pdf", pdf);
        String id = started(api, document);
        assertEquals("extracted", WorkflowPolling.awaitEnd(api, id, Reviewing.LIMIT).getString("status"), id);
        return id;
    }

    private static JsonObject list(Api api, String query) {
        ApiResponse answer = api.get(LIST + "?" + query);
        assertEquals(200, answer.status(), answer.body());
        return answer.json();
    }

    private static List<String> ids(JsonObject page) {
        return page.getJsonArray("items").getValuesAs(JsonObject.class).stream().map(item -> item.getString("id")).toList();
    }

    private static JsonObject item(JsonObject page, String id) {
        return page.getJsonArray("items").getValuesAs(JsonObject.class).stream()
                .filter(item -> item.getString("id").equals(id)).findFirst().orElseThrow();
    }

    /** A word no other test uses, letters only. */
    private static String word() {
        StringBuilder word = new StringBuilder("q");
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; i < 8; i++) {
            word.append((char) ('a' + random.nextInt(26)));
        }
        return word.toString();
    }

    private static String capitalised(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    private static String encoded(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private Api analyst() {
        return api().as(accounts().signedIn("analyst").token());
    }
}
