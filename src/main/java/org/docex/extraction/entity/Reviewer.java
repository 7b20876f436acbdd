package org.docex.extraction.entity;

import java.util.Objects;
import java.util.UUID;
import org.docex.errors.PermissionDeniedException;
import org.docex.security.control.Role;

/** Who reviews a workflow: anyone may save a draft, only reviewers and admins decide. */
public record Reviewer(UUID userId, String email, Role role) {

    public static final String ONLY_REVIEWERS = "Only reviewers can commit or reject";

    public Reviewer {
        Objects.requireNonNull(userId);
        Objects.requireNonNull(email);
        Objects.requireNonNull(role);
    }

    public void requireMayDecide() {
        if (!role.canReview()) {
            throw new PermissionDeniedException(ONLY_REVIEWERS);
        }
    }
}
