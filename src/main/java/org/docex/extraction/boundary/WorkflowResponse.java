package org.docex.extraction.boundary;

import jakarta.json.JsonObject;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.docex.extraction.control.review.AuditTrail;
import org.docex.extraction.control.workflow.ResultJson;
import org.docex.extraction.entity.FieldChange;
import org.docex.extraction.entity.QueueSummary;
import org.docex.extraction.entity.ReviewEntry;
import org.docex.extraction.entity.ReviewedFields;
import org.docex.extraction.entity.Workflow;

/**
 * A workflow as clients see it. {@code result} is the stored machine output, null until
 * extracted. {@code draft} and {@code committed} are null until saved; {@code reviews} is the end
 * of the audit trail: its latest entries (at most {@link AuditTrail#LATEST}), oldest first, of
 * {@code reviews_total}; {@code reviews_url} pages through all of them. List items leave out result,
 * draft, committed and the reviews (all null) to stay small.
 */
public record WorkflowResponse(UUID id, UUID documentId, String status, String template, String createdBy,
                               Instant createdAt, Instant startedAt, Instant finishedAt, String error,
                               Progress progress, long version, Summary summary, JsonObject result, Draft draft,
                               Committed committed, List<Review> reviews, Long reviewsTotal, String reviewsUrl) {

    /**
     * What the work queue shows: the invoice's key values as they stand (committed, else the draft,
     * else extracted), the lowest confidence of its fields and how many checks failed; null until
     * extracted. Amounts are plain decimals as text, dates ISO dates.
     */
    public record Summary(String vendorName, String invoiceNumber, LocalDate invoiceDate, LocalDate dueDate,
                          String totalAmount, String currency, Double minConfidence, int failedChecks) {

        static Summary of(Workflow workflow) {
            return workflow.summary().map(summary -> {
                QueueSummary.KeyValues values = summary.values();
                return new Summary(values.vendorName(), values.invoiceNumber(), values.invoiceDate(), values.dueDate(),
                        amount(values.totalAmount()),
                        values.currency(), summary.minConfidence(), summary.failedChecks() == null ? 0 : summary.failedChecks());
            }).orElse(null);
        }

        /** As the review's values write money: at least two decimals, no trailing zeros beyond them. */
        private static String amount(BigDecimal total) {
            if (total == null) {
                return null;
            }
            BigDecimal plain = total.stripTrailingZeros();
            return (plain.scale() < 2 ? plain.setScale(2) : plain).toPlainString();
        }
    }

    public record Progress(int pagesDone, int pagesTotal) {
    }

    public record Draft(Map<String, String> fields, String savedBy, Instant savedAt) {

        static Draft from(ReviewedFields draft) {
            return new Draft(draft.fields().asMap(), draft.by(), draft.at());
        }
    }

    public record Committed(Map<String, String> fields, String committedBy, Instant committedAt) {

        static Committed from(ReviewedFields committed) {
            return new Committed(committed.fields().asMap(), committed.by(), committed.at());
        }
    }

    public record Review(String action, String by, String role, Instant at, String comment, List<FieldChange> changes) {

        public static Review from(ReviewEntry entry) {
            return new Review(entry.action().apiName(), entry.reviewedBy(), entry.reviewedByRole().id(),
                    entry.reviewedAt(), entry.comment(), entry.changes());
        }
    }

    /** The latest reviews of a workflow, oldest first, and where to page through all {@code total} of them. */
    public record Trail(List<ReviewEntry> latest, long total, String url) {
    }

    /** The whole workflow: {@code resultJson} null until extracted. */
    public static WorkflowResponse from(Workflow workflow, String resultJson, Trail trail) {
        return of(workflow, resultJson == null ? null : ResultJson.read(resultJson),
                workflow.draft().map(Draft::from).orElse(null), workflow.committed().map(Committed::from).orElse(null),
                trail.latest().stream().map(Review::from).toList(), trail.total(), trail.url());
    }

    public static WorkflowResponse summary(Workflow workflow) {
        return of(workflow, null, null, null, null, null, null);
    }

    private static WorkflowResponse of(Workflow workflow, JsonObject result, Draft draft, Committed committed,
                                       List<Review> reviews, Long reviewsTotal, String reviewsUrl) {
        return new WorkflowResponse(workflow.id(), workflow.documentId(), workflow.status().apiName(),
                workflow.template(), workflow.createdByEmail(), workflow.createdAt(), workflow.startedAt(),
                workflow.finishedAt(), workflow.error(), new Progress(workflow.pagesDone(), workflow.pagesTotal()),
                workflow.version(), Summary.of(workflow), result, draft, committed, reviews, reviewsTotal, reviewsUrl);
    }
}
