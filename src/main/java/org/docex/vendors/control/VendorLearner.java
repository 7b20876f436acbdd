package org.docex.vendors.control;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.concurrency.Shutdown;
import org.docex.extraction.control.review.WorkflowReviewed;
import org.docex.extraction.entity.ReviewAction;
import org.docex.schema.SchemaReady;
import org.docex.vendors.entity.LearningTask;

/**
 * The durable queue of committed reviews to learn from. A commit adds its workflow in the commit's
 * own transaction; this node learns from it at once after the commit, and every few seconds from
 * whatever is still queued (another node's, or one that failed), up to {@value #MAX_ATTEMPTS} times.
 * The same tick removes vendors none of whose workflows is left (their documents were deleted).
 */
@ApplicationScoped
public class VendorLearner {

    private static final Logger LOG = Logger.getLogger(VendorLearner.class.getName());
    static final int MAX_ATTEMPTS = 5;
    private static final Duration TICK = Duration.ofSeconds(5);
    private static final int BATCH = 50;

    @Resource
    ManagedThreadFactory threadFactory;

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    VendorLessons lessons;

    @Inject
    Clock clock;

    private volatile ScheduledExecutorService scheduler;

    /** In the commit's transaction: the workflow is queued to be learned from, or the commit does not happen. */
    void onReviewed(@Observes WorkflowReviewed reviewed) {
        if (reviewed.action() == ReviewAction.COMMIT) {
            em.persist(new LearningTask(reviewed.workflow().id(), clock.instant()));
        }
    }

    void afterCommit(@Observes(during = TransactionPhase.AFTER_SUCCESS) WorkflowReviewed reviewed) {
        ScheduledExecutorService current = scheduler;
        if (reviewed.action() == ReviewAction.COMMIT && current != null) {
            try {
                current.execute(this::learnQueued);
            } catch (RejectedExecutionException stopping) {
                LOG.log(Level.FINE, "Vendor learning is stopping", stopping);
            }
        }
    }

    synchronized void onSchemaReady(@Observes SchemaReady ready) {
        scheduler = Executors.newSingleThreadScheduledExecutor(threadFactory);
        scheduler.scheduleWithFixedDelay(this::tick, TICK.toMillis(), TICK.toMillis(), TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    synchronized void stop() {
        if (scheduler != null) {
            Shutdown.gently(scheduler, Duration.ofSeconds(5));
        }
    }

    private void tick() {
        try {
            learnQueued();
            lessons.purgeForgotten();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Vendor learning failed; trying again", e);
        }
    }

    /** Runs on the scheduler's one thread only. */
    private void learnQueued() {
        for (UUID id : lessons.queued(BATCH)) {
            try {
                lessons.learnFrom(id);
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "Learning from workflow " + id + " failed; it stays queued", e);
                try {
                    lessons.failed(id, MAX_ATTEMPTS);
                } catch (RuntimeException again) {
                    LOG.log(Level.FINE, "Could not count the failure", again);
                }
            }
        }
    }
}
