package org.docex.review.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.UUID;
import org.docex.errors.PermissionDeniedException;
import org.docex.extraction.entity.Reviewer;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code DOCEX_REVIEW_FOUR_EYES}: when on, nobody commits a workflow of which they saved a draft,
 * so that committed data has always been seen by two people.
 */
@ApplicationScoped
public class FourEyesRule {

    static final String REFUSAL = "Four-eyes rule: you saved a draft of this workflow, so another reviewer must commit it";

    @Inject
    @ConfigProperty(name = "docex.review-four-eyes", defaultValue = "false")
    boolean required;

    public void check(Reviewer committer, Collection<UUID> draftAuthors) {
        if (required && draftAuthors.contains(committer.userId())) {
            throw new PermissionDeniedException(REFUSAL);
        }
    }

    public boolean required() {
        return required;
    }
}
