package org.docex.extraction.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WorkflowTest {

    private static final Instant NOW = Instant.parse("2026-11-21T10:15:30Z");
    private static final Instant LEASE = NOW.plus(Duration.ofSeconds(30));

    @Test
    void aNewWorkflowIsQueuedAtVersionOneWithTheDocumentsPageCount() {
        Workflow workflow = queued();
        assertEquals(WorkflowStatus.QUEUED, workflow.status());
        assertEquals(1, workflow.version());
        assertEquals(0, workflow.pagesDone());
        assertEquals(3, workflow.pagesTotal());
        assertEquals(0, workflow.attempts());
        assertNull(workflow.startedAt());
    }

    @Test
    void claimingStartsARunHeldByTheNodeInItsAttempt() {
        Workflow workflow = queued();
        Claim claim = workflow.claim("node-a", NOW, LEASE);
        assertEquals(new Claim("node-a", 1), claim);
        assertEquals(WorkflowStatus.RUNNING, workflow.status());
        assertEquals(NOW, workflow.startedAt());
        assertTrue(workflow.heldBy(claim));
        assertFalse(workflow.heldBy(new Claim("node-b", 1)));
        assertThrows(IllegalStateException.class, () -> workflow.claim("node-b", NOW, LEASE), "claimed twice");
    }

    @Test
    void progressIsBoundedByTheTotalAndOnlyTheHolderMayRecordIt() {
        Workflow workflow = queued();
        Claim claim = workflow.claim("node-a", NOW, LEASE);
        workflow.progress(claim, 7, 5, LEASE.plusSeconds(5));
        assertEquals(5, workflow.pagesDone());
        assertEquals(5, workflow.pagesTotal());
        assertFalse(workflow.leaseExpired(LEASE.plusSeconds(1)), "the lease was renewed");
        assertThrows(IllegalStateException.class, () -> workflow.progress(new Claim("node-a", 2), 1, 5, LEASE));
    }

    @Test
    void finishingWritesTheResultOnceAndEndsTheClaim() {
        Workflow workflow = queued();
        Claim claim = workflow.claim("node-a", NOW, LEASE);
        WorkflowResult result = workflow.finishExtracted(claim, "{}", 3, NOW.plusSeconds(2));
        assertEquals(workflow.id(), result.workflowId());
        assertEquals(WorkflowStatus.EXTRACTED, workflow.status());
        assertEquals(3, workflow.pagesDone());
        assertEquals(NOW.plusSeconds(2), workflow.finishedAt());
        assertNull(workflow.claimedBy());
        assertThrows(IllegalStateException.class, () -> workflow.finishExtracted(claim, "{}", 3, NOW), "second result");
        assertThrows(IllegalStateException.class, () -> workflow.fail(claim, "late", NOW));
    }

    @Test
    void failingKeepsTheReasonCappedInLength() {
        Workflow workflow = queued();
        Claim claim = workflow.claim("node-a", NOW, LEASE);
        workflow.fail(claim, "x".repeat(5000), NOW);
        assertEquals(WorkflowStatus.FAILED, workflow.status());
        assertEquals(Workflow.MAX_ERROR_LENGTH, workflow.error().length());
        assertNull(workflow.claimedBy());
    }

    @Test
    void aLostLeaseQueuesAgainAndTheOldHolderCanNoLongerWrite() {
        Workflow workflow = queued();
        Claim first = workflow.claim("node-a", NOW, LEASE);
        assertFalse(workflow.leaseExpired(NOW));
        assertTrue(workflow.leaseExpired(LEASE.plusSeconds(1)));
        workflow.requeueAfterLostLease(LEASE.plusSeconds(1), 3);
        assertEquals(WorkflowStatus.QUEUED, workflow.status());
        Claim second = workflow.claim("node-b", LEASE.plusSeconds(2), LEASE.plusSeconds(32));
        assertEquals(2, second.attempt());
        assertFalse(workflow.heldBy(first));
        assertThrows(IllegalStateException.class, () -> workflow.finishExtracted(first, "{}", 3, NOW));
    }

    @Test
    void theLastInterruptedAttemptFailsTheWorkflow() {
        Workflow workflow = queued();
        for (int attempt = 1; attempt < 3; attempt++) {
            workflow.claim("node-a", NOW, LEASE);
            workflow.requeueAfterLostLease(LEASE.plusSeconds(1), 3);
        }
        workflow.claim("node-a", NOW, LEASE);
        workflow.requeueAfterLostLease(LEASE.plusSeconds(1), 3);
        assertEquals(WorkflowStatus.FAILED, workflow.status());
        assertEquals("The extraction was interrupted 3 times and was given up", workflow.error());
    }

    @Test
    void onlyARunningWorkflowCanBeRequeued() {
        Workflow workflow = queued();
        assertThrows(IllegalStateException.class, () -> workflow.requeueAfterLostLease(NOW, 3));
    }

    @Test
    void statusesAreTheContractsLowerCaseNames() {
        assertEquals("in_review", WorkflowStatus.IN_REVIEW.apiName());
        assertEquals(WorkflowStatus.COMMITTED, WorkflowStatus.named("committed").orElseThrow());
        assertTrue(WorkflowStatus.named("QUEUED").isEmpty());
        assertEquals("queued", new WorkflowStatusConverter().convertToDatabaseColumn(WorkflowStatus.QUEUED));
    }

    private static Workflow queued() {
        return new Workflow(UUID.randomUUID(), "generic", null, "auto", UUID.randomUUID(), "analyst@docex.test", 3, NOW);
    }
}
