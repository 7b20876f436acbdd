package org.docex.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.docex.security.entity.LoginThrottle;

/**
 * The per-username back-off of {@link LoginBackoff}, kept in the database so that it holds across
 * every node. Each call is its own short transaction, so that no database connection is held while
 * a password is hashed.
 *
 * <p>An attempt is counted as a failure before its password is checked ({@link #reserve}), under
 * the row's lock: checking the count and counting are one step, so a burst of parallel guesses for
 * one name gets no more evaluations than the limit. A success clears the count ({@link #reset}).
 */
@ApplicationScoped
public class LoginThrottles {

    static final int MAX_KEY_LENGTH = 254;
    static final String BLOCKED = "Too many failed attempts, try again later";

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Clock clock;

    /**
     * Throws 429 while the username is blocked; otherwise counts this attempt as failed until
     * {@link #reset} says it succeeded. The first attempt for a name inserts its row: when another
     * one inserted it at the same moment, this transaction fails on the key and the caller tries again.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void reserve(String username) {
        String key = key(username);
        Instant now = clock.instant();
        LoginThrottle throttle = em.find(LoginThrottle.class, key, LockModeType.PESSIMISTIC_WRITE);
        if (throttle == null) {
            throttle = new LoginThrottle(key);
            em.persist(throttle);
            em.flush();
        }
        Duration wait = throttle.remainingBlock(now);
        if (!wait.isZero()) {
            throw new TooManyRequestsException(BLOCKED, wait);
        }
        throttle.recordFailure(now, LoginBackoff.delayAfter(throttle.failures() + 1));
    }

    /** Takes back a reservation whose password was never checked (the server was too busy to check it). */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void withdraw(String username) {
        LoginThrottle throttle = em.find(LoginThrottle.class, key(username), LockModeType.PESSIMISTIC_WRITE);
        if (throttle != null) {
            throttle.withdrawFailure(LoginBackoff.delayAfter(throttle.failures() - 1));
        }
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void reset(String username) {
        LoginThrottle throttle = em.find(LoginThrottle.class, key(username));
        if (throttle != null) {
            em.remove(throttle);
        }
    }

    public static String key(String username) {
        String key = username == null ? "" : username.strip().toLowerCase(java.util.Locale.ROOT);
        return key.length() > MAX_KEY_LENGTH ? key.substring(0, MAX_KEY_LENGTH) : key;
    }
}
