package org.docex.security.control;

import java.util.UUID;

/** The authenticated user of the current request, as verified from token and session. */
public record Caller(UUID userId, String email, Role role, boolean mfaVerified, boolean mfaEnabled, String sessionId) {
}
