package org.docex.extraction.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.docex.errors.ConflictException;

/**
 * One extraction of one document, and the durable queue entry that drives it. Every state change
 * is a method that refuses an illegal transition; the row version makes each change conditional
 * on nobody else having changed the row since it was read, which is what lets several nodes
 * share the queue.
 */
@Entity
@Table(name = "extraction_workflow")
public class Workflow {

    public static final int MAX_ERROR_LENGTH = 2000;

    @Id
    private UUID id;
    @Column(name = "document_id", nullable = false)
    private UUID documentId;
    @Column(nullable = false)
    private WorkflowStatus status;
    @Column(nullable = false)
    private String template;
    @Column(name = "custom_fields")
    private String customFields;
    @Column(name = "ocr_mode", nullable = false)
    private String ocrMode = "auto";
    @Column(name = "created_by", nullable = false)
    private UUID createdBy;
    @Column(name = "created_by_email", nullable = false)
    private String createdByEmail;
    @Column(name = "created_at", nullable = false)
    private Instant createdAt;
    @Column(name = "started_at")
    private Instant startedAt;
    @Column(name = "finished_at")
    private Instant finishedAt;
    private String error;
    @Column(name = "pages_done")
    private int pagesDone;
    @Column(name = "pages_total")
    private int pagesTotal;
    private int attempts;
    @Column(name = "claimed_by")
    private String claimedBy;
    @Column(name = "lease_until")
    private Instant leaseUntil;
    @Column(name = "review_version")
    private long reviewVersion;
    @Embedded
    private ReviewState review = new ReviewState();
    @Embedded
    private QueueSummary summary;
    @Version
    @Column(name = "row_version")
    private long rowVersion;

    protected Workflow() {
    }

    public Workflow(UUID documentId, String template, String customFields, String ocrMode, UUID createdBy,
                    String createdByEmail, int pagesTotal, Instant now) {
        this.id = UUID.randomUUID();
        this.documentId = Objects.requireNonNull(documentId);
        this.status = WorkflowStatus.QUEUED;
        this.template = Objects.requireNonNull(template);
        this.customFields = customFields;
        this.ocrMode = Objects.requireNonNull(ocrMode);
        this.createdBy = Objects.requireNonNull(createdBy);
        this.createdByEmail = Objects.requireNonNull(createdByEmail);
        this.createdAt = now;
        this.pagesTotal = Math.max(0, pagesTotal);
        this.reviewVersion = 1;
    }

    /** Takes a queued workflow for {@code node}; the returned claim is needed for every later step. */
    public Claim claim(String node, Instant now, Instant leaseUntil) {
        require(WorkflowStatus.QUEUED, "start");
        status = WorkflowStatus.RUNNING;
        attempts++;
        claimedBy = Objects.requireNonNull(node);
        this.leaseUntil = leaseUntil;
        startedAt = now;
        pagesDone = 0;
        return new Claim(node, attempts);
    }

    public boolean heldBy(Claim claim) {
        return status == WorkflowStatus.RUNNING && claim.node().equals(claimedBy) && claim.attempt() == attempts;
    }

    public boolean leaseExpired(Instant now) {
        return status == WorkflowStatus.RUNNING && (leaseUntil == null || leaseUntil.isBefore(now));
    }

    /** Records pages read so far and extends the lease: the holder is alive. */
    public void progress(Claim claim, int done, int total, Instant leaseUntil) {
        requireHeld(claim, "record progress of");
        pagesTotal = Math.max(0, total);
        pagesDone = Math.max(0, Math.min(done, pagesTotal));
        this.leaseUntil = leaseUntil;
    }

    public void renewLease(Claim claim, Instant leaseUntil) {
        requireHeld(claim, "renew the lease of");
        this.leaseUntil = leaseUntil;
    }

    /** The detail of page {@code number} (1-based) of this workflow's result, to be stored with it. */
    public WorkflowPage page(int number, String json) {
        return new WorkflowPage(id, number, json);
    }

    /** The one way a result comes to exist: together with the status that says it is there. */
    public WorkflowResult finishExtracted(Claim claim, String resultJson, int pages, Instant now) {
        requireHeld(claim, "finish");
        status = WorkflowStatus.EXTRACTED;
        pagesTotal = Math.max(0, pages);
        pagesDone = pagesTotal;
        finishedAt = now;
        release();
        return new WorkflowResult(id, resultJson);
    }

    public void fail(Claim claim, String reason, Instant now) {
        requireHeld(claim, "fail");
        failWith(reason, now);
    }

    /**
     * The holder stopped renewing its lease (its node stopped or crashed): back to the queue, or
     * failed once {@code maxAttempts} attempts were interrupted.
     */
    public void requeueAfterLostLease(Instant now, int maxAttempts) {
        require(WorkflowStatus.RUNNING, "requeue");
        if (attempts >= maxAttempts) {
            failWith("The extraction was interrupted " + attempts + " times and was given up", now);
            return;
        }
        status = WorkflowStatus.QUEUED;
        pagesDone = 0;
        release();
    }

    /** Keeps {@code fields} as the working copy under review; an extracted workflow is then in review. */
    public void saveDraft(Reviewer reviewer, FieldValues fields, Instant now) {
        status.requireReviewable();
        reviewToChange().saveDraft(new ReviewedFields(fields, reviewer.email(), now));
        status = WorkflowStatus.IN_REVIEW;
        reviewVersion++;
    }

    /** Freezes {@code fields} as the record of this workflow. */
    public void commit(Reviewer reviewer, FieldValues fields, Instant now) {
        reviewer.requireMayDecide();
        status.requireReviewable();
        reviewToChange().commit(new ReviewedFields(fields, reviewer.email(), now));
        status = WorkflowStatus.COMMITTED;
        reviewVersion++;
    }

    /** Ends the review without committed data. */
    public void reject(Reviewer reviewer) {
        reviewer.requireMayDecide();
        status.requireReviewable();
        status = WorkflowStatus.REJECTED;
        reviewVersion++;
    }

    /** Takes a rejected workflow back into review, its last draft (if any) the working copy again. */
    public void reopen(Reviewer reviewer) {
        reviewer.requireMayDecide();
        if (status != WorkflowStatus.REJECTED) {
            throw new ConflictException("Only a rejected workflow can be reopened");
        }
        status = WorkflowStatus.IN_REVIEW;
        reviewVersion++;
    }

    /** What the work queue shows of this workflow: empty until its result was summarised. */
    public Optional<QueueSummary> summary() {
        return Optional.ofNullable(summary).filter(known -> known.indexedAt().isPresent());
    }

    /** Summarises the extraction for the work queue (at the end of the extraction, or later for one extracted before). */
    public void summarise(QueueSummary extracted) {
        if (!status.hasResult()) {
            throw new IllegalStateException("Only an extracted workflow has a summary");
        }
        summary = Objects.requireNonNull(extracted);
    }

    /** The key values as a review left them, the extraction's figures kept. */
    public void summariseReview(QueueSummary.KeyValues values) {
        summary().ifPresent(known -> summary = known.with(values));
    }

    /** A review made from an older version would overwrite what was saved since: refused. */
    public void requireVersion(Long expected) {
        if (expected != null && expected != reviewVersion) {
            throw new ConflictException("Someone else saved first: the workflow is at version " + reviewVersion
                    + "; reload it and try again");
        }
    }

    // The provider leaves an embeddable null when all of its columns are. Only a change may replace
    // it: a new one set while reading would count as a change and update the row.
    private ReviewState reviewToChange() {
        if (review == null) {
            review = new ReviewState();
        }
        return review;
    }

    private void failWith(String reason, Instant now) {
        status = WorkflowStatus.FAILED;
        String text = reason == null || reason.isBlank() ? "The extraction failed" : reason.strip();
        error = text.length() > MAX_ERROR_LENGTH ? text.substring(0, MAX_ERROR_LENGTH) : text;
        finishedAt = now;
        release();
    }

    private void release() {
        claimedBy = null;
        leaseUntil = null;
    }

    private void requireHeld(Claim claim, String action) {
        if (!heldBy(claim)) {
            throw new IllegalStateException("Cannot " + action + " workflow " + id + ": it is " + status.apiName()
                    + " and not held by " + claim);
        }
    }

    private void require(WorkflowStatus expected, String action) {
        if (status != expected) {
            throw new IllegalStateException("Cannot " + action + " workflow " + id + ": it is " + status.apiName());
        }
    }

    public UUID id() { return id; }
    public UUID documentId() { return documentId; }
    public WorkflowStatus status() { return status; }
    public String template() { return template; }
    public String ocrMode() { return ocrMode; }
    public String customFields() { return customFields; }
    public UUID createdBy() { return createdBy; }
    public String createdByEmail() { return createdByEmail; }
    public Instant createdAt() { return createdAt; }
    public Instant startedAt() { return startedAt; }
    public Instant finishedAt() { return finishedAt; }
    public String error() { return error; }
    public int pagesDone() { return pagesDone; }
    public int pagesTotal() { return pagesTotal; }
    public int attempts() { return attempts; }
    public String claimedBy() { return claimedBy; }
    public long version() { return reviewVersion; }
    public Optional<ReviewedFields> draft() { return review == null ? Optional.empty() : review.draft(); }
    public Optional<ReviewedFields> committed() { return review == null ? Optional.empty() : review.committed(); }
}
