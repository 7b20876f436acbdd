package org.docex.extraction.control.workflow;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.entity.Claim;
import org.docex.extraction.entity.Workflow;
import org.docex.extraction.entity.WorkflowStatus;
import org.docex.webhooks.control.WebhookEvents;

/**
 * The queue side of workflows, one short transaction per step. Each step reads the row and
 * changes it through the entity; the version check on write makes it fail with an
 * {@link jakarta.persistence.OptimisticLockException} when another node changed the row first.
 */
@ApplicationScoped
public class WorkflowQueue {

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    WebhookEvents events;

    /** Queued workflows, oldest first. */
    @Transactional
    public List<UUID> queued(int max) {
        return em.createQuery("SELECT w.id FROM Workflow w WHERE w.status = :status ORDER BY w.createdAt, w.id", UUID.class)
                .setParameter("status", WorkflowStatus.QUEUED)
                .setMaxResults(max)
                .getResultList();
    }

    /** Running workflows whose holder stopped renewing its lease, or all of {@code node}'s when given. */
    @Transactional
    public List<UUID> abandoned(Optional<String> node) {
        String jpql = "SELECT w.id FROM Workflow w WHERE w.status = :status AND "
                + (node.isPresent() ? "w.claimedBy = :node" : "(w.leaseUntil IS NULL OR w.leaseUntil < :now)");
        var query = em.createQuery(jpql, UUID.class).setParameter("status", WorkflowStatus.RUNNING);
        node.ifPresentOrElse(name -> query.setParameter("node", name), () -> query.setParameter("now", clock.instant()));
        return query.getResultList();
    }

    /**
     * Takes the workflow for {@code node} when it is still queued, and reads in the same
     * transaction what its run needs: one read of the row per run.
     */
    @Transactional
    public Optional<RunInput> claim(UUID id, String node) {
        Workflow workflow = em.find(Workflow.class, id);
        if (workflow == null || workflow.status() != WorkflowStatus.QUEUED) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        Claim claim = workflow.claim(node, now, now.plus(ExtractionSettings.LEASE));
        em.flush();
        return Optional.of(new RunInput(claim, workflow.documentId(),
                Template.named(workflow.template()).orElse(Template.GENERIC),
                CustomFieldsJson.read(workflow.customFields()),
                OcrMode.named(workflow.ocrMode()).orElse(OcrMode.AUTO)));
    }

    /** Queues a running workflow again; {@code force} for this node's own leftovers, else only after its lease ran out. */
    @Transactional
    public boolean requeue(UUID id, boolean force) {
        Workflow workflow = em.find(Workflow.class, id);
        Instant now = clock.instant();
        if (workflow == null || !(force ? workflow.status() == WorkflowStatus.RUNNING : workflow.leaseExpired(now))) {
            return false;
        }
        workflow.requeueAfterLostLease(now, ExtractionSettings.MAX_ATTEMPTS);
        if (workflow.status() == WorkflowStatus.FAILED) {
            events.extractionEnded(workflow);
        }
        em.flush();
        return true;
    }
}
