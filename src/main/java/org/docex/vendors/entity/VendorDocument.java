package org.docex.vendors.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/** A committed workflow a vendor learned from; it goes with its workflow. */
@Entity
@Table(name = "vendor_document")
public class VendorDocument {

    @Id
    @Column(name = "workflow_id")
    private UUID workflowId;
    @Column(name = "vendor_id", nullable = false)
    private UUID vendorId;
    @Column(name = "learned_at", nullable = false)
    private Instant learnedAt;

    protected VendorDocument() {
    }

    public VendorDocument(UUID workflowId, UUID vendorId, Instant learnedAt) {
        this.workflowId = Objects.requireNonNull(workflowId);
        this.vendorId = Objects.requireNonNull(vendorId);
        this.learnedAt = Objects.requireNonNull(learnedAt);
    }

    public UUID workflowId() { return workflowId; }
    public UUID vendorId() { return vendorId; }
}
