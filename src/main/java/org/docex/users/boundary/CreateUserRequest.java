package org.docex.users.boundary;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import org.docex.security.control.Role;

/** What an admin may set on a new account; anything else in the body is ignored. */
public record CreateUserRequest(
        @NotNull @Pattern(regexp = EmailAddress.PATTERN, message = EmailAddress.MESSAGE) String email,
        @NotNull String password,
        @NotNull @Pattern(regexp = Role.PATTERN, message = "must be one of analyst, reviewer, admin") String role) {
}
