package org.docex.mfa.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class FailureWindowTest {

    private static final Instant NOW = Instant.parse("2026-11-21T10:15:30Z");
    private static final FailureWindow CODES = FailureWindow.CODES;

    @Test
    void fourFailuresStillAllowAnAttempt() {
        assertEquals(Duration.ZERO, CODES.waitAfter(secondsAgo(40, 30, 20, 10), NOW));
    }

    @Test
    void theFifthFailureBlocksUntilTheOldestAgesOut() {
        assertEquals(Duration.ofSeconds(300 - 50), CODES.waitAfter(secondsAgo(50, 40, 30, 20, 10), NOW));
    }

    @Test
    void failuresOlderThanFiveMinutesDoNotCount() {
        assertEquals(Duration.ZERO, CODES.waitAfter(secondsAgo(300, 301, 40, 30, 20, 10), NOW));
        assertEquals(Duration.ofSeconds(1), CODES.waitAfter(secondsAgo(299, 40, 30, 20, 10), NOW));
    }

    @Test
    void moreFailuresThanTheLimitWaitForEnoughOfThemToAgeOut() {
        Duration wait = CODES.waitAfter(secondsAgo(10, 200, 250, 100, 60, 120), NOW);
        assertEquals(Duration.ofSeconds(300 - 200), wait, "the sixth newest failure ages out first");
    }

    @Test
    void nothingRecordedMeansNoWait() {
        assertEquals(Duration.ZERO, CODES.waitAfter(List.of(), NOW));
    }

    @Test
    void theWindowNeedsAPositiveLimitAndLength() {
        assertThrows(IllegalArgumentException.class, () -> new FailureWindow(0, Duration.ofMinutes(5)));
        assertThrows(IllegalArgumentException.class, () -> new FailureWindow(5, Duration.ZERO));
    }

    private static List<Instant> secondsAgo(long... seconds) {
        return Stream.of(seconds).flatMapToLong(java.util.Arrays::stream).mapToObj(NOW::minusSeconds).toList();
    }
}
