package org.docex.extraction.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.time.Instant;
import java.util.Optional;

/** The latest draft of a workflow's fields and, once committed, the data that is the record. */
@Embeddable
public class ReviewState {

    @Column(name = "draft_fields")
    private FieldValues draftFields;
    @Column(name = "draft_saved_by")
    private String draftSavedBy;
    @Column(name = "draft_saved_at")
    private Instant draftSavedAt;
    @Column(name = "committed_fields")
    private FieldValues committedFields;
    @Column(name = "committed_by")
    private String committedBy;
    @Column(name = "committed_at")
    private Instant committedAt;

    Optional<ReviewedFields> draft() {
        return draftFields == null ? Optional.empty()
                : Optional.of(new ReviewedFields(draftFields, draftSavedBy, draftSavedAt));
    }

    Optional<ReviewedFields> committed() {
        return committedFields == null ? Optional.empty()
                : Optional.of(new ReviewedFields(committedFields, committedBy, committedAt));
    }

    void saveDraft(ReviewedFields draft) {
        draftFields = draft.fields();
        draftSavedBy = draft.by();
        draftSavedAt = draft.at();
    }

    void commit(ReviewedFields record) {
        if (committedFields != null) {
            throw new IllegalStateException("Committed data is never replaced");
        }
        committedFields = record.fields();
        committedBy = record.by();
        committedAt = record.at();
    }
}
