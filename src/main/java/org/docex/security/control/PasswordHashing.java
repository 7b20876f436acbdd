package org.docex.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Password hashing is deliberately slow (PBKDF2, 600,000 iterations), so a burst of logins
 * could occupy every core. At most one hash per core but one runs at once; the rest wait a
 * bounded time and are then told to retry, while other requests keep a core to run on.
 */
@ApplicationScoped
public class PasswordHashing {

    /** Hashes at once: one per core but one, so that other work always has a core. */
    public static final int PARALLEL = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    private static final Duration MAX_WAIT = Duration.ofSeconds(20);

    private final PasswordHasher hasher = new PasswordHasher();
    private final Semaphore permits = new Semaphore(PARALLEL, true);

    public String hash(String password) {
        return bounded(() -> hasher.hash(password.toCharArray()));
    }

    public boolean matches(String password, String encoded) {
        return bounded(() -> hasher.matches(password.toCharArray(), encoded));
    }

    public boolean needsRehash(String encoded) {
        return hasher.needsRehash(encoded);
    }

    /** Spends the time of one verification, so that unknown users answer as slowly as known ones. */
    public void burnTime(String password) {
        bounded(() -> {
            hasher.burnTime(password.toCharArray());
            return null;
        });
    }

    private <T> T bounded(Supplier<T> work) {
        try {
            if (!permits.tryAcquire(MAX_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new TooManyRequestsException("Too many sign-ins in progress, try again shortly", Duration.ofSeconds(2));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting to check a password", e);
        }
        try {
            return work.get();
        } finally {
            permits.release();
        }
    }
}
