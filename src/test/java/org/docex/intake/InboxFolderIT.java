package org.docex.intake;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.DocexDeployment;
import org.docex.testing.EmbeddedDatabase;
import org.docex.testing.Pdfs;
import org.docex.testing.ServerProcess;
import org.junit.jupiter.api.Test;

/**
 * The watched folder, as an operator sets it up: files dropped there become documents of the configured
 * user with an extraction started, then move to done/ or, with their reason, to failed/; a file still being
 * written is left alone; a claim a stopped node left (before or after storing its document) is finished at the
 * next start, and nothing is taken twice.
 */
class InboxFolderIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void filesDroppedInTheFolderBecomeDocumentsOnceEach() throws Exception {
        Path data = DocexDeployment.dataDir("inbox-" + System.nanoTime());
        Path inbox = data.resolve("inbox");
        Files.createDirectories(inbox);
        Path log = data.resolve("server.log");
        Map<String, String> environment = Accounts.environment(Map.of("DOCEX_INBOX_DIR", inbox.toString(),
                "DOCEX_INBOX_USER", Accounts.ADMIN_EMAIL, "DOCEX_INBOX_TEMPLATE", "invoice", "DOCEX_INBOX_POLL_SECONDS", "0.5",
                "DOCEX_INBOX_STABLE_SECONDS", "3", "DOCEX_NODE_ID", "node-a"));
        byte[] invoice = Pdfs.text("Invoice from the folder", "Invoice No.: F-2026-1");
        byte[] slow = Pdfs.text("Written slowly", "Invoice No.: F-2026-2");
        try (ServerProcess server = ServerProcess.start(data, environment, log)) {
            Api api = server.api().as(new Accounts(server.api()).adminToken());
            drop(inbox, "invoice-a.pdf", invoice);
            drop(inbox, "notes.pdf", "Meeting notes, not a PDF".getBytes(StandardCharsets.UTF_8));
            // Half of a file, then a pause of three looks (shorter than DOCEX_INBOX_STABLE_SECONDS): not taken while it grows.
            Path growing = inbox.resolve("slow.pdf");
            try (OutputStream out = Files.newOutputStream(growing)) {
                out.write(slow, 0, slow.length / 2);
                out.flush();
                Thread.sleep(1500);
                assertTrue(Files.exists(growing), "a file still being written is left where it is");
                out.write(slow, slow.length / 2, slow.length - slow.length / 2);
            }

            await(() -> Files.exists(inbox.resolve("done/invoice-a.pdf")), "invoice-a.pdf moved to done/; see " + log);
            await(() -> Files.exists(inbox.resolve("failed/notes.pdf.reason.txt")), "notes.pdf moved to failed/");
            assertEquals("The file is not a PDF, an XML e-invoice or an image (JPEG, PNG, TIFF)",
                    Files.readString(inbox.resolve("failed/notes.pdf.reason.txt")).strip());
            assertTrue(Files.exists(inbox.resolve("failed/notes.pdf")));
            await(() -> Files.exists(inbox.resolve("done/slow.pdf")), "slow.pdf moved to done/ once complete");

            JsonObject document = only(api, "invoice-a.pdf");
            assertEquals("folder", document.getJsonObject("source").getString("channel"));
            assertEquals(Accounts.ADMIN_EMAIL, document.getString("uploaded_by"));
            String workflow = document.getJsonObject("latest_workflow").getString("id");
            JsonObject extracted = WorkflowPolling.awaitEnd(api, workflow, WAIT);
            assertEquals("invoice", extracted.getString("template"));
            assertEquals("extracted", extracted.getString("status"));
            assertArrayEquals(slow, api.get("/api/documents/" + only(api, "slow.pdf").getString("id") + "/content").bytes());
            server.stop(false);
        }

        // What a node leaves when it stops between claiming a file and storing it: the claim is finished at its next start.
        byte[] left = Pdfs.text("Left in processing", "Invoice No.: F-2026-3");
        Files.write(inbox.resolve(".processing/node-a__" + UUID.randomUUID() + "__left.pdf"), left);
        // And when it stops after storing the document but before moving the file: the claim (the same claim id, which
        // the document keeps as its source key) is found stored and only moved on, not taken a second time.
        String key;
        try (Connection db = EmbeddedDatabase.inUse() ? EmbeddedDatabase.readOnly(data) : EmbeddedDatabase.external();
             PreparedStatement query = db.prepareStatement("SELECT source_key FROM document WHERE filename = ?")) {
            query.setString(1, "invoice-a.pdf");
            try (ResultSet row = query.executeQuery()) {
                assertTrue(row.next());
                key = row.getString(1);
            }
        }
        assertTrue(key.startsWith("folder:"), key);
        Files.copy(inbox.resolve("done/invoice-a.pdf"), inbox.resolve(".processing/node-a__" + key.substring("folder:".length())
                + "__invoice-a.pdf"));
        try (ServerProcess server = ServerProcess.start(data, environment, log)) {
            Api api = server.api().as(new Accounts(server.api()).adminToken());
            await(() -> Files.exists(inbox.resolve("done/left.pdf")), "the claim left behind is finished");
            await(() -> Files.exists(inbox.resolve("done/invoice-a (2).pdf")), "the stored claim is moved on");
            assertArrayEquals(left, api.get("/api/documents/" + only(api, "left.pdf").getString("id") + "/content").bytes());
            // Nothing taken twice across the restart.
            only(api, "invoice-a.pdf");
            only(api, "slow.pdf");
            try (var remaining = Files.list(inbox.resolve(".processing"))) {
                assertEquals(List.of(), remaining.toList());
            }
        }
    }

    /** Written elsewhere, then moved in whole, as a scanner or a copy tool does. */
    private static void drop(Path inbox, String name, byte[] content) throws Exception {
        Path written = Files.write(inbox.getParent().resolve(name + ".part"), content);
        Files.move(written, inbox.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }

    private static JsonObject only(Api api, String filename) {
        List<JsonObject> found = api.get("/api/documents/list?q=" + filename + "&limit=100").json().getJsonArray("items")
                .getValuesAs(JsonObject.class).stream().filter(item -> item.getString("filename").equals(filename)).toList();
        assertEquals(1, found.size(), filename + ": " + found);
        return found.get(0);
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        Instant deadline = Instant.now().plus(WAIT);
        while (!condition.getAsBoolean()) {
            assertTrue(Instant.now().isBefore(deadline), what);
            Thread.sleep(200);
        }
    }
}
