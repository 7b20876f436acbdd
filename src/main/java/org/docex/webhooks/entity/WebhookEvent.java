package org.docex.webhooks.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/** An event in the outbox: the CloudEvents body every delivery of it sends, unchanged. */
@Entity
@Table(name = "webhook_event")
public class WebhookEvent {

    @Id
    private UUID id;
    @Column(name = "event_type", nullable = false)
    private String type;
    @Column(nullable = false)
    private UUID subject;
    @Column(name = "created_at", nullable = false)
    private Instant createdAt;
    @Column(nullable = false)
    private String body;

    protected WebhookEvent() {
    }

    public WebhookEvent(UUID id, String type, UUID subject, Instant createdAt, String body) {
        this.id = Objects.requireNonNull(id);
        this.type = Objects.requireNonNull(type);
        this.subject = Objects.requireNonNull(subject);
        this.createdAt = Objects.requireNonNull(createdAt);
        this.body = Objects.requireNonNull(body);
    }

    public UUID id() { return id; }
    public String type() { return type; }
    public UUID subject() { return subject; }
    public Instant createdAt() { return createdAt; }
    public String body() { return body; }
}
