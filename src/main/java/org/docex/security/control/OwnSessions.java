package org.docex.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.docex.security.entity.Session;

/** A user's live sessions as the user sees them: listed newest first, and ended one at a time. */
@ApplicationScoped
public class OwnSessions {

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Clock clock;

    @Transactional
    public List<Session> live(UUID userId, int offset, int limit) {
        return em.createNamedQuery(Session.LIVE_OF_USER, Session.class)
                .setParameter("userId", userId)
                .setParameter("now", clock.instant())
                .setFirstResult(offset)
                .setMaxResults(limit)
                .getResultList();
    }

    @Transactional
    public long countLive(UUID userId) {
        return em.createNamedQuery(Session.COUNT_LIVE_OF_USER, Long.class)
                .setParameter("userId", userId)
                .setParameter("now", clock.instant())
                .getSingleResult();
    }

    /**
     * Ends one of the user's live sessions. False when the id names none: unknown, ended, or another
     * user's, which the caller cannot tell apart.
     */
    @Transactional
    public boolean end(UUID userId, String sessionId) {
        Session session = em.find(Session.class, sessionId);
        if (session == null || !session.liveFor(userId, clock.instant())) {
            return false;
        }
        session.revoke(clock.instant());
        return true;
    }
}
