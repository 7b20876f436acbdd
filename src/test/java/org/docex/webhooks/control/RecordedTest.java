package org.docex.webhooks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.docex.webhooks.entity.Delivery;
import org.docex.webhooks.entity.DeliveryStatus;
import org.junit.jupiter.api.Test;

class RecordedTest {

    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
    private static final Instant GIVE_UP = NOW.plus(Duration.ofHours(24));
    private static final Duration FIRST_RETRY = Duration.ofSeconds(10);

    @Test
    void a2xxSucceedsWithTheAnswerKept() {
        Recorded recorded = Recorded.of(Outcome.of(204, "thanks", Optional.empty(), NOW), 1, GIVE_UP, NOW, FIRST_RETRY);
        assertEquals(DeliveryStatus.SUCCEEDED, recorded.status());
        assertEquals(NOW, recorded.deliveredAt());
        assertNull(recorded.nextAttemptAt());
        assertEquals(204, recorded.statusCode());
        assertEquals("thanks", recorded.response());
        assertNull(recorded.error());
    }

    @Test
    void aRetryIsDueAfterTheReceiversRetryAfterOrTheBackOff() {
        Recorded told = Recorded.of(Outcome.of(503, "busy", Optional.of("120"), NOW), 1, GIVE_UP, NOW, FIRST_RETRY);
        assertEquals(DeliveryStatus.PENDING, told.status());
        assertEquals(NOW.plusSeconds(120), told.nextAttemptAt());
        assertEquals("HTTP 503", told.error());

        Recorded third = Recorded.of(Outcome.of(new ConnectException("refused"), Duration.ofSeconds(10)), 3, GIVE_UP, NOW, FIRST_RETRY);
        assertEquals(DeliveryStatus.PENDING, third.status());
        // 10 s doubled twice, within 75-125%.
        assertTrue(!third.nextAttemptAt().isBefore(NOW.plusSeconds(30)) && !third.nextAttemptAt().isAfter(NOW.plusSeconds(50)),
                third.nextAttemptAt().toString());
        assertNull(third.statusCode());
    }

    @Test
    void aRetryPastTheWindowFailsTheDelivery() {
        Recorded late = Recorded.of(Outcome.of(503, null, Optional.of("3600"), NOW), 9, NOW.plusSeconds(60), NOW, FIRST_RETRY);
        assertEquals(DeliveryStatus.FAILED, late.status());
        assertNull(late.nextAttemptAt());
        assertEquals(503, late.statusCode());
    }

    @Test
    void otherAnswersFailAtOnceAndLongErrorsAreCut() {
        assertEquals(DeliveryStatus.FAILED, Recorded.of(Outcome.of(400, "no", Optional.empty(), NOW), 1, GIVE_UP, NOW, FIRST_RETRY).status());
        assertEquals(DeliveryStatus.FAILED, Recorded.of(Outcome.of(410, "", Optional.empty(), NOW), 1, GIVE_UP, NOW, FIRST_RETRY).status());
        Recorded refused = Recorded.of(Outcome.refused("x".repeat(5000)), 1, GIVE_UP, NOW, FIRST_RETRY);
        assertEquals(DeliveryStatus.FAILED, refused.status());
        assertEquals(Delivery.MAX_ERROR_LENGTH, refused.error().length());
    }
}
