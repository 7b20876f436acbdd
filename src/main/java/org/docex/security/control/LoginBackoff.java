package org.docex.security.control;

import java.time.Duration;

/** How long one username must wait after consecutive failed logins; storage and clocks are the caller's. */
public class LoginBackoff {

    public static final int FREE_FAILURES = 5;
    public static final Duration FIRST_DELAY = Duration.ofSeconds(30);
    public static final Duration MAX_DELAY = Duration.ofMinutes(15);

    private LoginBackoff() {
    }

    /** Zero below {@value #FREE_FAILURES} failures; then 30 s, doubling with each further failure, at most 15 min. */
    public static Duration delayAfter(int consecutiveFailures) {
        if (consecutiveFailures < FREE_FAILURES) {
            return Duration.ZERO;
        }
        Duration delay = FIRST_DELAY;
        for (int failures = FREE_FAILURES; failures < consecutiveFailures && delay.compareTo(MAX_DELAY) < 0; failures++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(MAX_DELAY) > 0 ? MAX_DELAY : delay;
    }
}
