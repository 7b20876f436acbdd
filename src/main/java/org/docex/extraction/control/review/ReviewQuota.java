package org.docex.extraction.control.review;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.docex.errors.ConflictException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code DOCEX_REVIEW_MAX_DRAFTS}: the most reviews a workflow keeps in its audit trail before further
 * drafts are refused. Committing or rejecting stays possible, so a workflow can always be finished.
 */
@ApplicationScoped
public class ReviewQuota {

    @Inject
    @ConfigProperty(name = "docex.review-max-drafts", defaultValue = "1000")
    int maxReviews;

    /** Refuses a draft (409) once the workflow has {@code reviews} at the quota. */
    public void checkDraft(long reviews) {
        if (reviews >= maxReviews) {
            throw new ConflictException("The workflow has reached its limit of " + maxReviews
                    + " reviews; commit or reject it instead of saving another draft");
        }
    }
}
