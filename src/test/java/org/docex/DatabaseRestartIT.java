package org.docex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.docex.extraction.GeneratedPdfs;
import org.docex.extraction.WorkflowPolling;
import org.docex.persistence.DatabaseOutage;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.DocexDeployment;
import org.docex.testing.EmbeddedDatabase;
import org.docex.testing.PrivatePostgres;
import org.docex.testing.ServerProcess;
import org.docex.testing.Uploads;
import org.docex.webhooks.WebhookReceiver;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL stopped for 20 s under a running docex and started again, as a restart, a fail-over or
 * a network blip does: while it is away every request that needs it answers 503 with
 * {@code Retry-After} and {@code {"detail"}}, and {@code /health/ready} says DOWN; within seconds of
 * its return, without restarting docex, authenticated requests succeed and the extraction and the
 * webhook delivery under way when it went away each end once.
 */
class DatabaseRestartIT {

    private static final Duration OUTAGE = Duration.ofSeconds(20);
    private static final Duration RECOVERY = Duration.ofSeconds(15);
    /** The run must still be going when the database stops, on fast machines too (as in WorkflowRestartIT). */
    private static final int PAGES = GeneratedPdfs.LONG_REPORT_PAGES;
    /** The receiver answers this late, so that the attempt ends while the database is away. */
    private static final Duration RECEIVER_DELAY = Duration.ofSeconds(4);

    @Test
    void docexRidesOutADatabaseRestart() throws Exception {
        assumeTrue(EmbeddedDatabase.inUse(), "Runs in the pass on the embedded database only: it brings its own "
                + "PostgreSQL cluster, so the pass on a shared PostgreSQL would only repeat it");
        Optional<Path> postgres = PrivatePostgres.binaries();
        assumeTrue(postgres.isPresent(), "PostgreSQL's initdb and pg_ctl are not installed (Debian: apt-get install "
                + "postgresql): the database restart is not tested");
        Path data = DocexDeployment.dataDir("database-restart-" + System.nanoTime());
        Files.createDirectories(data);
        try (PrivatePostgres database = PrivatePostgres.start(postgres.get());
             WebhookReceiver receiver = new WebhookReceiver();
             ServerProcess server = ServerProcess.start(data, environment(database), data.resolve("server.log"))) {
            Api api = server.api().as(new Accounts(server.api()).adminToken());
            String subscription = subscribed(api, receiver);
            String document = Uploads.uploaded(api, "long.pdf", GeneratedPdfs.report(PAGES));
            String workflow = WorkflowPolling.started(api, document);
            JsonObject running = WorkflowPolling.awaitProgress(api, workflow);
            assertEquals("running", running.getString("status"), "ended before the outage: " + running.getJsonObject("progress"));
            assertEquals(202, api.post("/api/webhooks/" + subscription + "/test", Json.createObjectBuilder().build()).status());
            receiver.await(request -> request.type().equals("org.docex.webhook.test"), 1, Duration.ofSeconds(30));

            database.stop();
            Instant stopped = Instant.now();
            while (Duration.between(stopped, Instant.now()).compareTo(OUTAGE) < 0) {
                assertUnavailable(api.get("/api/users/me"));
                assertUnavailable(api.get("/api/documents/list"));
                assertUnavailable(api.get("/api/documents/" + document));
                assertUnavailable(WorkflowPolling.start(api, WorkflowPolling.request(document)));
                assertUnavailable(server.api().postForm("/api/users/login",
                        Map.of("username", Accounts.ADMIN_EMAIL, "password", Accounts.ADMIN_PASSWORD)));
                assertReadiness(server.api(), 503, "DOWN");
                assertEquals(401, server.api().get("/api/users/me").status(), "no token: refused without the database");
                WorkflowPolling.pause(Duration.ofSeconds(2));
            }

            database.start();
            Instant back = Instant.now();
            awaitOk(api, "/api/users/me", RECOVERY);
            System.out.printf("authenticated requests answered again %.1f s after the database was back%n",
                    Duration.between(back, Instant.now()).toMillis() / 1000.0);
            assertEquals(200, api.get("/api/documents/" + document).status());
            assertReadiness(server.api(), 200, "UP");

            JsonObject test = awaitDelivery(api, subscription, "webhook.test", Duration.ofSeconds(10));
            assertEquals(1, test.getInt("attempts"), "accepted by the receiver during the outage, recorded afterwards: " + test);
            assertEquals(1, receiver.received(request -> request.type().equals("org.docex.webhook.test")).size());

            JsonObject done = WorkflowPolling.awaitEnd(api, workflow, Duration.ofSeconds(180));
            assertEquals("extracted", done.getString("status"), done.toString());
            assertEquals(PAGES, done.getJsonObject("result").getJsonArray("pages").size());
            assertEquals(1, api.get("/api/extractions/workflows?document_id=" + document).json().getInt("total"),
                    "the start refused during the outage left no workflow behind");
            receiver.await(request -> request.type().equals("org.docex.workflow.extracted"), 1, Duration.ofSeconds(30));
            assertStoredOnce(database, workflow);
            assertEquals(1, receiver.received(request -> request.type().equals("org.docex.workflow.extracted")).size());
        }
    }

    private static Map<String, String> environment(PrivatePostgres database) {
        return Map.of("DB_CLASS", "org.postgresql.ds.PGSimpleDataSource", "DB_URL", database.url(),
                "DB_USER", PrivatePostgres.USER, "DB_PASSWORD", "unused-with-trust-auth",
                "DOCEX_ADMIN_EMAIL", Accounts.ADMIN_EMAIL, "DOCEX_ADMIN_PASSWORD", Accounts.ADMIN_PASSWORD,
                "DOCEX_EXTRACTION_THREADS", "1", "DOCEX_WEBHOOK_ALLOW_PRIVATE", "true");
    }

    private static String subscribed(Api api, WebhookReceiver receiver) {
        receiver.delay("/hooks", RECEIVER_DELAY);
        ApiResponse created = api.post("/api/webhooks", Json.createObjectBuilder().add("url", receiver.url("/hooks"))
                .add("events", Json.createArrayBuilder().add("workflow.extracted")).build());
        assertEquals(201, created.status(), created.body());
        return created.json().getString("id");
    }

    /** What a client sees while the database is away: the contract's answer for trying again, nothing internal. */
    private static void assertUnavailable(ApiResponse answer) {
        assertEquals(503, answer.status(), answer.toString());
        assertEquals(Optional.of(Integer.toString(DatabaseOutage.RETRY_AFTER_SECONDS)), answer.header("Retry-After"));
        assertTrue(answer.header("Content-Type").orElse("").startsWith("application/json"), answer.toString());
        String detail = answer.detail();
        assertEquals("The database is unavailable at the moment; try again shortly", detail);
    }

    private static void assertReadiness(Api api, int status, String state) {
        ApiResponse ready = api.get("/health/ready");
        assertEquals(status, ready.status(), ready.toString());
        assertEquals(state, ready.json().getString("status"), ready.toString());
    }

    private static void awaitOk(Api api, String path, Duration limit) {
        Instant deadline = Instant.now().plus(limit);
        ApiResponse answer = api.get(path);
        while (answer.status() != 200) {
            assertTrue(Instant.now().isBefore(deadline), path + " still answers " + answer + " " + limit + " after the database came back");
            WorkflowPolling.pause(Duration.ofMillis(250));
            answer = api.get(path);
        }
    }

    /** The subscription's delivery of {@code type} once it succeeded; fails when it has not within {@code limit}. */
    private static JsonObject awaitDelivery(Api api, String subscription, String type, Duration limit) {
        Instant deadline = Instant.now().plus(limit);
        while (true) {
            JsonObject delivery = api.get("/api/webhooks/" + subscription + "/deliveries").json().getJsonArray("items")
                    .getValuesAs(JsonObject.class).stream()
                    .filter(item -> item.getString("event_type").equals(type))
                    .findFirst().orElseThrow();
            if (delivery.getString("status").equals("succeeded")) {
                return delivery;
            }
            assertTrue(Instant.now().isBefore(deadline), "not recorded as delivered " + limit + " after the outage: " + delivery);
            WorkflowPolling.pause(Duration.ofMillis(250));
        }
    }

    /** One result row and nothing still claimed, read from the database itself. */
    private static void assertStoredOnce(PrivatePostgres database, String workflow) throws Exception {
        try (Connection connection = database.connect();
             PreparedStatement query = connection.prepareStatement("SELECT w.attempts, w.claimed_by, "
                     + "(SELECT COUNT(*) FROM extraction_result r WHERE r.workflow_id = w.id) "
                     + "FROM extraction_workflow w WHERE w.id = ?")) {
            query.setObject(1, UUID.fromString(workflow));
            try (ResultSet row = query.executeQuery()) {
                assertTrue(row.next());
                System.out.printf("the workflow under way during the outage was extracted in %d attempt(s)%n", row.getInt(1));
                assertTrue(row.getInt(1) <= 2, "attempts: " + row.getInt(1));
                assertEquals(null, row.getString(2), "claimed_by");
                assertEquals(1, row.getInt(3), "result rows");
            }
        }
    }
}
