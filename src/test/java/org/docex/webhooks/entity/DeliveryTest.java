package org.docex.webhooks.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DeliveryTest {

    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");

    private final Delivery delivery = new Delivery(UUID.randomUUID(),
            new WebhookEvent(UUID.randomUUID(), "document.uploaded", UUID.randomUUID(), NOW, "{}"), NOW, NOW.plus(Duration.ofHours(24)));

    @Test
    void aNewDeliveryIsPendingAndDueAtOnce() {
        assertEquals(DeliveryStatus.PENDING, delivery.status());
        assertEquals(0, delivery.attempts());
        assertFalse(delivery.claimable(NOW.minusMillis(1)));
        assertTrue(delivery.claimable(NOW));
    }

    @Test
    void anAdminsRetryMakesItDueAtThatMoment() {
        delivery.retryNow(NOW.plus(Duration.ofHours(26)), NOW.plus(Duration.ofHours(50)));
        assertEquals(DeliveryStatus.PENDING, delivery.status());
        assertFalse(delivery.claimable(NOW.plus(Duration.ofHours(25))));
        assertTrue(delivery.claimable(NOW.plus(Duration.ofHours(26))));
    }

    @Test
    void aReleasedLeaseMakesItDueAtOnce() {
        delivery.releaseLease(NOW.plusSeconds(5));
        assertTrue(delivery.claimable(NOW.plusSeconds(5)));
    }
}
