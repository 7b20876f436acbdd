package org.docex.extraction.control.review;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.docex.errors.ConflictException;
import org.docex.errors.PermissionDeniedException;
import org.docex.extraction.entity.FieldChange;
import org.docex.extraction.entity.Reviewer;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code DOCEX_REVIEW_FOUR_EYES}: when on, nobody commits a workflow of which they saved a draft, and
 * a commit changes no value (its fields must leave the last draft, or the extracted values when
 * there is none, as they are), so that committed data has always been seen by two people. A change
 * made with the commit itself would have been seen by one.
 */
@ApplicationScoped
public class FourEyesRule {

    static final String REFUSAL = "Four-eyes rule: you saved a draft of this workflow, so another reviewer must commit it";
    static final String CHANGED_ON_COMMIT = "Four-eyes rule: a commit cannot change values; save your changes as a draft"
            + " for another reviewer to commit";

    @Inject
    @ConfigProperty(name = "docex.review-four-eyes", defaultValue = "false")
    boolean required;

    /** A commit by {@code committer} that makes {@code changes}: 403 for a draft author, 409 for changes. */
    public void check(Reviewer committer, Collection<UUID> draftAuthors, List<FieldChange> changes) {
        if (required && draftAuthors.contains(committer.userId())) {
            throw new PermissionDeniedException(REFUSAL);
        }
        if (required && !changes.isEmpty()) {
            throw new ConflictException(CHANGED_ON_COMMIT);
        }
    }

    public boolean required() {
        return required;
    }
}
