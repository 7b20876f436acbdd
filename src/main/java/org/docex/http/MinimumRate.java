package org.docex.http;

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

    MinimumRate(long startNanos) {
        this.startNanos = startNanos;
    }

    static MinimumRate startingNow() {
        return new MinimumRate(System.nanoTime());
    }

    /** Whether {@code received} bytes by {@code nowNanos} are too few. */
    boolean isBelow(long received, long nowNanos) {
        long elapsed = nowNanos - startNanos;
        return elapsed > GRACE.toNanos() && received < BYTES_PER_SECOND * elapsed / 1_000_000_000L;
    }

    static String rule() {
        return "a request body must arrive at " + BYTES_PER_SECOND + " bytes per second or faster on average once "
                + GRACE.toSeconds() + " s have passed";
    }
}
