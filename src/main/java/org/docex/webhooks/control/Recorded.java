package org.docex.webhooks.control;

import java.time.Duration;
import java.time.Instant;
import org.docex.webhooks.entity.Delivery;
import org.docex.webhooks.entity.DeliveryStatus;

/**
 * What an attempt's outcome makes of its delivery: 2xx succeeded; a retry due at the receiver's
 * {@code Retry-After} or after the back-off, unless that is past the delivery's retry window, which
 * fails it; any other outcome failed. The lease is released in every case.
 */
public record Recorded(DeliveryStatus status, Instant nextAttemptAt, Instant deliveredAt, Integer statusCode, String error,
                       String response) {

    public static Recorded of(Outcome outcome, int attempt, Instant giveUpAt, Instant now, Duration firstRetry) {
        String error = outcome.error() == null || outcome.error().length() <= Delivery.MAX_ERROR_LENGTH
                ? outcome.error() : outcome.error().substring(0, Delivery.MAX_ERROR_LENGTH);
        return switch (outcome.kind()) {
            case DELIVERED -> new Recorded(DeliveryStatus.SUCCEEDED, null, now, outcome.statusCode(), null, outcome.response());
            case RETRY -> {
                Instant next = outcome.nextAttempt(now, attempt, firstRetry);
                yield next.isAfter(giveUpAt)
                        ? new Recorded(DeliveryStatus.FAILED, null, null, outcome.statusCode(), error, outcome.response())
                        : new Recorded(DeliveryStatus.PENDING, next, null, outcome.statusCode(), error, outcome.response());
            }
            case FAILED, GONE -> new Recorded(DeliveryStatus.FAILED, null, null, outcome.statusCode(), error, outcome.response());
        };
    }
}
