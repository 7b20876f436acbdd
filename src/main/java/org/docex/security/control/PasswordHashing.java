package org.docex.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Password hashing is deliberately slow (PBKDF2, 600,000 iterations), so a burst of logins could
 * occupy every core and every request the server works on at once ({@code WorkPermits}). A bulkhead
 * keeps both: at most one hash per core but one runs at once, at most as many more checks wait for
 * a turn (each on its request thread, for at most {@link #MAX_WAIT}), and any further check is
 * refused at once with 429 and {@code Retry-After}. So sign-ins hold at most {@code 2 × PARALLEL}
 * of those requests however many arrive, and the rest of the API keeps the others.
 *
 * <p>The check runs on the request thread on purpose: handing it to a thread of its own and
 * answering asynchronously made Payara Micro's Weld log request-context leaks on every sign-in (the
 * asynchronous answer ends the request on a thread Weld did not see it begin on).
 */
@ApplicationScoped
public class PasswordHashing {

    /** Hashes at once: one per core but one, so that other work always has a core. */
    public static final int PARALLEL = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    /** Checks that may wait for a running hash to finish; more are refused at once. */
    static final int MAX_WAITING = PARALLEL;
    /** A waiting check waits about one hash; this only bounds the unexpected. */
    static final Duration MAX_WAIT = Duration.ofSeconds(10);
    static final Duration RETRY_AFTER = Duration.ofSeconds(2);
    static final String BUSY = "Too many sign-ins in progress, try again shortly";

    private final PasswordHasher hasher = new PasswordHasher();
    private final Semaphore permits;
    private final int maxWaiting;
    private final Duration maxWait;
    private final AtomicInteger waiting = new AtomicInteger();

    public PasswordHashing() {
        this(PARALLEL, MAX_WAITING, MAX_WAIT);
    }

    PasswordHashing(int parallel, int maxWaiting, Duration maxWait) {
        this.permits = new Semaphore(parallel, true);
        this.maxWaiting = maxWaiting;
        this.maxWait = maxWait;
    }

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

    <T> T bounded(Supplier<T> work) {
        if (!permits.tryAcquire()) {
            awaitTurn();
        }
        try {
            return work.get();
        } finally {
            permits.release();
        }
    }

    private void awaitTurn() {
        if (waiting.incrementAndGet() > maxWaiting) {
            waiting.decrementAndGet();
            throw busy();
        }
        try {
            if (!permits.tryAcquire(maxWait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw busy();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting to check a password", e);
        } finally {
            waiting.decrementAndGet();
        }
    }

    private static TooManyRequestsException busy() {
        return new TooManyRequestsException(BUSY, RETRY_AFTER);
    }
}
