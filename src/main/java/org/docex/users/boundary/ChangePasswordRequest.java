package org.docex.users.boundary;

import jakarta.validation.constraints.NotNull;

/** A user changing their own password; other properties in the body (id, role, ...) are ignored. */
public record ChangePasswordRequest(@NotNull String currentPassword, @NotNull String newPassword) {
}
