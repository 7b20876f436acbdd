package org.docex.webhooks.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/** Where events of some types are sent, signed with the subscription's secret (stored encrypted). */
@Entity
@Table(name = "webhook_subscription")
public class Subscription {

    public static final String ALL_EVENTS = "*";

    @Id
    private UUID id;
    @Column(nullable = false)
    private String url;
    @Column(nullable = false)
    private String events;
    private String description;
    @Column(nullable = false)
    private boolean active;
    @Column(name = "secret_encrypted", nullable = false)
    private String secretEncrypted;
    @Column(name = "created_by", nullable = false)
    private String createdBy;
    @Column(name = "created_at", nullable = false)
    private Instant createdAt;
    @Column(name = "deactivated_reason")
    private String deactivatedReason;
    @Version
    @Column(name = "row_version")
    private long rowVersion;

    protected Subscription() {
    }

    public Subscription(String url, List<String> events, String description, String secretEncrypted, String createdBy,
                        Instant now) {
        this.id = UUID.randomUUID();
        this.url = Objects.requireNonNull(url);
        this.events = String.join(",", events);
        this.description = description;
        this.active = true;
        this.secretEncrypted = Objects.requireNonNull(secretEncrypted);
        this.createdBy = Objects.requireNonNull(createdBy);
        this.createdAt = Objects.requireNonNull(now);
    }

    /** Whether an event of {@code type} goes to this subscription now. */
    public boolean wants(String type) {
        return active && (events.equals(ALL_EVENTS) || events().contains(type));
    }

    public void changeUrl(String url) {
        this.url = Objects.requireNonNull(url);
    }

    public void changeEvents(List<String> events) {
        this.events = String.join(",", events);
    }

    public void describe(String description) {
        this.description = description;
    }

    /** Turned on or off by an admin; turning it on clears why the server had turned it off. */
    public void activate(boolean active) {
        this.active = active;
        if (active) {
            deactivatedReason = null;
        }
    }

    /** Turned off by the server, for a reason shown to admins. */
    public void deactivate(String reason) {
        this.active = false;
        this.deactivatedReason = reason;
    }

    public void replaceSecret(String secretEncrypted) {
        this.secretEncrypted = Objects.requireNonNull(secretEncrypted);
    }

    public UUID id() { return id; }
    public String url() { return url; }
    public List<String> events() { return Arrays.asList(events.split(",")); }
    public String description() { return description; }
    public boolean active() { return active; }
    public String secretEncrypted() { return secretEncrypted; }
    public String createdBy() { return createdBy; }
    public Instant createdAt() { return createdAt; }
    public String deactivatedReason() { return deactivatedReason; }
}
