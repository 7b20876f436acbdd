package org.docex.users.boundary;

import java.time.Instant;
import java.util.UUID;
import org.docex.users.entity.User;

/** A user as admins see it; never the password hash or MFA secrets. */
public record UserResponse(UUID id, String email, String role, boolean mfaEnabled, boolean active, Instant createdAt) {

    public static UserResponse from(User user) {
        return new UserResponse(user.id(), user.email(), user.role().id(), user.mfaEnabled(), user.active(), user.createdAt());
    }
}
