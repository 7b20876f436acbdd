package org.docex.security.boundary;

import java.time.Instant;
import org.docex.security.entity.Session;

/**
 * One of the caller's sessions: when it began and ends, whether it passed the second factor, and
 * whether it is the one this request was made with. Never the token itself.
 */
public record SessionResponse(String id, Instant createdAt, Instant expiresAt, boolean mfa, boolean current) {

    static SessionResponse from(Session session, String currentSessionId) {
        return new SessionResponse(session.id(), session.issuedAt(), session.expiresAt(), session.mfa(),
                session.id().equals(currentSessionId));
    }
}
