package org.docex.extraction.control.review;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.docex.errors.ConflictException;
import org.docex.extraction.control.workflow.Workflows;
import org.docex.extraction.entity.FieldChange;
import org.docex.extraction.entity.FieldValues;
import org.docex.extraction.entity.ReviewAction;
import org.docex.extraction.entity.ReviewEntry;
import org.docex.extraction.entity.ReviewedFields;
import org.docex.extraction.entity.Reviewer;
import org.docex.extraction.entity.Workflow;

/** Reviews of workflows (drafts, commits, rejections), each with its entry in the audit trail. */
@ApplicationScoped
public class WorkflowReviews {

    static final String CHANGED_MEANWHILE = "The workflow was changed by someone else; reload and try again";

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Workflows workflows;

    @Inject
    FourEyesRule fourEyes;

    @Inject
    ReviewQuota quota;

    @Inject
    AuditTrail trail;

    @Inject
    Clock clock;

    @Inject
    Event<WorkflowReviewed> reviewed;

    /**
     * Applies the review in the caller's transaction. Refusals, in this order: not a reviewer (403),
     * unknown workflow (404), stale version (409), not reviewable (409; reopen: not rejected), a draft past the quota (409),
     * a value that does not fit its field's type (422), four-eyes rule (403 for a draft author, then 409 for a commit that changes values).
     */
    @Transactional
    public Workflow review(String id, ReviewCommand command, Reviewer reviewer) {
        ReviewAction action = command.action();
        if (action.decides()) {
            reviewer.requireMayDecide();
        }
        Workflow workflow = workflows.get(id);
        workflow.requireVersion(command.version());
        if (action != ReviewAction.REOPEN) {
            workflow.status().requireReviewable();
        }
        if (action == ReviewAction.SAVE_DRAFT) {
            quota.checkDraft(trail.count(workflow.id()));
        }
        boolean edits = action == ReviewAction.SAVE_DRAFT || action == ReviewAction.COMMIT;
        // The stored result, read once: the values a review without a draft starts from, the types edits must fit.
        Map<String, JsonObject> found = edits || workflow.draft().isEmpty()
                ? workflows.resultOf(workflow).map(ExtractedValues::best).orElse(Map.of()) : Map.of();
        if (edits) {
            TypedValues.check(command.edits(), ExtractedValues.typesOf(found));
        }
        FieldValues before = workflow.draft().map(ReviewedFields::fields).orElseGet(() -> ExtractedValues.valuesOf(found));
        FieldValues after = edits ? command.edits().applyTo(before) : before;
        List<FieldChange> changes = FieldChanges.between(before, after);
        if (action == ReviewAction.COMMIT) {
            fourEyes.check(reviewer, draftAuthors(workflow.id()), changes);
        }
        Instant now = clock.instant();
        switch (action) {
            case SAVE_DRAFT -> workflow.saveDraft(reviewer, after, now);
            case COMMIT -> workflow.commit(reviewer, after, now);
            case REJECT -> workflow.reject(reviewer);
            case REOPEN -> workflow.reopen(reviewer);
        }
        // The workflow row first: of two reviews made from one version, the second fails here, on the
        // row version, before it adds an entry of its own.
        flush();
        em.persist(new ReviewEntry(workflow.id(), workflow.version(), action, reviewer, now, command.comment(),
                changes));
        reviewed.fire(new WorkflowReviewed(workflow, action, reviewer.email()));
        flush();
        return workflow;
    }

    /** A committed workflow: unknown 404, not committed 409. */
    @Transactional
    public Workflow committed(String id) {
        Workflow workflow = workflows.get(id);
        if (workflow.committed().isEmpty()) {
            throw new ConflictException("Workflow is not committed; only committed data can be exported");
        }
        return workflow;
    }

    private List<UUID> draftAuthors(UUID workflowId) {
        return em.createQuery("SELECT DISTINCT r.reviewedById FROM ReviewEntry r WHERE r.workflowId = :workflow"
                        + " AND r.action = :action", UUID.class)
                .setParameter("workflow", workflowId)
                .setParameter("action", ReviewAction.SAVE_DRAFT)
                .getResultList();
    }

    private void flush() {
        try {
            em.flush();
        } catch (OptimisticLockException e) {
            throw new ConflictException(CHANGED_MEANWHILE);
        }
    }
}
