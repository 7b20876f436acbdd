package org.docex.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.docex.extraction.GeneratedPdfs;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.DocexDeployment;
import org.docex.testing.EmbeddedDatabase;
import org.docex.testing.ServerProcess;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;

/**
 * The server killed (-9) while deliveries wait and while some are in flight: after the restart every
 * event reaches the receiver, at least once, none missing. On PostgreSQL: embedded H2 writes a commit
 * to its file up to a second late, so a kill can take the last commits (and their events) with it.
 */
class WebhookRestartIT {

    private static final int DOCUMENTS = 30;

    @Test
    void deliveriesPendingWhenTheServerIsKilledAreAllDeliveredAfterTheRestart() throws Exception {
        assumeFalse(EmbeddedDatabase.inUse(), "Runs on PostgreSQL (DB_URL): a kill -9 of embedded H2 can lose its last commits");
        Path data = DocexDeployment.dataDir("webhook-restart-" + System.nanoTime());
        Files.createDirectories(data);
        Path log = data.resolve("server.log");
        Map<String, String> environment = Map.of("DOCEX_ADMIN_EMAIL", Accounts.ADMIN_EMAIL,
                "DOCEX_ADMIN_PASSWORD", Accounts.ADMIN_PASSWORD, "DOCEX_WEBHOOK_ALLOW_PRIVATE", "true",
                "DOCEX_WEBHOOK_RETRY_SECONDS", "1", "DOCEX_WEBHOOK_TIMEOUT_SECONDS", "5");

        try (WebhookReceiver receiver = new WebhookReceiver()) {
            // Until the crash the receiver is slow and failing: deliveries pile up, some in flight at the kill.
            receiver.answer(request -> 503);
            receiver.delay(Duration.ofMillis(1500));
            String token;
            String subscription;
            List<String> documents = new ArrayList<>();
            try (ServerProcess server = ServerProcess.start(data, environment, log)) {
                token = new Accounts(server.api()).adminToken();
                Api api = server.api().as(token);
                ApiResponse created = api.post("/api/webhooks", Json.createObjectBuilder().add("url", receiver.url("/crash"))
                        .add("events", Json.createArrayBuilder().add("document.uploaded")).build());
                assertEquals(201, created.status(), created.body());
                subscription = created.json().getString("id");
                receiver.secret("/crash", created.json().getString("secret"));
                for (int i = 0; i < DOCUMENTS; i++) {
                    documents.add(Uploads.uploaded(api, "invoice-" + i + ".pdf", GeneratedPdfs.invoice()));
                }
                receiver.await(request -> true, 8, Duration.ofSeconds(60));
                server.stop(true);
            }
            receiver.answer(request -> 200);
            receiver.delay(Duration.ZERO);
            int beforeRestart = receiver.received().size();

            try (ServerProcess server = ServerProcess.start(data, environment, log)) {
                Api api = server.api().as(token);
                JsonObject succeeded = awaitAllSucceeded(api, subscription);
                assertEquals(DOCUMENTS, succeeded.getInt("total"), succeeded.toString());
                server.stop(false);
            }
            assertTrue(Files.readString(log).contains("Webhook deliveries this node held when it stopped are due again"),
                    "some deliveries were in flight at the kill and were taken over");
            // Every answer before the crash was 503: what succeeded was sent after the restart.
            List<WebhookReceiver.Received> afterRestart = receiver.received().subList(beforeRestart, receiver.received().size());
            assertEquals(Set.copyOf(documents), afterRestart.stream().map(request -> request.event().getString("subject"))
                    .collect(Collectors.toSet()), "each upload's event sent after the restart");

            List<WebhookReceiver.Received> all = receiver.received();
            assertTrue(all.stream().allMatch(WebhookReceiver.Received::verified), "every request signed");
            Map<String, Set<String>> subjectsById = new HashMap<>();
            all.forEach(request -> subjectsById.computeIfAbsent(request.webhookId(), id -> new java.util.HashSet<>())
                    .add(request.event().getString("subject")));
            assertEquals(DOCUMENTS, subjectsById.size(), "one event id per upload");
            assertTrue(subjectsById.values().stream().allMatch(subjects -> subjects.size() == 1), "an event id keeps its event");
            assertEquals(Set.copyOf(documents), subjectsById.values().stream().flatMap(Set::stream).collect(Collectors.toSet()),
                    "every upload's event arrived, none missing");
        }
    }

    private static JsonObject awaitAllSucceeded(Api api, String subscription) {
        java.time.Instant deadline = java.time.Instant.now().plusSeconds(120);
        while (true) {
            JsonObject succeeded = api.get("/api/webhooks/" + subscription + "/deliveries?status=succeeded&limit=1").json();
            if (succeeded.getInt("total") >= DOCUMENTS || java.time.Instant.now().isAfter(deadline)) {
                return succeeded;
            }
            WorkflowPolling.pause(Duration.ofMillis(300));
        }
    }
}
