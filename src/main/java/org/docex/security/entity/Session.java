package org.docex.security.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** One issued token, by its {@code jti}. The token is honoured only while this row says so. */
@Entity
@Table(name = "user_session")
@NamedQuery(name = Session.REVOKE_ALL_OF_USER,
        query = "UPDATE Session s SET s.revokedAt = :now WHERE s.userId = :userId AND s.revokedAt IS NULL")
@NamedQuery(name = Session.DELETE_EXPIRED_OF_USER,
        query = "DELETE FROM Session s WHERE s.userId = :userId AND s.expiresAt < :now")
@NamedQuery(name = Session.LIVE_OF_USER, query = "SELECT s FROM Session s WHERE s.userId = :userId"
        + " AND s.revokedAt IS NULL AND s.expiresAt > :now ORDER BY s.issuedAt DESC, s.id")
@NamedQuery(name = Session.COUNT_LIVE_OF_USER, query = "SELECT COUNT(s) FROM Session s WHERE s.userId = :userId"
        + " AND s.revokedAt IS NULL AND s.expiresAt > :now")
public class Session {

    public static final String REVOKE_ALL_OF_USER = "Session.revokeAllOfUser";
    public static final String DELETE_EXPIRED_OF_USER = "Session.deleteExpiredOfUser";
    public static final String LIVE_OF_USER = "Session.liveOfUser";
    public static final String COUNT_LIVE_OF_USER = "Session.countLiveOfUser";

    @Id
    private String id;

    @Column(name = "user_id", nullable = false)
    private UUID userId;

    private boolean mfa;

    @Column(name = "issued_at", nullable = false)
    private Instant issuedAt;

    @Column(name = "expires_at", nullable = false)
    private Instant expiresAt;

    @Column(name = "revoked_at")
    private Instant revokedAt;

    protected Session() {
    }

    public Session(String id, UUID userId, boolean mfa, Instant issuedAt, Instant expiresAt) {
        this.id = id;
        this.userId = userId;
        this.mfa = mfa;
        this.issuedAt = issuedAt;
        this.expiresAt = expiresAt;
    }

    /** The rule a session row is read by: not revoked and not yet expired. */
    public static boolean honoured(Instant revokedAt, Instant expiresAt, Instant now) {
        return revokedAt == null && now.isBefore(expiresAt);
    }

    /** Whether this is a session of {@code user} that is still honoured at {@code now}. */
    public boolean liveFor(UUID user, Instant now) {
        return userId.equals(user) && honoured(revokedAt, expiresAt, now);
    }

    public void revoke(Instant now) {
        if (revokedAt == null) {
            revokedAt = now;
        }
    }

    public String id() {
        return id;
    }

    public UUID userId() {
        return userId;
    }

    public boolean mfa() {
        return mfa;
    }

    public Instant issuedAt() {
        return issuedAt;
    }

    public Instant expiresAt() {
        return expiresAt;
    }
}
