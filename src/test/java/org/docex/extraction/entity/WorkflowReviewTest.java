package org.docex.extraction.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.docex.errors.ConflictException;
import org.docex.errors.PermissionDeniedException;
import org.docex.security.control.Role;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Review transitions of a workflow: every role, action and status. */
class WorkflowReviewTest {

    private static final Instant NOW = Instant.parse("2026-11-21T10:15:30Z");
    private static final FieldValues FIELDS = FieldValues.of(Map.of("total", "12.50"));
    private static final Set<WorkflowStatus> REVIEWABLE = Set.of(WorkflowStatus.EXTRACTED, WorkflowStatus.IN_REVIEW);

    enum Action { SAVE_DRAFT, COMMIT, REJECT }

    static Stream<Arguments> everyRoleActionAndStatus() {
        List<Arguments> cases = new ArrayList<>();
        for (Role role : Role.values()) {
            for (Action action : Action.values()) {
                for (WorkflowStatus status : WorkflowStatus.values()) {
                    cases.add(Arguments.of(role, action, status));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} on {2}")
    @MethodSource("everyRoleActionAndStatus")
    void onlyReviewersDecideAndOnlyExtractedOrInReviewWorkflowsAreReviewed(Role role, Action action, WorkflowStatus status) {
        Workflow workflow = in(status);
        long version = workflow.version();
        Consumer<Workflow> review = act(action, reviewer(role));

        if (action != Action.SAVE_DRAFT && role == Role.ANALYST) {
            assertEquals(Reviewer.ONLY_REVIEWERS, assertThrows(PermissionDeniedException.class, () -> review.accept(workflow)).getMessage());
        } else if (!REVIEWABLE.contains(status)) {
            ConflictException refused = assertThrows(ConflictException.class, () -> review.accept(workflow));
            if (status != WorkflowStatus.COMMITTED && status != WorkflowStatus.REJECTED) {
                assertEquals("Workflow is not ready for review", refused.getMessage());
            }
        } else {
            review.accept(workflow);
            assertEquals(switch (action) {
                case SAVE_DRAFT -> WorkflowStatus.IN_REVIEW;
                case COMMIT -> WorkflowStatus.COMMITTED;
                case REJECT -> WorkflowStatus.REJECTED;
            }, workflow.status());
            assertEquals(version + 1, workflow.version());
            return;
        }
        assertEquals(status, workflow.status(), "a refused review changes nothing");
        assertEquals(version, workflow.version());
    }

    @Test
    void aDraftIsKeptWithItsAuthorAndReplacedByTheNext() {
        Workflow workflow = in(WorkflowStatus.EXTRACTED);
        workflow.saveDraft(reviewer(Role.ANALYST), FIELDS, NOW);
        FieldValues second = FieldValues.of(Map.of("total", "13.00"));
        workflow.saveDraft(reviewer(Role.REVIEWER), second, NOW.plusSeconds(5));

        ReviewedFields draft = workflow.draft().orElseThrow();
        assertEquals(second, draft.fields());
        assertTrue(draft.by().startsWith("reviewer-"), draft.by());
        assertEquals(NOW.plusSeconds(5), draft.at());
        assertEquals(3, workflow.version());
        assertTrue(workflow.committed().isEmpty());
    }

    @Test
    void committingFreezesTheFieldsAndNothingChangesThemAfterwards() {
        Workflow workflow = in(WorkflowStatus.IN_REVIEW);
        workflow.commit(reviewer(Role.REVIEWER), FIELDS, NOW);

        ReviewedFields committed = workflow.committed().orElseThrow();
        assertEquals(FIELDS, committed.fields());
        assertEquals(NOW, committed.at());
        assertThrows(ConflictException.class, () -> workflow.saveDraft(reviewer(Role.ADMIN), FieldValues.NONE, NOW));
        assertThrows(ConflictException.class, () -> workflow.commit(reviewer(Role.ADMIN), FieldValues.NONE, NOW));
        assertEquals(FIELDS, workflow.committed().orElseThrow().fields());
    }

    @Test
    void rejectingLeavesNoCommittedData() {
        Workflow workflow = in(WorkflowStatus.IN_REVIEW);
        workflow.reject(reviewer(Role.ADMIN));
        assertEquals(WorkflowStatus.REJECTED, workflow.status());
        assertTrue(workflow.committed().isEmpty());
        assertTrue(workflow.draft().isPresent(), "the last draft stays for the record");
    }

    @Test
    void aReviewFromAnOlderVersionIsRefused() {
        Workflow workflow = in(WorkflowStatus.IN_REVIEW);
        workflow.requireVersion(null);
        workflow.requireVersion(2L);
        ConflictException stale = assertThrows(ConflictException.class, () -> workflow.requireVersion(1L));
        assertTrue(stale.getMessage().startsWith("Someone else saved first"), stale.getMessage());
        assertThrows(ConflictException.class, () -> workflow.requireVersion(3L));
    }

    private static Consumer<Workflow> act(Action action, Reviewer reviewer) {
        return switch (action) {
            case SAVE_DRAFT -> workflow -> workflow.saveDraft(reviewer, FIELDS, NOW);
            case COMMIT -> workflow -> workflow.commit(reviewer, FIELDS, NOW);
            case REJECT -> workflow -> workflow.reject(reviewer);
        };
    }

    private static Reviewer reviewer(Role role) {
        return new Reviewer(UUID.randomUUID(), role.id() + "-" + UUID.randomUUID() + "@docex.test", role);
    }

    /** A workflow brought to {@code status} the way the application gets it there. */
    static Workflow in(WorkflowStatus status) {
        Workflow workflow = new Workflow(UUID.randomUUID(), "generic", null, "auto", UUID.randomUUID(), "analyst@docex.test", 1, NOW);
        if (status == WorkflowStatus.QUEUED) {
            return workflow;
        }
        Claim claim = workflow.claim("node-a", NOW, NOW.plusSeconds(30));
        switch (status) {
            case RUNNING -> { }
            case FAILED -> workflow.fail(claim, "broken", NOW);
            default -> {
                workflow.finishExtracted(claim, "{}", 1, NOW);
                Reviewer admin = reviewer(Role.ADMIN);
                switch (status) {
                    case IN_REVIEW -> workflow.saveDraft(admin, FIELDS, NOW);
                    case COMMITTED -> workflow.commit(admin, FIELDS, NOW);
                    case REJECTED -> workflow.reject(admin);
                    default -> { }
                }
            }
        }
        assertEquals(status, workflow.status());
        return workflow;
    }
}
