package org.docex.extraction.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.docex.security.control.Role;

/**
 * One accepted review of a workflow, as the audit trail keeps it. Entries are only ever added:
 * nothing changes or removes one (they go with their workflow, by the database's cascade).
 */
@Entity
@Table(name = "workflow_review")
public class ReviewEntry {

    public static final int MAX_COMMENT_LENGTH = 2000;

    @Id
    private UUID id;
    @Column(name = "workflow_id", nullable = false, updatable = false)
    private UUID workflowId;
    @Column(name = "workflow_version", nullable = false, updatable = false)
    private long workflowVersion;
    @Column(nullable = false, updatable = false)
    private ReviewAction action;
    @Column(name = "reviewed_by_id", nullable = false, updatable = false)
    private UUID reviewedById;
    @Column(name = "reviewed_by", nullable = false, updatable = false)
    private String reviewedBy;
    @Column(name = "reviewed_by_role", nullable = false, updatable = false)
    private Role reviewedByRole;
    @Column(name = "reviewed_at", nullable = false, updatable = false)
    private Instant reviewedAt;
    @Column(name = "review_comment", updatable = false)
    private String comment;
    @Convert(converter = FieldChangesConverter.class)
    @Column(nullable = false, updatable = false)
    private List<FieldChange> changes;

    protected ReviewEntry() {
    }

    /** {@code workflowVersion}: the version of the workflow this review produced. */
    public ReviewEntry(UUID workflowId, long workflowVersion, ReviewAction action, Reviewer reviewer, Instant at,
                       String comment, List<FieldChange> changes) {
        if (comment != null && comment.codePointCount(0, comment.length()) > MAX_COMMENT_LENGTH) {
            throw new IllegalArgumentException("A review comment has at most " + MAX_COMMENT_LENGTH + " characters");
        }
        this.id = UUID.randomUUID();
        this.workflowId = Objects.requireNonNull(workflowId);
        this.workflowVersion = workflowVersion;
        this.action = Objects.requireNonNull(action);
        this.reviewedById = reviewer.userId();
        this.reviewedBy = reviewer.email();
        this.reviewedByRole = reviewer.role();
        this.reviewedAt = Objects.requireNonNull(at);
        this.comment = comment;
        this.changes = List.copyOf(changes);
    }

    public UUID workflowId() { return workflowId; }
    public long workflowVersion() { return workflowVersion; }
    public ReviewAction action() { return action; }
    public UUID reviewedById() { return reviewedById; }
    public String reviewedBy() { return reviewedBy; }
    public Role reviewedByRole() { return reviewedByRole; }
    public Instant reviewedAt() { return reviewedAt; }
    public String comment() { return comment; }
    public List<FieldChange> changes() { return changes; }
}
