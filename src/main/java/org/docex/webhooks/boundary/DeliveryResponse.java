package org.docex.webhooks.boundary;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;
import java.util.UUID;
import org.docex.webhooks.entity.Delivery;

/** A delivery as admins see it: where it stands and what the receiver last answered (at most 1 KiB of it). */
@JsonbPropertyOrder({"id", "eventId", "eventType", "status", "attempts", "lastStatusCode", "lastError", "lastResponse",
        "nextAttemptAt", "createdAt", "deliveredAt"})
public record DeliveryResponse(UUID id, UUID eventId, String eventType, String status, int attempts, Integer lastStatusCode,
                               String lastError, String lastResponse, Instant nextAttemptAt, Instant createdAt,
                               Instant deliveredAt) {

    public static DeliveryResponse from(Delivery delivery) {
        return new DeliveryResponse(delivery.id(), delivery.eventId(), delivery.eventType(), delivery.status().apiName(),
                delivery.attempts(), delivery.lastStatusCode(), delivery.lastError(), delivery.lastResponse(),
                delivery.nextAttemptAt(), delivery.createdAt(), delivery.deliveredAt());
    }
}
