package org.docex.security.control;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;

/** What a docex access token says about its bearer. Instants are whole seconds on the wire. */
public record TokenClaims(String subject, String role, boolean mfa, Instant issuedAt, Instant expiresAt,
                          String issuer, String jwtId, List<String> groups) {

    public static final String ISSUER = "docex";

    public TokenClaims {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(issuedAt, "issuedAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(jwtId, "jwtId");
        groups = List.copyOf(groups);
    }

    /** Claims for a fresh token: issuer docex, the given id and the role as the only group. */
    public static TokenClaims issue(String subject, String role, boolean mfa, Instant now, Duration lifetime,
                                    String jwtId) {
        Instant issuedAt = now.truncatedTo(ChronoUnit.SECONDS);
        return new TokenClaims(subject, role, mfa, issuedAt, issuedAt.plus(lifetime), ISSUER, jwtId, List.of(role));
    }
}
