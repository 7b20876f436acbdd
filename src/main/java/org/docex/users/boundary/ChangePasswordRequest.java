package org.docex.users.boundary;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** A user changing their own password; other properties in the body (id, role, ...) are ignored. */
public record ChangePasswordRequest(@NotNull @Size(max = 1024) String currentPassword, @NotNull String newPassword) {
}
