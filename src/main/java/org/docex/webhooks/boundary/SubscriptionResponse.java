package org.docex.webhooks.boundary;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.docex.webhooks.entity.Subscription;

/**
 * A subscription as admins see it. {@code secret} only in the answers to create and rotate-secret
 * (null elsewhere); {@code deactivated_reason} says why the server turned it off (a receiver answered 410).
 */
@JsonbPropertyOrder({"id", "url", "events", "description", "active", "deactivatedReason", "createdAt", "secret"})
public record SubscriptionResponse(UUID id, String url, List<String> events, String description, boolean active,
                                   String deactivatedReason, Instant createdAt, String secret) {

    public static SubscriptionResponse from(Subscription subscription) {
        return withSecret(subscription, null);
    }

    public static SubscriptionResponse withSecret(Subscription subscription, String secret) {
        return new SubscriptionResponse(subscription.id(), subscription.url(), subscription.events(), subscription.description(),
                subscription.active(), subscription.deactivatedReason(), subscription.createdAt(), secret);
    }
}
