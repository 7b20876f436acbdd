package org.docex.extraction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.DocexDeployment;
import org.docex.testing.EmbeddedDatabase;
import org.docex.testing.S3Proxy;
import org.docex.testing.ServerProcess;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;

/**
 * Two nodes that share nothing but the database (PostgreSQL; skipped on embedded H2, which one process
 * owns) and an S3 bucket (S3Proxy), each with a data directory of its own: each workflow runs once,
 * whichever node it was uploaded on; either node serves any document's content and page images; and a
 * workflow whose node is killed is finished by the other node once the lease ran out.
 */
class WorkflowNodesIT {

    @Test
    void twoNodesShareTheQueueAndTheSurvivorFinishesTheKilledNodesWork() throws Exception {
        assumeFalse(EmbeddedDatabase.inUse(), "needs a database two servers can share (DB_URL)");
        assumeTrue(S3Proxy.unavailable().isEmpty(), () -> S3Proxy.unavailable().get());
        Path data = DocexDeployment.dataDir("workflow-nodes-" + System.nanoTime());
        Files.createDirectories(data);
        try (S3Proxy bucket = S3Proxy.start(data, "docex-nodes");
             ServerProcess a = node(data, "node-a", bucket); ServerProcess b = node(data, "node-b", bucket)) {
            String token = new Accounts(a.api()).signedIn("analyst").token();
            Api viaA = a.api().as(token);
            List<String> small = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                Api either = (i % 2 == 0 ? a : b).api().as(token);
                small.add(WorkflowPolling.started(either, Uploads.uploaded(either, "invoice-" + i + ".pdf", GeneratedPdfs.invoice())));
            }
            String longOne = WorkflowPolling.started(viaA, Uploads.uploaded(viaA, "long.pdf",
                    GeneratedPdfs.report(GeneratedPdfs.LONG_REPORT_PAGES)));
            for (String id : small) {
                assertEquals("extracted", WorkflowPolling.awaitEnd(viaA, id, Duration.ofSeconds(120)).getString("status"));
                assertEquals(1, attempts(id), "run once: " + id);
            }
            // A document uploaded on one node is read whole, and its pages drawn, on the other.
            Api viaB = b.api().as(token);
            String onA = Uploads.uploaded(viaA, "read-elsewhere.pdf", GeneratedPdfs.invoice());
            assertArrayEquals(viaA.get("/api/documents/" + onA + "/content").bytes(), viaB.get("/api/documents/" + onA + "/content").bytes());
            assertEquals(200, viaB.get("/api/documents/" + onA + "/pages/1/image?dpi=72").status());
            assertFalse(Files.exists(data.resolve("node-a").resolve("renders").resolve(onA)), "drawn on node b, not on node a");

            String holder = awaitHolder(longOne);
            ServerProcess survivor = holder.equals("node-a") ? b : a;
            (holder.equals("node-a") ? a : b).stop(true);
            Api viaSurvivor = survivor.api().as(token);
            assertEquals("extracted", WorkflowPolling.awaitEnd(viaSurvivor, longOne, Duration.ofSeconds(180)).getString("status"));
            assertEquals(2, attempts(longOne), "the killed node's attempt and the survivor's");
        }
    }

    private static ServerProcess node(Path data, String name, S3Proxy bucket) throws Exception {
        Map<String, String> settings = new java.util.HashMap<>(bucket.settings("docex-nodes"));
        settings.putAll(Map.of("DOCEX_ADMIN_EMAIL", Accounts.ADMIN_EMAIL, "DOCEX_ADMIN_PASSWORD", Accounts.ADMIN_PASSWORD,
                "DOCEX_NODE_ID", name, "DOCEX_EXTRACTION_THREADS", "1"));
        return ServerProcess.start(Files.createDirectories(data.resolve(name)), settings, data.resolve(name + ".log"));
    }

    /** The node running the workflow, once its claim is stored. */
    private static String awaitHolder(String id) throws Exception {
        Instant deadline = Instant.now().plusSeconds(60);
        while (Instant.now().isBefore(deadline)) {
            String holder = column(id, "claimed_by");
            if (holder != null) {
                return holder;
            }
            WorkflowPolling.pause(Duration.ofMillis(50));
        }
        throw new AssertionError("never claimed: " + id);
    }

    private static int attempts(String id) throws Exception {
        int results = Integer.parseInt(column(id, "(SELECT COUNT(*) FROM extraction_result r WHERE r.workflow_id = w.id)"));
        assertTrue(results == 1, "result rows of " + id + ": " + results);
        return Integer.parseInt(column(id, "attempts"));
    }

    private static String column(String id, String expression) throws Exception {
        try (Connection connection = EmbeddedDatabase.external();
             PreparedStatement query = connection.prepareStatement(
                     "SELECT " + expression + " FROM extraction_workflow w WHERE w.id = ?")) {
            query.setObject(1, UUID.fromString(id));
            try (ResultSet row = query.executeQuery()) {
                assertTrue(row.next(), "no workflow " + id);
                return row.getString(1);
            }
        }
    }
}
