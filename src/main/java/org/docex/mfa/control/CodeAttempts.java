package org.docex.mfa.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.docex.mfa.entity.CodeFailure;
import org.docex.security.control.SecurityEvents;
import org.docex.security.control.TooManyRequestsException;
import org.docex.users.entity.User;

/**
 * The limit on wrong second-factor codes per user ({@link FailureWindow#CODES}), kept in the
 * database so that it holds across every node. Joins the caller's transaction, which holds the
 * user's row lock, so concurrent attempts for one user are counted one after another.
 */
@ApplicationScoped
public class CodeAttempts {

    static final String TOO_MANY = "Too many wrong codes, try again later";

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    SecurityEvents events;

    /** Throws 429 with {@code Retry-After} while the user has had too many wrong codes recently. */
    @Transactional
    public void requireAttemptLeft(User user) {
        Instant now = clock.instant();
        List<Instant> failures = em.createNamedQuery(CodeFailure.TIMES_SINCE, Instant.class)
                .setParameter("userId", user.id())
                .setParameter("since", FailureWindow.CODES.start(now))
                .getResultList();
        Duration wait = FailureWindow.CODES.waitAfter(failures, now);
        if (!wait.isZero()) {
            events.failure("mfa.throttled", "user", user.email());
            throw new TooManyRequestsException(TOO_MANY, wait);
        }
    }

    /**
     * Counts a wrong code and answers the exception to throw. The caller's transaction must
     * commit although the request fails, so it names the exception in {@code dontRollbackOn}.
     */
    @Transactional
    public InvalidCodeException rejected(User user) {
        UUID userId = user.id();
        Instant now = clock.instant();
        em.createNamedQuery(CodeFailure.DELETE_BEFORE)
                .setParameter("userId", userId)
                .setParameter("before", FailureWindow.CODES.start(now))
                .executeUpdate();
        em.persist(new CodeFailure(userId, now));
        events.failure("mfa.failure", "user", user.email());
        return new InvalidCodeException();
    }

    /** A correct code shows the user is there: earlier typing mistakes no longer count. */
    @Transactional
    public void forget(UUID userId) {
        em.createNamedQuery(CodeFailure.DELETE_OF_USER).setParameter("userId", userId).executeUpdate();
    }
}
