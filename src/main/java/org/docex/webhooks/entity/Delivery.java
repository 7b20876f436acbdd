package org.docex.webhooks.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * One event to one subscription, and the durable queue entry that sends it. A node sends only
 * while it holds the lease it took in a version-checked update; each attempt's outcome is written
 * by the holder of that attempt alone. The sender's steps (claim, outcome) are plain SQL in
 * {@code DeliveryQueue}; the entity serves the admin API and the release at start.
 */
@Entity
@Table(name = "webhook_delivery")
public class Delivery {

    public static final int MAX_ERROR_LENGTH = 1000;

    @Id
    private UUID id;
    @Column(name = "subscription_id", nullable = false)
    private UUID subscriptionId;
    @Column(name = "event_id", nullable = false)
    private UUID eventId;
    @Column(name = "event_type", nullable = false)
    private String eventType;
    @Column(nullable = false)
    private String status;
    private int attempts;
    @Column(name = "last_status_code")
    private Integer lastStatusCode;
    @Column(name = "last_error")
    private String lastError;
    @Column(name = "last_response")
    private String lastResponse;
    @Column(name = "created_at", nullable = false)
    private Instant createdAt;
    @Column(name = "next_attempt_at")
    private Instant nextAttemptAt;
    @Column(name = "give_up_at", nullable = false)
    private Instant giveUpAt;
    @Column(name = "delivered_at")
    private Instant deliveredAt;
    @Column(name = "lease_owner")
    private String leaseOwner;
    @Column(name = "lease_until")
    private Instant leaseUntil;
    @Version
    @Column(name = "row_version")
    private long rowVersion;

    protected Delivery() {
    }

    public Delivery(UUID subscriptionId, WebhookEvent event, Instant now, Instant giveUpAt) {
        this.id = UUID.randomUUID();
        this.subscriptionId = Objects.requireNonNull(subscriptionId);
        this.eventId = event.id();
        this.eventType = event.type();
        this.status = DeliveryStatus.PENDING.apiName();
        this.createdAt = Objects.requireNonNull(now);
        this.nextAttemptAt = now;
        this.giveUpAt = Objects.requireNonNull(giveUpAt);
    }

    /** Whether a node may take it now: pending, due, and nobody's lease running. */
    public boolean claimable(Instant now) {
        return status() == DeliveryStatus.PENDING && nextAttemptAt != null && !nextAttemptAt.isAfter(now)
                && (leaseUntil == null || leaseUntil.isBefore(now));
    }

    /** Sent again as soon as a node is free (an admin's retry), with a new retry window. */
    public void retryNow(Instant now, Instant giveUpAt) {
        status = DeliveryStatus.PENDING.apiName();
        nextAttemptAt = now;
        this.giveUpAt = giveUpAt;
        release();
    }

    /** The lease of a node that stopped before it recorded the attempt: due again at once. */
    public void releaseLease(Instant now) {
        if (status() == DeliveryStatus.PENDING) {
            nextAttemptAt = now;
            release();
        }
    }

    private void release() {
        leaseOwner = null;
        leaseUntil = null;
    }

    public UUID id() { return id; }
    public UUID subscriptionId() { return subscriptionId; }
    public UUID eventId() { return eventId; }
    public String eventType() { return eventType; }
    public DeliveryStatus status() { return DeliveryStatus.named(status).orElseThrow(); }
    public int attempts() { return attempts; }
    public Integer lastStatusCode() { return lastStatusCode; }
    public String lastError() { return lastError; }
    public String lastResponse() { return lastResponse; }
    public Instant createdAt() { return createdAt; }
    public Instant nextAttemptAt() { return nextAttemptAt; }
    public Instant deliveredAt() { return deliveredAt; }
}
