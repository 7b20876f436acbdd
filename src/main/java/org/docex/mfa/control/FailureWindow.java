package org.docex.mfa.control;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * At most {@code limit} wrong codes within any {@code length} of time: once the limit is
 * reached, the next attempt must wait until enough of them have aged out of the window.
 */
public record FailureWindow(int limit, Duration length) {

    /** Five wrong second-factor codes within five minutes. */
    public static final FailureWindow CODES = new FailureWindow(5, Duration.ofMinutes(5));

    public FailureWindow {
        if (limit < 1 || length.isNegative() || length.isZero()) {
            throw new IllegalArgumentException("A window needs a positive limit and length");
        }
    }

    /** The oldest failure time that still counts at {@code now}. */
    public Instant start(Instant now) {
        return now.minus(length);
    }

    /** How long to wait before the next attempt; zero when one is allowed now. */
    public Duration waitAfter(List<Instant> failures, Instant now) {
        List<Instant> recent = failures.stream().filter(at -> at.isAfter(start(now))).sorted().toList();
        if (recent.size() < limit) {
            return Duration.ZERO;
        }
        Instant mustAgeOut = recent.get(recent.size() - limit);
        return Duration.between(now, mustAgeOut.plus(length));
    }
}
