package org.docex.vendors.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/** A committed workflow waiting to be learned from. */
@Entity
@Table(name = "vendor_learning")
public class LearningTask {

    @Id
    @Column(name = "workflow_id")
    private UUID workflowId;
    @Column(name = "queued_at", nullable = false)
    private Instant queuedAt;
    private int attempts;

    protected LearningTask() {
    }

    public LearningTask(UUID workflowId, Instant queuedAt) {
        this.workflowId = Objects.requireNonNull(workflowId);
        this.queuedAt = Objects.requireNonNull(queuedAt);
    }

    public void failedOnce() {
        attempts++;
    }

    public UUID workflowId() { return workflowId; }
    public int attempts() { return attempts; }
}
