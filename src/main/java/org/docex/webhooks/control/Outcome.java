package org.docex.webhooks.control;

import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What an attempt came to, and what follows: 2xx delivered; a timeout, a connection error, 408,
 * 429 and 5xx another attempt later (after {@code Retry-After} where a 429 or 503 gives one, else
 * after an exponential back-off with jitter); any other answer failed at once, and 410 also turns
 * the subscription off. A redirect is not followed: it fails like the other answers that are not 2xx.
 */
public record Outcome(Kind kind, Integer statusCode, String error, String response, Duration retryAfter) {

    public enum Kind { DELIVERED, RETRY, FAILED, GONE }

    public static Outcome of(int statusCode, String response, Optional<String> retryAfterHeader, Instant now) {
        if (statusCode >= 200 && statusCode < 300) {
            return new Outcome(Kind.DELIVERED, statusCode, null, response, null);
        }
        if (statusCode == 408 || statusCode == 429 || statusCode >= 500) {
            Duration after = retryAfterHeader.flatMap(value -> retryAfter(value, now)).orElse(null);
            return new Outcome(Kind.RETRY, statusCode, "HTTP " + statusCode, response, after);
        }
        if (statusCode == 410) {
            return new Outcome(Kind.GONE, statusCode, "HTTP 410: the receiver is gone; the subscription was turned off", response, null);
        }
        String error = statusCode >= 300 && statusCode < 400 ? "HTTP " + statusCode + ": redirects are not followed" : "HTTP " + statusCode;
        return new Outcome(Kind.FAILED, statusCode, error, response, null);
    }

    public static Outcome of(Throwable failure, java.time.Duration timeout) {
        if (failure instanceof HttpTimeoutException || failure instanceof java.net.SocketTimeoutException
                || failure instanceof java.util.concurrent.TimeoutException) {
            return new Outcome(Kind.RETRY, null, "No answer within " + timeout.toMillis() / 1000.0 + " s", null, null);
        }
        if (failure instanceof ConnectException) {
            return new Outcome(Kind.RETRY, null, "Connection failed", null, null);
        }
        String message = failure.getMessage();
        return new Outcome(Kind.RETRY, null, failure.getClass().getSimpleName() + (message == null ? "" : ": " + message), null, null);
    }

    public static Outcome refused(String reason) {
        return new Outcome(Kind.FAILED, null, "Not sent: " + reason, null, null);
    }

    /** When to try again after attempt {@code attempt} (1 for the first): the receiver's word, else a back-off with jitter. */
    public Instant nextAttempt(Instant now, int attempt, Duration firstRetry) {
        if (retryAfter != null) {
            return now.plus(retryAfter);
        }
        return now.plus(backoff(attempt, firstRetry));
    }

    /** {@code firstRetry} doubled with every attempt after the first, at most an hour, then between 75% and 125% of it. */
    static Duration backoff(int attempt, Duration firstRetry) {
        long millis = firstRetry.toMillis();
        long cap = WebhookSettings.MAX_BACKOFF.toMillis();
        for (int i = 1; i < attempt && millis < cap; i++) {
            millis *= 2;
        }
        millis = Math.min(millis, cap);
        return Duration.ofMillis(Math.round(millis * ThreadLocalRandom.current().nextDouble(0.75, 1.25)));
    }

    // Retry-After: seconds, or an HTTP date.
    static Optional<Duration> retryAfter(String value, Instant now) {
        String text = value.strip();
        try {
            long seconds = Long.parseLong(text);
            return seconds < 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(Math.min(seconds, WebhookSettings.RETRY_WINDOW.toSeconds())));
        } catch (NumberFormatException notSeconds) {
            try {
                Instant at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
                return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
            } catch (DateTimeParseException notADate) {
                return Optional.empty();
            }
        }
    }
}
