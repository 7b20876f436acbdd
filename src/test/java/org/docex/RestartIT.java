package org.docex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.regex.Pattern;
import java.util.Map;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Accounts;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.DocexDeployment;
import org.docex.testing.OwnDatabase;
import org.docex.testing.Pdfs;
import org.docex.testing.Uploads;
import org.docex.testing.ServerProcess;
import org.junit.jupiter.api.Test;

/**
 * docex stopped and started again on the same data, as an operator would: users, sessions, the
 * generated signing key (wrapped once a key-encryption key is set) and documents with their files
 * survive, files orphaned by a crash are cleaned, and the log never shows a password, hash or key,
 * nor warnings about a client's file.
 */
class RestartIT {

    @Test
    void dataAndTokensSurviveARestartAndNoSecretIsLogged() throws Exception {
        Path data = DocexDeployment.dataDir("restart-" + System.nanoTime());
        Files.createDirectories(data);
        Path log = data.resolve("server.log");
        // A database of its own: the second start wraps the signing key it holds, which servers
        // started without the key-encryption key could no longer open.
        try (OwnDatabase database = OwnDatabase.create(data)) {
            restartOn(database, data, log);
        }
    }

    private static void restartOn(OwnDatabase database, Path data, Path log) throws Exception {
        Map<String, String> environment = database.environment(Map.of("DOCEX_ADMIN_EMAIL", Accounts.ADMIN_EMAIL,
                "DOCEX_ADMIN_PASSWORD", Accounts.ADMIN_PASSWORD));

        Account analyst;
        String token;
        String documentId;
        String invoiceWorkflow;
        byte[] pdf = Pdfs.text("Kept across restarts", "Invoice No.: R-1");
        try (ServerProcess server = ServerProcess.start(data, environment, log)) {
            Accounts accounts = new Accounts(server.api());
            analyst = accounts.signedIn("analyst");
            token = analyst.token();
            documentId = Uploads.upload(server.api().as(token), "kept.pdf", pdf).json().getString("id");
            invoiceWorkflow = extractedInvoice(server.api().as(token));
            server.stop(false);
        }
        String plainKey = storedSigningKey(database);
        forgetTheQueueSummaryAsAnEarlierVersionWould(database);
        Path orphan = leaveAnOrphanAsACrashWould(data);
        Map<String, String> withKeyEncryptionKey = new java.util.HashMap<>(environment);
        withKeyEncryptionKey.put("DOCEX_KEY_ENCRYPTION_KEY", "a-key-encryption-key-of-at-least-32-bytes");
        try (ServerProcess server = ServerProcess.start(data, withKeyEncryptionKey, log)) {
            Api api = server.api();
            assertEquals(200, api.as(token).get("/api/users/me").status(), "token signed before the restart");
            assertEquals(analyst.email(), api.as(token).get("/api/users/me").json().getString("email"));
            new Accounts(api).login(analyst.email(), analyst.password());
            assertEquals("kept.pdf", api.as(token).get("/api/documents/" + documentId).json().getString("filename"));
            assertArrayEquals(pdf, api.as(token).get("/api/documents/" + documentId + "/content").bytes());
            assertFalse(Files.exists(orphan), "a stored file without its row is removed at start");
            assertSummarisedAfterStart(api.as(token), invoiceWorkflow);
            // Its embedded font has no PostScript name: FontBox warns while the text is extracted.
            Api analystApi = api.as(token);
            String form = Uploads.uploaded(analystApi, "acroform.pdf", Uploads.resource("acroform.pdf"));
            assertEquals("extracted", WorkflowPolling.awaitEnd(analystApi, WorkflowPolling.started(analystApi, form),
                    Duration.ofSeconds(60)).getString("status"));
        }

        String written = Files.readString(log);
        assertTrue(written.contains("Database schema at version"), "the log is the server's");
        // A record names its source class; the start-up's own line about the log levels names only the package.
        assertFalse(Pattern.compile("org\\.apache\\.(fontbox|pdfbox)\\.\\w").matcher(written).find(),
                "a client file's font problems are not the server's log");
        // Started as the README starts it, Payara leaves out its data grid (with --nocluster it
        // still starts one, binding it to JNDI: seconds of every start for nothing docex uses).
        assertFalse(written.contains("Hazelcast Instance Bound"), "no Hazelcast data grid is started");
        assertFalse(written.contains(Accounts.ADMIN_PASSWORD), "admin password in the log");
        assertFalse(written.contains(Accounts.PASSWORD), "user password in the log");
        assertFalse(written.contains("pbkdf2"), "password hash in the log");
        assertFalse(written.contains(token.split("\\.")[2]), "token signature in the log");
        assertFalse(written.contains(plainKey), "signing key in the log");
        assertTrue(written.contains("DOCEX_KEY_ENCRYPTION_KEY is not set"), "a start without it warns");
        assertFalse(storedSigningKey(database).contains(plainKey),
                "once DOCEX_KEY_ENCRYPTION_KEY is set the database holds the signing key only wrapped");
    }

    private static String extractedInvoice(Api api) {
        String document = Uploads.uploaded(api, "queued.pdf", Pdfs.text("Invoice", "Restartwerk Sattler GmbH", "Invoice",
                "Invoice No.: RW-7781", "Invoice Date: 2026-05-04", "Total: 77.81 EUR"));
        String id = WorkflowPolling.start(api, WorkflowPolling.request(document).add("template", "invoice")).json().getString("id");
        assertEquals("extracted", WorkflowPolling.awaitEnd(api, id, Duration.ofSeconds(60)).getString("status"));
        return id;
    }

    /** The work queue's summary and search words of every workflow gone, as in a database of a version before them. */
    private static void forgetTheQueueSummaryAsAnEarlierVersionWould(OwnDatabase database) throws java.sql.SQLException {
        try (Connection connection = database.connectToChange(); var statement = connection.createStatement()) {
            statement.executeUpdate("DELETE FROM workflow_term");
            statement.executeUpdate("DELETE FROM workflow_vendor_word");
            statement.executeUpdate("UPDATE extraction_workflow SET summary_vendor = NULL, summary_vendor_folded = NULL,"
                    + " summary_invoice_number = NULL, summary_invoice_date = NULL, summary_due_date = NULL, summary_total = NULL,"
                    + " summary_currency = NULL, min_confidence = NULL, failed_checks = NULL, queue_indexed_at = NULL");
        }
    }

    /** Summarised in the background after the start: the queue shows the invoice's values and finds its words. */
    private static void assertSummarisedAfterStart(Api api, String workflow) {
        java.time.Instant until = java.time.Instant.now().plusSeconds(60);
        jakarta.json.JsonObject found;
        do {
            WorkflowPolling.pause(Duration.ofMillis(250));
            found = api.get("/api/extractions/workflows?q=rw-7781").json();
        } while (found.getInt("total") == 0 && java.time.Instant.now().isBefore(until));
        assertEquals(1, found.getInt("total"), found.toString());
        jakarta.json.JsonObject summary = found.getJsonArray("items").getJsonObject(0).getJsonObject("summary");
        assertEquals(workflow, found.getJsonArray("items").getJsonObject(0).getString("id"));
        assertEquals("RW-7781", summary.getString("invoice_number"), summary.toString());
        assertEquals("77.81", summary.getString("total_amount"));
        assertEquals(1, api.get("/api/extractions/workflows?q=rw-7781&vendor=sattler").json().getInt("total"), "found by its vendor's words");
    }

    /** A stored file whose row was never committed, old enough not to be another node's upload in flight. */
    private static Path leaveAnOrphanAsACrashWould(Path data) throws Exception {
        Path orphan = data.resolve("documents").resolve(java.util.UUID.randomUUID() + ".pdf");
        Files.write(orphan, Pdfs.text("orphan", "x"));
        Files.setLastModifiedTime(orphan, java.nio.file.attribute.FileTime.from(java.time.Instant.now().minusSeconds(3600)));
        return orphan;
    }

    /** The generated key's row, read once the server has stopped. */
    private static String storedSigningKey(OwnDatabase database) throws java.sql.SQLException {
        try (Connection connection = database.connect();
             ResultSet row = connection.createStatement()
                     .executeQuery("SELECT setting_value FROM app_setting WHERE name = 'jwt_secret'")) {
            assertTrue(row.next(), "the generated key is kept in the database");
            return row.getString(1);
        }
    }
}
