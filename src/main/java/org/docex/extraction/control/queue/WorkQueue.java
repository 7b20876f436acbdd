package org.docex.extraction.control.queue;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.docex.extraction.entity.Workflow;
import org.docex.extraction.entity.WorkflowStatus;

/** The workflows a queue filter matches: a page in the chosen order, their number, and their number per status. */
@ApplicationScoped
public class WorkQueue {

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Transactional
    public List<Workflow> list(QueueFilter filter, QueueSort sort, int offset, int limit) {
        TypedQuery<Workflow> query = em.createQuery("SELECT w FROM Workflow w" + filter.where(true) + sort.orderBy(), Workflow.class);
        filter.bind(query, true);
        return query.setFirstResult(offset).setMaxResults(limit).setHint("eclipselink.read-only", "true").getResultList();
    }

    /**
     * How many workflows match the whole filter, from its {@link #countsByStatus counts}: those of the
     * statuses its status and needs_review admit (one query fewer per page than counting again).
     */
    public static long total(QueueFilter filter, Map<String, Long> counts) {
        long total = 0;
        for (WorkflowStatus status : WorkflowStatus.values()) {
            if (filter.admits(status)) {
                total += counts.getOrDefault(status.apiName(), 0L);
            }
        }
        return total;
    }

    /**
     * How many workflows of each status match the filter's other criteria (its status and
     * needs_review left out, so that the counts say what choosing a status would show); every status is named.
     */
    @Transactional
    public Map<String, Long> countsByStatus(QueueFilter filter) {
        TypedQuery<Object[]> query = em.createQuery("SELECT w.status, COUNT(w) FROM Workflow w" + filter.where(false)
                + " GROUP BY w.status", Object[].class);
        filter.bind(query, false);
        Map<String, Long> counts = new LinkedHashMap<>();
        for (WorkflowStatus status : WorkflowStatus.values()) {
            counts.put(status.apiName(), 0L);
        }
        for (Object[] row : query.getResultList()) {
            counts.put(((WorkflowStatus) row[0]).apiName(), ((Number) row[1]).longValue());
        }
        return counts;
    }
}
