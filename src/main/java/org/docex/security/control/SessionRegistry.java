package org.docex.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.docex.persistence.ReadOnlySql;
import org.docex.security.entity.Session;

/**
 * Issues tokens and decides whether a presented one is still honoured: the signature and
 * claims must verify, its session row must be unrevoked, and its user must still be active
 * with the e-mail and role the token names.
 */
@ApplicationScoped
public class SessionRegistry {

    public static final Duration TOKEN_LIFETIME = Duration.ofHours(24);

    private static final String SESSION_WITH_USER = "SELECT s.user_id, s.mfa, s.expires_at, s.revoked_at, "
            + "u.email, u.role, u.active, u.mfa_enabled FROM user_session s JOIN app_user u ON u.id = s.user_id WHERE s.id = ?";

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    SigningKey signingKey;

    @Inject
    Clock clock;

    @Inject
    ReadOnlySql sql;

    @Transactional
    public IssuedToken open(Account user, boolean mfa) {
        Instant now = clock.instant();
        em.createNamedQuery(Session.DELETE_EXPIRED_OF_USER)
                .setParameter("userId", user.id())
                .setParameter("now", now)
                .executeUpdate();
        TokenClaims claims = TokenClaims.issue(user.email(), user.role().id(), mfa, now, TOKEN_LIFETIME,
                UUID.randomUUID().toString());
        em.persist(new Session(claims.jwtId(), user.id(), mfa, claims.issuedAt(), claims.expiresAt()));
        return new IssuedToken(signingKey.codec().sign(claims), TOKEN_LIFETIME.toSeconds());
    }

    /**
     * The caller a token stands for, or empty when it must be refused. One primary-key read per
     * request, outside any transaction, so that a revocation on any node counts at once.
     */
    public Optional<Caller> resolve(String token) {
        return check(token).caller();
    }

    /**
     * As {@link #resolve}, saying why a token whose signature and claims verify is no longer
     * honoured. Only its holder learns it, who holds that account's valid signature already.
     */
    public Resolution check(String token) {
        Instant now = clock.instant();
        TokenClaims claims;
        try {
            claims = signingKey.codec().verify(token, now);
        } catch (ExpiredTokenException e) {
            return Resolution.ended(Ended.SESSION_EXPIRED);
        } catch (InvalidTokenException e) {
            return Resolution.INVALID;
        }
        return sql.first(SESSION_WITH_USER, row -> honoured(row, claims, now), claims.jwtId())
                .orElse(Resolution.ended(Ended.SESSION_ENDED));
    }

    private static Resolution honoured(ResultSet row, TokenClaims claims, Instant now) throws SQLException {
        Optional<Role> role = Role.named(row.getString("role"));
        if (!row.getBoolean("active")) {
            return Resolution.ended(Ended.ACCOUNT_DEACTIVATED);
        }
        if (!row.getString("email").equals(claims.subject()) || role.isEmpty() || !role.get().id().equals(claims.role())) {
            return Resolution.ended(Ended.ACCOUNT_CHANGED);
        }
        Instant expires = ReadOnlySql.instant(row, "expires_at");
        if (!Session.honoured(ReadOnlySql.instant(row, "revoked_at"), expires, now) || row.getBoolean("mfa") != claims.mfa()) {
            return Resolution.ended(expires != null && !now.isBefore(expires) ? Ended.SESSION_EXPIRED : Ended.SESSION_ENDED);
        }
        return new Resolution(Optional.of(new Caller(ReadOnlySql.uuid(row, "user_id"), claims.subject(), role.get(), claims.mfa(),
                row.getBoolean("mfa_enabled"), claims.jwtId())), Optional.empty());
    }

    /** Why a verified token's session is over (the API's {@code reason} beside the 401's detail). */
    public enum Ended {
        /** Signed out, or ended by a change of password or two-step verification, or by an admin. */
        SESSION_ENDED("session_ended"),
        SESSION_EXPIRED("session_expired"),
        ACCOUNT_DEACTIVATED("account_deactivated"),
        /** The account's role or e-mail address changed since the token was issued. */
        ACCOUNT_CHANGED("account_changed");

        private final String apiName;

        Ended(String apiName) {
            this.apiName = apiName;
        }

        public String apiName() {
            return apiName;
        }
    }

    /** The caller a token stands for, or why it is refused: a reason only for a token that verifies. */
    public record Resolution(Optional<Caller> caller, Optional<Ended> ended) {

        static final Resolution INVALID = new Resolution(Optional.empty(), Optional.empty());

        static Resolution ended(Ended why) {
            return new Resolution(Optional.empty(), Optional.of(why));
        }
    }

    @Transactional
    public void revoke(String sessionId) {
        Session session = em.find(Session.class, sessionId);
        if (session != null) {
            session.revoke(clock.instant());
        }
    }

    /** Ends every session of the user at once; joins the caller's transaction. */
    @Transactional
    public void revokeAll(UUID userId) {
        em.createNamedQuery(Session.REVOKE_ALL_OF_USER)
                .setParameter("userId", userId)
                .setParameter("now", clock.instant())
                .executeUpdate();
    }
}
