package org.docex.extraction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

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
import org.docex.testing.ServerProcess;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;

/**
 * Two nodes on one database (PostgreSQL; skipped on embedded H2, which one process owns): each
 * workflow runs once, and a workflow whose node is killed is finished by the other node once the
 * lease ran out.
 */
class WorkflowNodesIT {

    @Test
    void twoNodesShareTheQueueAndTheSurvivorFinishesTheKilledNodesWork() throws Exception {
        assumeFalse(EmbeddedDatabase.inUse(), "needs a database two servers can share (DB_URL)");
        Path data = DocexDeployment.dataDir("workflow-nodes-" + System.nanoTime());
        Files.createDirectories(data);
        try (ServerProcess a = node(data, "node-a"); ServerProcess b = node(data, "node-b")) {
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

            String holder = awaitHolder(longOne);
            ServerProcess survivor = holder.equals("node-a") ? b : a;
            (holder.equals("node-a") ? a : b).stop(true);
            Api viaSurvivor = survivor.api().as(token);
            assertEquals("extracted", WorkflowPolling.awaitEnd(viaSurvivor, longOne, Duration.ofSeconds(180)).getString("status"));
            assertEquals(2, attempts(longOne), "the killed node's attempt and the survivor's");
        }
    }

    private static ServerProcess node(Path data, String name) throws Exception {
        return ServerProcess.start(data, Map.of("DOCEX_ADMIN_EMAIL", Accounts.ADMIN_EMAIL,
                "DOCEX_ADMIN_PASSWORD", Accounts.ADMIN_PASSWORD, "DOCEX_NODE_ID", name,
                "DOCEX_EXTRACTION_THREADS", "1"), data.resolve(name + ".log"));
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
