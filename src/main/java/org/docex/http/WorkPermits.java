package org.docex.http;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.ServletRequest;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How many requests are worked on at once: {@code DOCEX_REQUEST_CONCURRENCY}, by default three per
 * core. A request's own work is CPU-bound (the embedded database, JSON, token checks), so more at
 * once only take turns on the same cores and lengthen the slowest answers; past the permits,
 * requests wait their turn in arrival order. Request threads themselves are many (they may wait on
 * a client's body or for a permit): the permits, not the threads, bound the work.
 *
 * <p>Whether requests had to wait for their turn lately is the API's load as background work sees
 * it ({@link #busy()}): the webhook sender holds back while it is.
 */
@ApplicationScoped
public class WorkPermits {

    /** The longest a request waits for its turn before it is answered 503. */
    static final Duration MAX_WAIT = Duration.ofSeconds(30);
    /** How long after a request last had to wait for its turn the API counts as busy. */
    static final Duration BUSY_FOR = Duration.ofSeconds(1);
    /** Requests that wait within this long of the last recorded wait do not write it again (one shared field, many threads). */
    private static final long RECORD_EVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    /** The clock of {@link #busy()}; a test gives its own. */
    LongSupplier nanoTime = System::nanoTime;

    @Inject
    @ConfigProperty(name = "docex.request-concurrency", defaultValue = "0")
    int configured;

    private Semaphore permits;
    private volatile long lastWaited;

    @PostConstruct
    void init() {
        permits = new Semaphore(concurrency(configured, Runtime.getRuntime().availableProcessors()), true);
        lastWaited = nanoTime.getAsLong() - BUSY_FOR.toNanos();
    }

    static int concurrency(int configured, int cores) {
        return configured > 0 ? configured : 3 * Math.max(1, cores);
    }

    /** Takes a permit, waiting at most {@link #MAX_WAIT}; null if none came. The caller gives it back. */
    Turn take() throws InterruptedException {
        // A zero wait, unlike tryAcquire(), keeps the arrival order of a fair semaphore.
        if (permits.tryAcquire(0, TimeUnit.NANOSECONDS)) {
            return new Turn(permits);
        }
        recordWait();
        return permits.tryAcquire(MAX_WAIT.toNanos(), TimeUnit.NANOSECONDS) ? new Turn(permits) : null;
    }

    /**
     * Whether a request had to wait for its turn within the last {@link #BUSY_FOR}: the API then has
     * all the work the cores can take, and work in the background should leave them to it.
     */
    public boolean busy() {
        return nanoTime.getAsLong() - lastWaited < BUSY_FOR.toNanos();
    }

    private void recordWait() {
        long now = nanoTime.getAsLong();
        if (now - lastWaited >= RECORD_EVERY_NANOS) {
            lastWaited = now;
        }
    }

    /**
     * Gives back the permit of the request being answered, if it holds one: for an endpoint whose
     * remaining work is waiting on the client (copying a stored file to it), so that a slow reader
     * holds a thread and never a permit. The request's end gives it back otherwise.
     */
    public static void giveBack(ServletRequest request) {
        if (request.getAttribute(Turn.ATTRIBUTE) instanceof Turn turn) {
            turn.giveBack();
        }
    }

    /** One request's permit, given back once, by its end or by {@link #giveBack(ServletRequest)}, whichever comes first. */
    static final class Turn {

        static final String ATTRIBUTE = Turn.class.getName();

        private final Semaphore permits;
        private final AtomicBoolean held = new AtomicBoolean(true);

        private Turn(Semaphore permits) {
            this.permits = permits;
        }

        void giveBack() {
            if (held.compareAndSet(true, false)) {
                permits.release();
            }
        }
    }
}
