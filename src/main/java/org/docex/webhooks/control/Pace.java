package org.docex.webhooks.control;

import java.util.function.LongSupplier;

/**
 * A token bucket: how many attempts may start now to keep within a rate, with at most a few
 * started together. Its credit is kept in nanoseconds, so the count is exact. Not thread-safe: the
 * sender's scheduler thread is its only user.
 */
final class Pace {

    private final long interval;
    private final long most;
    private final LongSupplier nanoTime;
    private long credit;
    private long last;

    /** {@code perSecond} starts a second, at most {@code together} at once. */
    Pace(int perSecond, int together, LongSupplier nanoTime) {
        this.interval = 1_000_000_000L / perSecond;
        this.most = interval * together;
        this.nanoTime = nanoTime;
        this.credit = most;
        this.last = nanoTime.getAsLong();
    }

    /** How many may start now. */
    int available() {
        long now = nanoTime.getAsLong();
        credit = Math.min(most, credit + (now - last));
        last = now;
        return (int) (credit / interval);
    }

    /** {@code count} started (whether the pace was asked or not); more than it allowed leaves it at nothing, not in debt. */
    void started(int count) {
        credit = Math.max(0, credit - count * interval);
    }
}
