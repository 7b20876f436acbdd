package org.docex.users.boundary;

import jakarta.validation.constraints.Pattern;
import org.docex.security.control.Role;

/** A partial update by an admin: only the fields present change. */
public record UpdateUserRequest(
        @Pattern(regexp = Role.PATTERN, message = "must be one of analyst, reviewer, admin") String role,
        Boolean active,
        String password) {
}
