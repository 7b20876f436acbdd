package org.docex.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.DocexDeployment;
import org.docex.testing.EmbeddedDatabase;
import org.docex.testing.ServerProcess;
import org.docex.webhooks.control.WebhookSettings;
import org.junit.jupiter.api.Test;

/**
 * Two nodes on one database (PostgreSQL; skipped on embedded H2, which one process owns) send the
 * same subscriptions' deliveries: both take a share, in batches that can meet the other node's, and
 * no delivery is sent by both. The receiver answers every request 200, so each event arrives once.
 * Then one node is killed (-9) while it sends: the other takes the deliveries it held once their
 * lease ran out, not before.
 */
class WebhookNodesIT {

    private static final int EVENTS_PER_SUBSCRIPTION = 30;
    private static final List<String> PATHS = List.of("/first", "/second");
    private static final int TAKEOVER_EVENTS = 8;
    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    private static final Duration LEASE = WebhookSettings.leaseFor(TIMEOUT);

    @Test
    void twoNodesShareTheDeliveriesNoneIsSentTwiceAndTheSurvivorTakesOverAKilledNodes() throws Exception {
        assumeFalse(EmbeddedDatabase.inUse(), "needs a database two servers can share (DB_URL)");
        Path data = DocexDeployment.dataDir("webhook-nodes-" + System.nanoTime());
        Files.createDirectories(data);
        try (WebhookReceiver receiver = new WebhookReceiver();
             ServerProcess a = node(data, "node-a"); ServerProcess b = node(data, "node-b")) {
            // Slow enough that each node has its share of a subscription in flight and the other claims beside it.
            receiver.delay(Duration.ofMillis(300));
            String token = new Accounts(a.api()).adminToken();
            List<Api> nodes = List.of(a.api().as(token), b.api().as(token));
            Map<String, String> subscriptions = PATHS.stream().collect(Collectors.toMap(Function.identity(),
                    path -> subscribe(nodes.get(0), receiver, path)));

            for (int i = 0; i < EVENTS_PER_SUBSCRIPTION; i++) {
                for (String path : PATHS) {
                    ApiResponse test = nodes.get(i % 2).post("/api/webhooks/" + subscriptions.get(path) + "/test",
                            Json.createObjectBuilder().build());
                    assertEquals(202, test.status(), test.body());
                }
            }

            for (String path : PATHS) {
                JsonObject succeeded = awaitSucceeded(nodes.get(1), subscriptions.get(path), EVENTS_PER_SUBSCRIPTION, Duration.ofSeconds(60));
                assertEquals(EVENTS_PER_SUBSCRIPTION, succeeded.getInt("total"), succeeded.toString());
                assertTrue(succeeded.getJsonArray("items").getValuesAs(JsonObject.class).stream()
                        .allMatch(delivery -> delivery.getInt("attempts") == 1), "each sent at the first attempt: " + succeeded);
            }
            List<WebhookReceiver.Received> received = receiver.received();
            assertTrue(received.stream().allMatch(WebhookReceiver.Received::verified), "every request signed");
            Map<String, Long> timesById = received.stream()
                    .collect(Collectors.groupingBy(WebhookReceiver.Received::webhookId, Collectors.counting()));
            assertEquals(2 * EVENTS_PER_SUBSCRIPTION, timesById.size(), "every event arrived");
            assertTrue(timesById.values().stream().allMatch(times -> times == 1), "no event sent twice: " + timesById);

            awaitCounted(() -> succeededOn(a) + succeededOn(b), 2.0 * EVENTS_PER_SUBSCRIPTION);
            double byA = succeededOn(a);
            double byB = succeededOn(b);
            assertEquals(2.0 * EVENTS_PER_SUBSCRIPTION, byA + byB, "deliveries counted by the two nodes");
            assertTrue(byA > 0 && byB > 0, "both nodes sent some: " + byA + " and " + byB);

            for (String subscription : subscriptions.values()) {
                assertEquals(204, nodes.get(0).delete("/api/webhooks/" + subscription).status());
            }

            // The receiver now keeps each request longer than the attempt's timeout: attempts are in flight until cut off.
            String takeover = subscribe(nodes.get(0), receiver, "/takeover");
            receiver.delay("/takeover", Duration.ofSeconds(10));
            for (int i = 0; i < TAKEOVER_EVENTS; i++) {
                assertEquals(202, nodes.get(i % 2).post("/api/webhooks/" + takeover + "/test", Json.createObjectBuilder().build()).status());
            }
            awaitFreshLease("node-a");
            a.stop(true);
            Map<UUID, Held> held = heldBy("node-a");
            assertFalse(held.isEmpty(), "node-a held deliveries when it was killed");
            receiver.delay("/takeover", Duration.ZERO);

            JsonObject succeeded = awaitSucceeded(nodes.get(1), takeover, TAKEOVER_EVENTS, Duration.ofSeconds(150));
            assertEquals(TAKEOVER_EVENTS, succeeded.getInt("total"), succeeded.toString());
            for (Map.Entry<UUID, Held> each : held.entrySet()) {
                Held after = delivery(each.getKey());
                assertEquals("succeeded", after.status(), "taken over: " + each.getKey());
                assertFalse(after.deliveredAt().isBefore(each.getValue().leaseUntil()),
                        "sent again only once the killed node's lease ran out: " + each.getValue() + " -> " + after);
                assertEquals(each.getValue().attempts() + 1, after.attempts(), "the killed node's attempt and the survivor's");
            }
            awaitCounted(() -> succeededOn(b), byB + TAKEOVER_EVENTS);
            assertEquals(byB + TAKEOVER_EVENTS, succeededOn(b), "the survivor sent them all");
        }
    }

    /** Waits up to 5 s for a metrics count to reach {@code expected}: a node counts a delivery just after the commit the API shows. */
    private static void awaitCounted(DoubleSupplier count, double expected) {
        Instant deadline = Instant.now().plusSeconds(5);
        while (count.getAsDouble() < expected && Instant.now().isBefore(deadline)) {
            WorkflowPolling.pause(Duration.ofMillis(100));
        }
    }

    /** A delivery's state as stored. */
    private record Held(String status, int attempts, Instant leaseUntil, Instant deliveredAt) {
    }

    /** Waits until the node has claimed a delivery within the last second, so that its attempt is surely still in flight. */
    private static void awaitFreshLease(String node) throws Exception {
        Instant deadline = Instant.now().plusSeconds(60);
        while (Instant.now().isBefore(deadline)) {
            Instant claimedRecently = Instant.now().plus(LEASE).minusSeconds(1);
            if (heldBy(node).values().stream().anyMatch(delivery -> delivery.leaseUntil().isAfter(claimedRecently))) {
                return;
            }
            WorkflowPolling.pause(Duration.ofMillis(20));
        }
        throw new AssertionError(node + " never claimed a delivery");
    }

    private static Map<UUID, Held> heldBy(String node) throws Exception {
        return deliveries("lease_owner = ? AND status = 'pending'", node);
    }

    private static Held delivery(UUID id) throws Exception {
        return deliveries("id = ?", id).get(id);
    }

    private static Map<UUID, Held> deliveries(String condition, Object value) throws Exception {
        try (Connection connection = EmbeddedDatabase.external();
             PreparedStatement query = connection.prepareStatement("SELECT id, status, attempts, lease_until, delivered_at"
                     + " FROM webhook_delivery WHERE " + condition)) {
            query.setObject(1, value);
            Map<UUID, Held> found = new HashMap<>();
            try (ResultSet row = query.executeQuery()) {
                while (row.next()) {
                    found.put(row.getObject(1, UUID.class), new Held(row.getString(2), row.getInt(3),
                            instant(row.getObject(4, OffsetDateTime.class)), instant(row.getObject(5, OffsetDateTime.class))));
                }
            }
            return found;
        }
    }

    private static Instant instant(OffsetDateTime time) {
        return time == null ? null : time.toInstant();
    }

    private static ServerProcess node(Path data, String name) throws Exception {
        return ServerProcess.start(data, Map.of("DOCEX_ADMIN_EMAIL", Accounts.ADMIN_EMAIL,
                "DOCEX_ADMIN_PASSWORD", Accounts.ADMIN_PASSWORD, "DOCEX_NODE_ID", name,
                "DOCEX_WEBHOOK_ALLOW_PRIVATE", "true", "DOCEX_WEBHOOK_TIMEOUT_SECONDS", Long.toString(TIMEOUT.toSeconds()),
                "DOCEX_WEBHOOK_RETRY_SECONDS", "1"), data.resolve(name + ".log"));
    }

    private static String subscribe(Api admin, WebhookReceiver receiver, String path) {
        ApiResponse created = admin.post("/api/webhooks", Json.createObjectBuilder().add("url", receiver.url(path))
                .add("events", Json.createArrayBuilder().add("document.deleted")).build());
        assertEquals(201, created.status(), created.body());
        receiver.secret(path, created.json().getString("secret"));
        return created.json().getString("id");
    }

    private static JsonObject awaitSucceeded(Api api, String subscription, int count, Duration limit) {
        Instant deadline = Instant.now().plus(limit);
        while (true) {
            JsonObject succeeded = api.get("/api/webhooks/" + subscription + "/deliveries?status=succeeded&limit=100").json();
            if (succeeded.getInt("total") >= count || Instant.now().isAfter(deadline)) {
                return succeeded;
            }
            WorkflowPolling.pause(Duration.ofMillis(200));
        }
    }

    /** The node's own count of deliveries that succeeded, from its metrics. */
    private static double succeededOn(ServerProcess node) {
        return node.api().get("/metrics").body().lines()
                .filter(line -> line.startsWith("docex_webhook_deliveries_total{") && line.contains("result=\"succeeded\""))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
    }
}
