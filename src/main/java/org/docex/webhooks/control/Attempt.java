package org.docex.webhooks.control;

import java.time.Instant;
import java.util.UUID;

/** One attempt a node holds: what to send where, and the number that lets only this attempt record its outcome. */
public record Attempt(UUID deliveryId, int number, UUID subscriptionId, String url, boolean subscriptionActive,
                      String secret, UUID eventId, String body, Instant giveUpAt) {

    @Override
    public String toString() {
        return "Attempt[" + deliveryId + " #" + number + " to subscription " + subscriptionId + "]";
    }
}
