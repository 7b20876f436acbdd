package org.docex.extraction.control.workflow;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.util.UUID;
import org.docex.extraction.entity.WorkflowStatus;
import org.docex.security.control.TooManyRequestsException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code DOCEX_MAX_QUEUED_PER_USER}: the most workflows one user may have waiting in the queue. A start
 * past it answers 429 with {@code Retry-After}; workflows already running do not count.
 */
@ApplicationScoped
public class QueuedPerUserLimit {

    static final Duration RETRY_AFTER = Duration.ofSeconds(30);

    @Inject
    @ConfigProperty(name = "docex.max-queued-per-user", defaultValue = "200")
    int max;

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    /** In the caller's transaction; two starts at once may both pass at the limit, never more than that. */
    public void check(UUID user) {
        long queued = em.createQuery("SELECT COUNT(w) FROM Workflow w WHERE w.createdBy = :user AND w.status = :status",
                        Long.class)
                .setParameter("user", user)
                .setParameter("status", WorkflowStatus.QUEUED)
                .getSingleResult();
        if (queued >= max) {
            throw new TooManyRequestsException("You have " + queued + " extractions waiting in the queue, the most one"
                    + " user may have; start more once some of them have begun", RETRY_AFTER);
        }
    }
}
