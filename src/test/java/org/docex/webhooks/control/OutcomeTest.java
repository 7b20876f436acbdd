package org.docex.webhooks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OutcomeTest {

    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");

    @Test
    void answersAreDeliveredRetriedFailedOrGone() {
        for (int status : new int[] {200, 201, 202, 204, 299}) {
            assertEquals(Outcome.Kind.DELIVERED, Outcome.of(status, "", Optional.empty(), NOW).kind(), "" + status);
        }
        for (int status : new int[] {408, 429, 500, 502, 503, 504, 599}) {
            assertEquals(Outcome.Kind.RETRY, Outcome.of(status, "", Optional.empty(), NOW).kind(), "" + status);
        }
        for (int status : new int[] {301, 302, 307, 400, 401, 403, 404, 409, 413, 422}) {
            assertEquals(Outcome.Kind.FAILED, Outcome.of(status, "", Optional.empty(), NOW).kind(), "" + status);
        }
        assertTrue(Outcome.of(302, "", Optional.empty(), NOW).error().contains("redirects are not followed"));
        assertEquals(Outcome.Kind.GONE, Outcome.of(410, "", Optional.empty(), NOW).kind());
        assertEquals(Outcome.Kind.RETRY, Outcome.of(new HttpTimeoutException("slow"), Duration.ofSeconds(10)).kind());
        assertEquals(Outcome.Kind.RETRY, Outcome.of(new ConnectException("refused"), Duration.ofSeconds(10)).kind());
    }

    @Test
    void retryAfterIsHonouredInSecondsAndAsADate() {
        assertEquals(NOW.plusSeconds(120),
                Outcome.of(429, "", Optional.of("120"), NOW).nextAttempt(NOW, 1, Duration.ofSeconds(10)));
        assertEquals(NOW.plusSeconds(3600),
                Outcome.of(503, "", Optional.of("Mon, 23 Nov 2026 11:00:00 GMT"), NOW).nextAttempt(NOW, 1, Duration.ofSeconds(10)));
        Instant backoff = Outcome.of(429, "", Optional.of("soon"), NOW).nextAttempt(NOW, 1, Duration.ofSeconds(10));
        assertTrue(!backoff.isBefore(NOW.plusMillis(7500)) && !backoff.isAfter(NOW.plusMillis(12500)), backoff.toString());
    }

    @Test
    void theBackOffDoublesWithJitterUpToAnHourAndSpansAboutADay() {
        for (int attempt = 1; attempt <= 12; attempt++) {
            double expected = Math.min(10L << (attempt - 1), 3600);
            double seconds = Outcome.backoff(attempt, Duration.ofSeconds(10)).toMillis() / 1000.0;
            assertTrue(seconds >= expected * 0.75 && seconds <= expected * 1.25, attempt + ": " + seconds);
        }
        // From a first retry of 10 s, the attempts reach the 24-hour window after about 30 attempts.
        Duration total = Duration.ZERO;
        int attempts = 0;
        while (total.compareTo(WebhookSettings.RETRY_WINDOW) < 0) {
            total = total.plus(Outcome.backoff(++attempts, Duration.ofSeconds(10)));
        }
        assertTrue(attempts > 20 && attempts < 40, "attempts in a day: " + attempts);
    }
}
