package org.docex.users.boundary;

import java.time.Instant;
import java.util.UUID;
import org.docex.users.entity.User;

/** The signed-in user; {@code mfa_verified} is the {@code mfa} claim of the token used. */
public record MeResponse(UUID id, String email, String role, boolean mfaEnabled, boolean mfaVerified, boolean active,
                         Instant createdAt) {

    public static MeResponse from(User user, boolean mfaVerified) {
        return new MeResponse(user.id(), user.email(), user.role().id(), user.mfaEnabled(), mfaVerified, user.active(),
                user.createdAt());
    }
}
