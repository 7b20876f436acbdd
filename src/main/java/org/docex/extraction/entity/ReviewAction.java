package org.docex.extraction.entity;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What a review does; the lower-case name is what the API and the database carry. */
public enum ReviewAction {
    SAVE_DRAFT, COMMIT, REJECT, REOPEN;

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Commit and reject end the review, reopen takes a rejected workflow back into review: reviewers and admins only. */
    public boolean decides() {
        return this != SAVE_DRAFT;
    }

    public static Optional<ReviewAction> named(String name) {
        return Arrays.stream(values()).filter(action -> action.apiName().equals(name)).findFirst();
    }
}
