package org.docex.web;

import java.time.Duration;

/**
 * The rule a request body must keep while it arrives: once {@link #GRACE} has passed, at least
 * {@link #BYTES_PER_SECOND} on average since its first byte was awaited. A client that trickles a
 * body (by accident or to hold the server's attention) is answered 408 after the grace period
 * instead of holding a connection's thread until the request times out.
 */
final class MinimumRate {

    static final Duration GRACE = Duration.ofSeconds(10);
    static final long BYTES_PER_SECOND = 1024;

    private final long startNanos;

    private MinimumRate(long startNanos) {
        this.startNanos = startNanos;
    }

    static MinimumRate startingNow() {
        return new MinimumRate(System.nanoTime());
    }

    /** Throws once the body is too slow: {@code received} bytes so far, measured at {@code nowNanos}. */
    void check(long received, long nowNanos) throws TooSlowException {
        long elapsed = nowNanos - startNanos;
        if (elapsed > GRACE.toNanos() && received < BYTES_PER_SECOND * elapsed / 1_000_000_000L) {
            throw new TooSlowException();
        }
    }

    void check(long received) throws TooSlowException {
        check(received, System.nanoTime());
    }

    static String rule() {
        return "a request body must arrive at " + BYTES_PER_SECOND + " bytes per second or faster on average once "
                + GRACE.toSeconds() + " s have passed";
    }

    /** The body arrived below the minimum rate. */
    static final class TooSlowException extends Exception {
        private static final long serialVersionUID = 1L;

        TooSlowException() {
            super(rule(), null, false, false);
        }
    }
}
