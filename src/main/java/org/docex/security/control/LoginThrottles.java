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
 * The per-username back-off of {@link LoginBackoff}, kept in the database. Each call is its own
 * short transaction, so that no database connection is held while a password is hashed.
 */
@ApplicationScoped
public class LoginThrottles {

    static final int MAX_KEY_LENGTH = 254;

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Clock clock;

    /** Throws 429 while the username is blocked. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void checkAllowed(String username) {
        LoginThrottle throttle = em.find(LoginThrottle.class, key(username));
        if (throttle != null) {
            Duration wait = throttle.remainingBlock(clock.instant());
            if (!wait.isZero()) {
                throw new TooManyRequestsException("Too many failed attempts, try again later", wait);
            }
        }
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void recordFailure(String username) {
        String key = key(username);
        Instant now = clock.instant();
        LoginThrottle throttle = em.find(LoginThrottle.class, key, LockModeType.PESSIMISTIC_WRITE);
        if (throttle == null) {
            throttle = new LoginThrottle(key);
            em.persist(throttle);
        }
        throttle.recordFailure(now, LoginBackoff.delayAfter(throttle.failures() + 1));
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void reset(String username) {
        LoginThrottle throttle = em.find(LoginThrottle.class, key(username));
        if (throttle != null) {
            em.remove(throttle);
        }
    }

    private static String key(String username) {
        String key = username == null ? "" : username.strip().toLowerCase(java.util.Locale.ROOT);
        return key.length() > MAX_KEY_LENGTH ? key.substring(0, MAX_KEY_LENGTH) : key;
    }
}
