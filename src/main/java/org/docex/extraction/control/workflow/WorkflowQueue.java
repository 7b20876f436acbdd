package org.docex.extraction.control.workflow;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.entity.Claim;
import org.docex.extraction.entity.Workflow;
import org.docex.extraction.entity.WorkflowStatus;

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
    Event<ExtractionEnded> ended;

    /** Queued workflows in the order they are to be claimed, at most {@code max}: users take turns (see {@link FairShare}). */
    @Transactional
    public List<UUID> queued(int max) {
        Map<UUID, Long> queuedPerUser = new HashMap<>();
        perUser("SELECT w.createdBy, COUNT(w) FROM Workflow w WHERE w.status = :status GROUP BY w.createdBy", null)
                .forEach(row -> queuedPerUser.put((UUID) row[0], ((Number) row[1]).longValue()));
        if (queuedPerUser.isEmpty()) {
            return List.of();
        }
        List<UUID> users = List.copyOf(queuedPerUser.keySet());
        Map<UUID, Long> running = new HashMap<>();
        perUser("SELECT w.createdBy, COUNT(w) FROM Workflow w WHERE w.createdBy IN :users AND w.status = :running"
                + " GROUP BY w.createdBy", users)
                .forEach(row -> running.put((UUID) row[0], ((Number) row[1]).longValue()));
        List<FairShare.Waiting> waiting = new ArrayList<>(users.size());
        Map<UUID, Instant> lastStarted = new HashMap<>();
        for (UUID user : users) {
            waiting.add(new FairShare.Waiting(user, queuedPerUser.get(user),
                    first(user, "w.status = :status ORDER BY w.createdAt", "w.createdAt").orElse(Instant.MAX)));
            first(user, "w.status <> :status AND w.startedAt IS NOT NULL ORDER BY w.startedAt DESC", "w.startedAt")
                    .ifPresent(started -> lastStarted.put(user, started));
        }
        List<UUID> turns = FairShare.turns(waiting, running, lastStarted, max);
        Map<UUID, Iterator<UUID>> oldestFirst = new HashMap<>();
        for (UUID user : new LinkedHashSet<>(turns)) {
            oldestFirst.put(user, em.createQuery("SELECT w.id FROM Workflow w WHERE w.createdBy = :user AND w.status = :status"
                            + " ORDER BY w.createdAt, w.id", UUID.class)
                    .setParameter("user", user)
                    .setParameter("status", WorkflowStatus.QUEUED)
                    .setMaxResults(Collections.frequency(turns, user))
                    .getResultList().iterator());
        }
        List<UUID> ids = new ArrayList<>(turns.size());
        for (UUID user : turns) {
            Iterator<UUID> next = oldestFirst.get(user);
            if (next.hasNext()) {
                ids.add(next.next());
            }
        }
        return ids;
    }

    /** {@code :status} is queued, {@code :running} running; {@code :users} when given. */
    private List<Object[]> perUser(String jpql, List<UUID> users) {
        var query = em.createQuery(jpql, Object[].class);
        if (jpql.contains(":status")) {
            query.setParameter("status", WorkflowStatus.QUEUED);
        }
        if (jpql.contains(":running")) {
            query.setParameter("running", WorkflowStatus.RUNNING);
        }
        if (users != null) {
            query.setParameter("users", users);
        }
        return query.getResultList();
    }

    /**
     * The first {@code attribute} of {@code user}'s workflows that match {@code condition} (which orders them;
     * {@code :status} is queued): one lookup in the index by user, where a correlated MIN or MAX subquery
     * read every workflow of the user once per row, so that a claim took longer the more workflows the
     * user had ever started (seconds per claim after a few thousand). Points in time are read as
     * attributes of rows: an aggregate of one comes back in the driver's type, which the attribute's
     * converter refuses on PostgreSQL.
     */
    private Optional<Instant> first(UUID user, String condition, String attribute) {
        return em.createQuery("SELECT " + attribute + " FROM Workflow w WHERE w.createdBy = :user AND " + condition, Instant.class)
                .setParameter("user", user)
                .setParameter("status", WorkflowStatus.QUEUED)
                .setMaxResults(1)
                .getResultList().stream().findFirst();
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
            ended.fire(ExtractionEnded.failed(workflow));
        }
        em.flush();
        return true;
    }
}
