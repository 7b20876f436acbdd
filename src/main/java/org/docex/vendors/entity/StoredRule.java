package org.docex.vendors.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/** A vendor's rule for one field as stored: the rule as JSON, where it was learned and how it fared since. */
@Entity
@Table(name = "vendor_rule")
@IdClass(StoredRule.Key.class)
public class StoredRule {

    @Id
    @Column(name = "vendor_id")
    private UUID vendorId;
    @Id
    private String field;
    @Column(nullable = false)
    private String rule;
    @Column(name = "learned_from", nullable = false)
    private UUID learnedFrom;
    @Column(name = "learned_at", nullable = false)
    private Instant learnedAt;
    @Column(name = "times_confirmed")
    private int timesConfirmed;
    @Column(name = "times_corrected")
    private int timesCorrected;
    private int failures;
    @Column(name = "added_by_reviewer")
    private boolean addedByReviewer;

    protected StoredRule() {
    }

    public StoredRule(UUID vendorId, String field, String rule, UUID learnedFrom, Instant learnedAt, int timesConfirmed,
                      int timesCorrected, int failures, boolean addedByReviewer) {
        this.vendorId = Objects.requireNonNull(vendorId);
        this.field = Objects.requireNonNull(field);
        this.rule = Objects.requireNonNull(rule);
        this.learnedFrom = Objects.requireNonNull(learnedFrom);
        this.learnedAt = Objects.requireNonNull(learnedAt);
        this.timesConfirmed = timesConfirmed;
        this.timesCorrected = timesCorrected;
        this.failures = failures;
        this.addedByReviewer = addedByReviewer;
    }

    public UUID vendorId() { return vendorId; }
    public String field() { return field; }
    public String rule() { return rule; }
    public UUID learnedFrom() { return learnedFrom; }
    public Instant learnedAt() { return learnedAt; }
    public int timesConfirmed() { return timesConfirmed; }
    public int timesCorrected() { return timesCorrected; }
    public int failures() { return failures; }
    public boolean addedByReviewer() { return addedByReviewer; }

    /** The primary key: vendor and field. */
    public record Key(UUID vendorId, String field) implements Serializable {
    }
}
