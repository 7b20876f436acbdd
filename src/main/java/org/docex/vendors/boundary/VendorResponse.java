package org.docex.vendors.boundary;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.docex.vendors.control.Vendors;
import org.docex.vendors.entity.StoredRule;

/**
 * A vendor as listed: {@code {"id", "name", "identifiers", "documents_committed", "learned_fields",
 * "updated_at"}}; {@link Detail} adds its {@code "rules"}.
 */
public record VendorResponse(UUID id, String name, Map<String, String> identifiers, long documentsCommitted,
                             long learnedFields, Instant updatedAt) {

    /** One vendor read whole: as listed, and its rules. */
    public record Detail(UUID id, String name, Map<String, String> identifiers, long documentsCommitted,
                         long learnedFields, Instant updatedAt, List<RuleResponse> rules) {
    }

    /** One learned rule: the field, the workflow it was learned from and how later reviews judged it. */
    public record RuleResponse(String field, UUID learnedFromWorkflow, Instant learnedAt, int timesConfirmed,
                               int timesCorrected, boolean addedByReviewer) {

        static RuleResponse from(StoredRule rule) {
            return new RuleResponse(rule.field(), rule.learnedFrom(), rule.learnedAt(), rule.timesConfirmed(),
                    rule.timesCorrected(), rule.addedByReviewer());
        }
    }

    static VendorResponse from(Vendors.Summary summary) {
        return new VendorResponse(summary.vendor().id(), summary.vendor().name(), summary.identifiers(),
                summary.documentsCommitted(), summary.learnedFields(), summary.vendor().updatedAt());
    }

    static Detail withRules(Vendors.Summary summary, List<StoredRule> rules) {
        return new Detail(summary.vendor().id(), summary.vendor().name(), summary.identifiers(),
                summary.documentsCommitted(), summary.learnedFields(), summary.vendor().updatedAt(),
                rules.stream().map(RuleResponse::from).toList());
    }
}
