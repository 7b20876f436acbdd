package org.docex.extraction.control.review;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import org.docex.extraction.entity.ReviewEntry;

/**
 * Reads a workflow's audit trail a bounded part at a time: a workflow's answer carries only its
 * latest entries, and the whole trail is paged, so that a long review history never makes one
 * answer as large as all of it.
 */
@ApplicationScoped
public class AuditTrail {

    /** Entries a workflow's answer carries. */
    public static final int LATEST = 20;

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    /** The latest {@link #LATEST} entries, oldest first. */
    @Transactional
    public List<ReviewEntry> latest(UUID workflowId) {
        List<ReviewEntry> entries = new ArrayList<>(ordered(workflowId, "DESC").setMaxResults(LATEST).getResultList());
        Collections.reverse(entries);
        return entries;
    }

    /** Entries {@code offset} onwards, oldest first. */
    @Transactional
    public List<ReviewEntry> page(UUID workflowId, int offset, int limit) {
        return ordered(workflowId, "ASC").setFirstResult(offset).setMaxResults(limit).getResultList();
    }

    @Transactional
    public long count(UUID workflowId) {
        return em.createQuery("SELECT COUNT(r) FROM ReviewEntry r WHERE r.workflowId = :workflow", Long.class)
                .setParameter("workflow", workflowId)
                .getSingleResult();
    }

    private TypedQuery<ReviewEntry> ordered(UUID workflowId, String direction) {
        return em.createQuery("SELECT r FROM ReviewEntry r WHERE r.workflowId = :workflow ORDER BY r.workflowVersion "
                        + direction, ReviewEntry.class)
                .setParameter("workflow", workflowId);
    }
}
