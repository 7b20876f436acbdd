package org.docex.extraction;

import static org.docex.extraction.WorkflowPolling.awaitEnd;
import static org.docex.extraction.WorkflowPolling.get;
import static org.docex.extraction.WorkflowPolling.request;
import static org.docex.extraction.WorkflowPolling.start;
import static org.docex.extraction.WorkflowPolling.started;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;

/**
 * One extraction thread, and at most four workflows queued per user: users take turns, so one user's
 * queue does not hold up another's single extraction, and nobody queues without end.
 */
@SharedServer(ServerGroup.FOUR_EYES)
class FairQueueIT extends BlackBoxTest {

    private static final int MAX_QUEUED = ServerGroup.MAX_QUEUED_PER_USER;

    @Test
    void anotherUsersSingleExtractionRunsBeforeTheRestOfOneUsersQueueAndTheQueueOfAUserIsCapped() {
        Api busy = api().as(accounts().signedIn("analyst").token());
        Api other = api().as(accounts().signedIn("analyst").token());
        String report = Uploads.uploaded(busy, "report.pdf", GeneratedPdfs.report(600));
        List<String> busyOnes = new ArrayList<>(List.of(started(busy, report)));
        awaitRunning(busy, busyOnes.get(0));
        for (int n = 0; n < MAX_QUEUED; n++) {
            busyOnes.add(started(busy, report));
        }

        ApiResponse refused = start(busy, request(report));
        assertEquals(429, refused.status(), refused.body());
        assertEquals("30", refused.header("Retry-After").orElseThrow());
        assertEquals("You have " + MAX_QUEUED + " extractions waiting in the queue, the most one user may have; start more"
                + " once some of them have begun", refused.detail());

        String single = started(other, Uploads.uploaded(other, "invoice.pdf", GeneratedPdfs.invoice()));
        assertEquals("extracted", awaitEnd(other, single, Duration.ofMinutes(3)).getString("status"));

        long busyDone = busyOnes.stream().filter(id -> get(busy, id).getString("status").equals("extracted")).count();
        assertTrue(busyDone <= 1, "the other user's extraction waited for " + busyDone + " of the busy user's");
        assertEquals(204, busy.delete("/api/documents/" + report).status(), "stops the busy user's extractions");
    }

    private static void awaitRunning(Api api, String id) {
        Instant deadline = Instant.now().plusSeconds(60);
        while (get(api, id).getString("status").equals("queued")) {
            assertTrue(Instant.now().isBefore(deadline), "never started");
            WorkflowPolling.pause(Duration.ofMillis(50));
        }
    }
}
