package org.docex.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.docex.extraction.EInvoicePdfs;
import org.docex.extraction.GeneratedPdfs;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Webhooks end to end, to a receiver inside the test that verifies every signature: the events of
 * each action with their payloads, retries, failures, 410, nothing sent for a refused review, the
 * admin API and the metrics. The server may call loopback here (DOCEX_WEBHOOK_ALLOW_PRIVATE), and
 * retries after a second rather than ten.
 */
@SharedServer(ServerGroup.GENERAL)
class WebhooksIT extends BlackBoxTest {

    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static WebhookReceiver receiver;

    @BeforeAll
    static void startReceiver() throws Exception {
        receiver = new WebhookReceiver();
    }

    /** Leaves no subscription to this receiver behind: later test classes share the database (PostgreSQL pass). */
    @AfterAll
    static void stopReceiver() {
        try {
            if (CREATED_BY != null) {
                for (String id : SUBSCRIPTIONS) {
                    CREATED_BY.delete("/api/webhooks/" + id);
                }
            }
        } finally {
            receiver.close();
        }
    }

    private static final List<String> SUBSCRIPTIONS = new java.util.concurrent.CopyOnWriteArrayList<>();
    private static volatile Api CREATED_BY;

    @Test
    void everyActionSendsItsSignedEventWithThePayloadOfTheContract() {
        Api admin = api().as(accounts().adminToken());
        receiver.answer(request -> 200);
        subscribe(admin, "/all", List.of("*"));
        Accounts.Account analyst = accounts().signedIn("analyst");
        Accounts.Account reviewer = accounts().signedIn("reviewer");
        Api asAnalyst = api().as(analyst.token());
        Api asReviewer = api().as(reviewer.token());

        // An invoice of its own: one the shared server read before would fail its duplicate_invoice check.
        String document = Uploads.uploaded(asAnalyst, "invoice.pdf", org.docex.testing.Pdfs.text("Invoice", "ACME Supplies GmbH",
                "Invoice No.: WH-" + java.util.UUID.randomUUID().toString().substring(0, 8), "Invoice Date: 2026-11-02", "Total: 1,234.56 EUR"));
        JsonObject uploaded = event("/all", "document.uploaded", document);
        JsonObject stored = asAnalyst.get("/api/documents/" + document).json();
        assertEquals(Json.createObjectBuilder().add("document_id", document).add("filename", "invoice.pdf")
                .add("sha256", stored.getString("sha256")).add("page_count", stored.getInt("page_count"))
                .add("uploaded_by", analyst.email()).add("source", Json.createObjectBuilder().add("channel", "upload")).build(),
                uploaded.getJsonObject("data"));

        String workflow = extracted(asAnalyst, document);
        JsonObject extractedEvent = event("/all", "workflow.extracted", workflow);
        assertWorkflowData(extractedEvent, workflow, document, "extracted", 1, analyst.email());
        assertEquals(Json.createArrayBuilder().build(), extractedEvent.getJsonObject("data").getJsonArray("failed_checks"));

        // An e-invoice whose print names another IBAN than its XML: the receiver learns it with the extraction.
        EInvoicePdfs.Invoice invoice = EInvoicePdfs.sample();
        String hybrid = Uploads.uploaded(asAnalyst, "factur-x.pdf", EInvoicePdfs.withAttachment(
                invoice.withPrintedIban("DE02120300000000202051"), "factur-x.xml", EInvoicePdfs.cii(invoice)));
        String differs = extracted(asAnalyst, hybrid);
        JsonArray failedChecks = event("/all", "workflow.extracted", differs).getJsonObject("data").getJsonArray("failed_checks");
        // (The sample's VAT id, DE123456789, fails its check digits too.)
        JsonObject iban = failedChecks.getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals("print_matches_xml.iban")).findFirst()
                .orElseThrow(() -> new AssertionError(failedChecks.toString()));
        assertTrue(iban.getString("detail").contains("names IBAN DE89 3704 0044 0532 0130 00"), failedChecks.toString());

        review(asAnalyst, workflow, Json.createObjectBuilder().add("action", "save_draft")
                .add("fields", Json.createObjectBuilder().add("cost_centre", "CC-7")));
        assertWorkflowData(event("/all", "workflow.draft_saved", workflow), workflow, document, "in_review", 2, analyst.email());

        review(asReviewer, workflow, Json.createObjectBuilder().add("action", "commit"));
        JsonObject committed = event("/all", "workflow.committed", workflow);
        assertWorkflowData(committed, workflow, document, "committed", 3, reviewer.email());
        JsonObject fields = committed.getJsonObject("data").getJsonObject("fields");
        assertEquals("CC-7", fields.getString("cost_centre"), committed.toString());
        assertEquals(asReviewer.get("/api/extractions/workflow/" + workflow).json().getJsonObject("committed")
                .getJsonObject("fields"), fields, "the committed values, so a receiver needs no second call");

        String second = Uploads.uploaded(asAnalyst, "second.pdf", GeneratedPdfs.invoice());
        String rejected = extracted(asAnalyst, second);
        review(asReviewer, rejected, Json.createObjectBuilder().add("action", "reject").add("comment", "Not ours"));
        assertWorkflowData(event("/all", "workflow.rejected", rejected), rejected, second, "rejected", 2, reviewer.email());
        review(asReviewer, rejected, Json.createObjectBuilder().add("action", "reopen").add("comment", "Ours after all"));
        assertWorkflowData(event("/all", "workflow.reopened", rejected), rejected, second, "in_review", 3, reviewer.email());
        assertEquals(204, asAnalyst.delete("/api/documents/" + second).status());
        assertEquals("second.pdf", event("/all", "document.deleted", second).getJsonObject("data").getString("filename"));

        String crashing = Uploads.uploaded(asAnalyst, "crash.pdf", Uploads.resource("jazzer-crash-matrix.pdf"));
        String failed = WorkflowPolling.started(asAnalyst, crashing);
        assertEquals("failed", WorkflowPolling.awaitEnd(asAnalyst, failed, LIMIT).getString("status"));
        JsonObject failure = event("/all", "workflow.failed", failed);
        assertEquals("failed", failure.getJsonObject("data").getString("status"));
        assertFalse(failure.getJsonObject("data").getString("error").isBlank(), failure.toString());

        for (WebhookReceiver.Received request : receiver.received(request -> request.path().equals("/all"))) {
            assertTrue(request.verified(), "signature: " + request);
            assertEquals("application/cloudevents+json", request.contentType());
            JsonObject event = request.event();
            assertEquals(request.webhookId(), event.getString("id"));
            assertEquals("1.0", event.getString("specversion"));
            assertEquals("/docex", event.getString("source"));
            assertTrue(event.getString("type").startsWith("org.docex."), event.toString());
            assertEquals("application/json", event.getString("datacontenttype"));
            assertNotNull(java.time.Instant.parse(event.getString("time")));
        }
    }

    @Test
    void aReceiverAnswering500TwiceThen200GetsTheSameEventThreeTimesAndTheDeliverySucceeds() {
        Api admin = api().as(accounts().adminToken());
        AtomicInteger calls = new AtomicInteger();
        receiver.answer(request -> request.path().equals("/flaky") && calls.incrementAndGet() <= 2 ? 500 : 200);
        String subscription = subscribe(admin, "/flaky", List.of("document.uploaded"));

        String document = Uploads.uploaded(admin, "flaky.pdf", GeneratedPdfs.invoice());
        List<WebhookReceiver.Received> attempts = receiver.await(request -> request.path().equals("/flaky"), 3, LIMIT);
        assertEquals(1, attempts.stream().map(WebhookReceiver.Received::webhookId).distinct().count(), "one event id on every attempt");
        assertTrue(attempts.stream().allMatch(WebhookReceiver.Received::verified));
        assertEquals(document, attempts.get(0).event().getString("subject"));

        JsonObject delivery = awaitDelivery(admin, subscription, "succeeded");
        assertEquals(3, delivery.getInt("attempts"), delivery.toString());
        assertEquals(200, delivery.getInt("last_status_code"));
        assertEquals(attempts.get(0).webhookId(), delivery.getString("event_id"));
        assertEquals("document.uploaded", delivery.getString("event_type"));
        assertFalse(delivery.isNull("delivered_at"));
        pause(Duration.ofSeconds(2));
        assertEquals(3, receiver.received(request -> request.path().equals("/flaky")).size(), "nothing after success");
    }

    @Test
    void aReceiverThatNeverAnswersDelaysNeitherTheApiNorOtherReceivers() {
        Api admin = api().as(accounts().adminToken());
        receiver.answer(request -> 200);
        receiver.delay("/stuck", Duration.ofSeconds(20));
        String stuck = subscribe(admin, "/stuck", List.of("document.uploaded"));
        subscribe(admin, "/prompt", List.of("document.uploaded"));

        java.time.Instant start = java.time.Instant.now();
        List<String> documents = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            documents.add(Uploads.uploaded(admin, "busy-" + i + ".pdf", GeneratedPdfs.invoice()));
            long took = timed(() -> assertEquals(200, admin.get("/api/users/me").status()));
            assertTrue(took < 1000, "the API answered in " + took + " ms while the receiver hangs");
        }
        receiver.await(request -> request.path().equals("/prompt") && documents.contains(request.event().getString("subject")),
                8, Duration.ofSeconds(10));
        assertTrue(Duration.between(start, java.time.Instant.now()).compareTo(Duration.ofSeconds(15)) < 0,
                "the other receiver got its events while the stuck one held its attempts");
        // The stuck receiver holds at most its share of the sender, each attempt cut at the 3 s timeout and retried.
        JsonObject pending = admin.get("/api/webhooks/" + stuck + "/deliveries?status=pending").json();
        assertEquals(8, pending.getInt("total"), pending.toString());
        receiver.await(request -> request.path().equals("/stuck"), 4, LIMIT);
        pause(Duration.ofSeconds(4));
        JsonObject attempted = admin.get("/api/webhooks/" + stuck + "/deliveries?limit=200").json();
        assertTrue(attempted.getJsonArray("items").stream().map(jakarta.json.JsonValue::asJsonObject)
                .anyMatch(delivery -> delivery.getString("last_error", "").startsWith("No answer within 3")), attempted.toString());
        admin.patch("/api/webhooks/" + stuck, Json.createObjectBuilder().add("active", false).build());
        receiver.delay("/stuck", Duration.ZERO);
    }

    /**
     * While the API is busy, deliveries start at the sender's pace (10 a second, 4 together): they
     * go on, more slowly, and catch up once the API is idle again. The events are held first (503
     * with Retry-After) so that all of them fall due together under the load. What is measured is
     * when the deliveries arrive, not how long the test's own steps take: a slow machine spreads
     * them further apart and slows none of the checks' bounds.
     */
    @Test
    void whileTheApiIsBusyDeliveriesGoOnAtTheirPaceAndCatchUpAfter() throws Exception {
        Api admin = api().as(accounts().adminToken());
        int events = 100;
        receiver.retryAfter("6");
        receiver.answer(request -> request.path().equals("/paced")
                && receiver.received(held -> held.path().equals("/paced")).size() <= events ? 503 : 200);
        try {
            String paced = subscribe(admin, "/paced", List.of("document.deleted"));
            // Queued from several clients, so that they fall due close together on a slow machine too.
            ExecutorService queueing = Executors.newFixedThreadPool(4);
            try {
                List<Future<Integer>> statuses = new ArrayList<>();
                for (int i = 0; i < events; i++) {
                    statuses.add(queueing.submit(() -> admin.post("/api/webhooks/" + paced + "/test",
                            Json.createObjectBuilder().build()).status()));
                }
                for (Future<Integer> status : statuses) {
                    assertEquals(202, status.get());
                }
            } finally {
                queueing.shutdown();
            }
            receiver.await(request -> request.path().equals("/paced"), events, LIMIT);
            long firstAttempts = System.nanoTime();
            AtomicBoolean loading = new AtomicBoolean(true);
            int clients = 8 * Runtime.getRuntime().availableProcessors();
            ExecutorService load = Executors.newFixedThreadPool(clients);
            long loadStarted = System.nanoTime();
            long loadEnded;
            try {
                for (int i = 0; i < clients; i++) {
                    load.execute(() -> {
                        while (loading.get()) {
                            admin.get("/api/users/me");
                        }
                    });
                }
                // The held events fall due 6 s after their first attempts; then four seconds under the load.
                pause(Duration.ofSeconds(10).minusNanos(System.nanoTime() - firstAttempts));
            } finally {
                loading.set(false);
                loadEnded = System.nanoTime();
                load.shutdown();
                load.awaitTermination(30, TimeUnit.SECONDS);
            }
            List<Long> retriedUnderLoad = retries("/paced", events).stream()
                    .filter(arrived -> arrived >= loadStarted && arrived <= loadEnded).toList();
            assertTrue(!retriedUnderLoad.isEmpty(), "deliveries went on while the API was busy");
            // 10 attempts a second, 4 of them started together, 4 more under way: at most 18 arrive within any one
            // second (sent at once, all of them would). A slow machine only spreads them further apart.
            int busiestSecond = mostWithin(retriedUnderLoad, Duration.ofSeconds(1));
            assertTrue(busiestSecond <= 18, busiestSecond + " of the held deliveries arrived within one second while the API was busy");
            int left = 2 * events - receiver.received(request -> request.path().equals("/paced")).size();
            long took = timed(() -> receiver.await(request -> request.path().equals("/paced"), 2 * events, LIMIT));
            // Once the API is idle they go out as fast as the receiver takes them: never slower than the busy pace.
            long bound = 5_000 + left * 1_000L / 10;
            assertTrue(took < bound, "the other " + left + " arrived " + took + " ms after the API was idle again (bound " + bound + " ms)");
        } finally {
            receiver.retryAfter(null);
            receiver.answer(request -> 200);
        }
    }

    /** When the requests to {@code path} after the first {@code skipped} arrived, in order. */
    private static List<Long> retries(String path, int skipped) {
        List<Long> times = receiver.received(request -> request.path().equals(path)).stream()
                .map(WebhookReceiver.Received::arrivedNanos).sorted().toList();
        return times.subList(Math.min(skipped, times.size()), times.size());
    }

    /** The most of the sorted {@code times} that lie within any one {@code window}. */
    private static int mostWithin(List<Long> times, Duration window) {
        int most = 0;
        int from = 0;
        for (int to = 0; to < times.size(); to++) {
            while (times.get(to) - times.get(from) >= window.toNanos()) {
                from++;
            }
            most = Math.max(most, to - from + 1);
        }
        return most;
    }

    @Test
    void a400FailsAtOnceAnd410TurnsTheSubscriptionOff() {
        Api admin = api().as(accounts().adminToken());
        receiver.answer(request -> switch (request.path()) {
            case "/refuses" -> 400;
            case "/gone" -> 410;
            default -> 200;
        });
        String refusing = subscribe(admin, "/refuses", List.of("document.uploaded"));
        String gone = subscribe(admin, "/gone", List.of("document.uploaded"));

        Uploads.uploaded(admin, "refused.pdf", GeneratedPdfs.invoice());
        JsonObject failed = awaitDelivery(admin, refusing, "failed");
        assertEquals(1, failed.getInt("attempts"), failed.toString());
        assertEquals(400, failed.getInt("last_status_code"));
        assertTrue(failed.isNull("next_attempt_at"));
        JsonObject goneDelivery = awaitDelivery(admin, gone, "failed");
        assertEquals(410, goneDelivery.getInt("last_status_code"));

        JsonObject off = admin.get("/api/webhooks/" + gone).json();
        assertFalse(off.getBoolean("active"), off.toString());
        assertTrue(off.getString("deactivated_reason").contains("410"), off.toString());
        assertTrue(admin.get("/api/webhooks/" + refusing).json().getBoolean("active"), "a 400 leaves the subscription on");

        int before = receiver.received(request -> request.path().equals("/gone")).size();
        Uploads.uploaded(admin, "after.pdf", GeneratedPdfs.invoice());
        receiver.await(request -> request.path().equals("/refuses"), 2, LIMIT);
        pause(Duration.ofSeconds(2));
        assertEquals(before, receiver.received(request -> request.path().equals("/gone")).size(), "nothing to a subscription turned off");
        assertEquals(1, admin.get("/api/webhooks/" + gone + "/deliveries").json().getInt("total"));

        // Turned on again by an admin, the failed delivery can be sent again.
        receiver.answer(request -> 200);
        assertEquals(200, admin.patch("/api/webhooks/" + gone, Json.createObjectBuilder().add("active", true).build()).status());
        ApiResponse retry = admin.post("/api/webhooks/" + gone + "/deliveries/" + goneDelivery.getString("id") + "/retry",
                Json.createObjectBuilder().build());
        assertEquals(202, retry.status(), retry.body());
        assertEquals("succeeded", awaitDelivery(admin, gone, "succeeded").getString("status"));
    }

    @Test
    void aReviewRefusedWith409SendsNoEvent() {
        Api admin = api().as(accounts().adminToken());
        receiver.answer(request -> 200);
        subscribe(admin, "/reviews", List.of("workflow.draft_saved", "workflow.committed", "workflow.rejected"));
        String document = Uploads.uploaded(admin, "stale.pdf", GeneratedPdfs.invoice());
        String workflow = extracted(admin, document);

        review(admin, workflow, Json.createObjectBuilder().add("action", "save_draft").add("version", 1));
        ApiResponse stale = admin.post("/api/extractions/workflow/" + workflow + "/review",
                Json.createObjectBuilder().add("action", "commit").add("version", 1).build());
        assertEquals(409, stale.status(), stale.body());
        ApiResponse unready = admin.post("/api/extractions/workflow/" + workflow + "/review",
                Json.createObjectBuilder().add("action", "save_draft").add("fields", Json.createObjectBuilder()
                        .add("x".repeat(101), "too long a name")).build());
        assertEquals(422, unready.status(), unready.body());

        receiver.await(request -> request.path().equals("/reviews"), 1, LIMIT);
        pause(Duration.ofSeconds(2));
        List<String> types = receiver.received(request -> request.path().equals("/reviews")).stream()
                .map(WebhookReceiver.Received::type).toList();
        assertEquals(List.of("org.docex.workflow.draft_saved"), types, "only the accepted review");
    }

    @Test
    void theAdminApiShowsTheSecretOnlyOnCreateAndRotateAndChecksItsInput() {
        Api admin = api().as(accounts().adminToken());
        Api reviewer = api().as(accounts().signedIn("reviewer").token());
        JsonObjectBuilder body = Json.createObjectBuilder().add("url", receiver.url("/admin")).add("events", Json.createArrayBuilder().add("*"));
        assertEquals(403, reviewer.post("/api/webhooks", body.build()).status());
        assertEquals(403, reviewer.get("/api/webhooks").status());

        ApiResponse created = admin.post("/api/webhooks", Json.createObjectBuilder().add("url", receiver.url("/admin"))
                .add("events", Json.createArrayBuilder().add("workflow.committed")).add("description", "ERP")
                .add("id", "00000000-0000-0000-0000-000000000001").add("active", false).add("secret", "whsec_mine").build());
        assertEquals(201, created.status(), created.body());
        JsonObject subscription = created.json();
        String id = subscription.getString("id");
        assertFalse(id.startsWith("00000000"), "the id is the server's");
        assertTrue(subscription.getBoolean("active"), "a new subscription is on");
        String secret = subscription.getString("secret");
        assertTrue(secret.matches("whsec_[A-Za-z0-9+/]{43}="), secret);
        assertTrue(created.header("Location").orElseThrow().endsWith("/api/webhooks/" + id));

        JsonObject fetched = admin.get("/api/webhooks/" + id).json();
        assertTrue(fetched.isNull("secret"), fetched.toString());
        assertEquals(List.of("workflow.committed"), fetched.getJsonArray("events").getValuesAs(jakarta.json.JsonString.class)
                .stream().map(jakarta.json.JsonString::getString).toList());
        assertTrue(admin.get("/api/webhooks?limit=200").json().getJsonArray("items").stream()
                .map(jakarta.json.JsonValue::asJsonObject).allMatch(item -> item.isNull("secret")));

        JsonObject rotated = admin.post("/api/webhooks/" + id + "/rotate-secret", Json.createObjectBuilder().build()).json();
        assertFalse(rotated.getString("secret").equals(secret));
        receiver.secret("/admin", rotated.getString("secret"));
        receiver.answer(request -> 200);
        ApiResponse test = admin.post("/api/webhooks/" + id + "/test", Json.createObjectBuilder().build());
        assertEquals(202, test.status(), test.body());
        WebhookReceiver.Received sent = receiver.await(request -> request.path().equals("/admin"), 1, LIMIT).get(0);
        assertEquals("org.docex.webhook.test", sent.type());
        assertTrue(sent.verified(), "signed with the new secret");

        JsonObject patched = admin.patch("/api/webhooks/" + id, Json.createObjectBuilder().add("description", "ERP (prod)")
                .add("events", Json.createArrayBuilder().add("document.uploaded").add("document.deleted")).build()).json();
        assertEquals("ERP (prod)", patched.getString("description"));
        assertEquals(2, patched.getJsonArray("events").size());

        for (JsonObject bad : List.of(
                Json.createObjectBuilder().add("events", Json.createArrayBuilder().add("*")).build(),
                Json.createObjectBuilder().add("url", receiver.url("/x")).build(),
                Json.createObjectBuilder().add("url", receiver.url("/x")).add("events", Json.createArrayBuilder()).build(),
                Json.createObjectBuilder().add("url", receiver.url("/x")).add("events", Json.createArrayBuilder().add("document.printed")).build(),
                Json.createObjectBuilder().add("url", receiver.url("/x")).add("events", Json.createArrayBuilder().add("*").add("document.uploaded")).build(),
                Json.createObjectBuilder().add("url", receiver.url("/x")).add("events", Json.createArrayBuilder().add("*"))
                        .add("description", "d".repeat(501)).build(),
                Json.createObjectBuilder().add("url", "not a url").add("events", Json.createArrayBuilder().add("*")).build())) {
            ApiResponse refused = admin.post("/api/webhooks", bad);
            assertEquals(422, refused.status(), bad + " -> " + refused.body());
            assertFalse(refused.detail().isBlank());
        }
        assertEquals(422, admin.get("/api/webhooks/" + id + "/deliveries?status=lost").status());
        assertEquals(404, admin.get("/api/webhooks/" + java.util.UUID.randomUUID()).status());
        assertEquals(404, admin.get("/api/webhooks/not-an-id/deliveries").status());
        assertEquals(404, admin.post("/api/webhooks/" + id + "/deliveries/" + java.util.UUID.randomUUID() + "/retry",
                Json.createObjectBuilder().build()).status());

        assertEquals(204, admin.delete("/api/webhooks/" + id).status());
        assertEquals(404, admin.get("/api/webhooks/" + id).status());
        assertEquals(404, admin.get("/api/webhooks/" + id + "/deliveries").status());
    }

    @Test
    void metricsCountDeliveriesByResultAndShowThePendingOnes() {
        Api admin = api().as(accounts().adminToken());
        receiver.answer(request -> 200);
        subscribe(admin, "/metrics", List.of("document.uploaded"));
        Uploads.uploaded(admin, "counted.pdf", GeneratedPdfs.invoice());
        receiver.await(request -> request.path().equals("/metrics"), 1, LIMIT);
        pause(Duration.ofSeconds(2));
        String metrics = api().get("/metrics").body();
        assertTrue(metrics.lines().anyMatch(line -> line.startsWith("docex_webhook_deliveries_total{")
                && line.contains("result=\"succeeded\"") && !line.endsWith(" 0.0")), metrics);
        assertTrue(metrics.lines().anyMatch(line -> line.startsWith("docex_webhook_deliveries_pending")), metrics);
    }

    private String subscribe(Api admin, String path, List<String> events) {
        ApiResponse created = admin.post("/api/webhooks", Json.createObjectBuilder().add("url", receiver.url(path))
                .add("events", Json.createArrayBuilder(events)).build());
        assertEquals(201, created.status(), created.body());
        receiver.secret(path, created.json().getString("secret"));
        SUBSCRIPTIONS.add(created.json().getString("id"));
        CREATED_BY = admin;
        return created.json().getString("id");
    }

    private static JsonObject event(String path, String type, String subject) {
        return receiver.await(request -> request.path().equals(path) && request.type().equals("org.docex." + type)
                && request.event().getString("subject").equals(subject), 1, LIMIT).get(0).event();
    }

    private static void assertWorkflowData(JsonObject event, String workflow, String document, String status, int version,
                                           String by) {
        JsonObject data = event.getJsonObject("data");
        assertEquals(workflow, data.getString("workflow_id"), event.toString());
        assertEquals(document, data.getString("document_id"));
        assertEquals(status, data.getString("status"));
        assertEquals("invoice", data.getString("template"));
        assertEquals(version, data.getInt("version"));
        assertEquals(by, data.getString("by"));
    }

    private static String extracted(Api api, String document) {
        ApiResponse started = WorkflowPolling.start(api, WorkflowPolling.request(document).add("template", "invoice"));
        assertEquals(202, started.status(), started.body());
        String id = started.json().getString("id");
        assertEquals("extracted", WorkflowPolling.awaitEnd(api, id, LIMIT).getString("status"));
        return id;
    }

    private static void review(Api api, String workflow, JsonObjectBuilder body) {
        ApiResponse answer = api.post("/api/extractions/workflow/" + workflow + "/review", body.build());
        assertEquals(200, answer.status(), answer.body());
    }

    private static JsonObject awaitDelivery(Api admin, String subscription, String status) {
        java.time.Instant deadline = java.time.Instant.now().plus(LIMIT);
        while (true) {
            JsonObject page = admin.get("/api/webhooks/" + subscription + "/deliveries?status=" + status).json();
            if (!page.getJsonArray("items").isEmpty()) {
                return page.getJsonArray("items").getJsonObject(0);
            }
            assertTrue(java.time.Instant.now().isBefore(deadline), "no " + status + " delivery: "
                    + admin.get("/api/webhooks/" + subscription + "/deliveries").body());
            pause(Duration.ofMillis(200));
        }
    }

    private static long timed(Runnable call) {
        long started = System.nanoTime();
        call.run();
        return (System.nanoTime() - started) / 1_000_000;
    }

    private static void pause(Duration time) {
        WorkflowPolling.pause(time);
    }
}
