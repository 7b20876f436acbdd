package org.docex.webhooks.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
    void oneNodeHoldsAnAttemptAndOnlyThatAttemptRecordsItsOutcome() {
        assertTrue(delivery.claimable(NOW));
        int attempt = delivery.claim("node-a", NOW, NOW.plusSeconds(50));
        assertEquals(1, attempt);
        assertFalse(delivery.claimable(NOW.plusSeconds(10)), "held while the lease runs");
        assertThrows(IllegalStateException.class, () -> delivery.claim("node-b", NOW.plusSeconds(10), NOW.plusSeconds(60)));
        assertTrue(delivery.heldBy("node-a", 1));
        assertFalse(delivery.heldBy("node-b", 1));

        // node-a died: after its lease, node-b takes the delivery, and node-a's late answer no longer counts.
        assertTrue(delivery.claimable(NOW.plusSeconds(51)));
        assertEquals(2, delivery.claim("node-b", NOW.plusSeconds(51), NOW.plusSeconds(101)));
        assertFalse(delivery.heldBy("node-a", 1));
        delivery.succeeded(204, "", NOW.plusSeconds(52));
        assertEquals(DeliveryStatus.SUCCEEDED, delivery.status());
        assertFalse(delivery.claimable(NOW.plusSeconds(200)));
    }

    @Test
    void aRetryPastTheWindowFailsTheDelivery() {
        delivery.claim("node-a", NOW, NOW.plusSeconds(50));
        delivery.retryAt(NOW.plusSeconds(10), 503, "HTTP 503", "busy");
        assertEquals(DeliveryStatus.PENDING, delivery.status());
        assertFalse(delivery.claimable(NOW.plusSeconds(5)), "not before its time");
        assertTrue(delivery.claimable(NOW.plusSeconds(10)));

        delivery.claim("node-a", NOW.plusSeconds(10), NOW.plusSeconds(60));
        delivery.retryAt(NOW.plus(Duration.ofHours(25)), null, "No answer within 10 s", null);
        assertEquals(DeliveryStatus.FAILED, delivery.status());
        assertNull(delivery.nextAttemptAt());
        assertEquals("No answer within 10 s", delivery.lastError());

        delivery.retryNow(NOW.plus(Duration.ofHours(26)), NOW.plus(Duration.ofHours(50)));
        assertEquals(DeliveryStatus.PENDING, delivery.status());
        assertTrue(delivery.claimable(NOW.plus(Duration.ofHours(26))));
    }

    @Test
    void aRestartedNodeReleasesWhatItHeld() {
        delivery.claim("node-a", NOW, NOW.plusSeconds(50));
        delivery.releaseLease(NOW.plusSeconds(5));
        assertTrue(delivery.claimable(NOW.plusSeconds(5)));
        assertEquals(2, delivery.claim("node-a", NOW.plusSeconds(5), NOW.plusSeconds(55)));
    }
}
