package org.docex.security.control;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What a user may do; the lower-case name is what the API and the token carry. */
public enum Role {
    ANALYST, REVIEWER, ADMIN;

    public static final String ANALYST_NAME = "analyst";
    public static final String REVIEWER_NAME = "reviewer";
    public static final String ADMIN_NAME = "admin";
    /** For bean validation of role names in requests. */
    public static final String PATTERN = "analyst|reviewer|admin";

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Role> named(String id) {
        return Arrays.stream(values()).filter(role -> role.id().equals(id)).findFirst();
    }

    public boolean canReview() {
        return this == REVIEWER || this == ADMIN;
    }
}
