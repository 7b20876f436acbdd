package org.docex.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.docex.security.entity.Session;
import org.docex.users.entity.User;

/**
 * Issues tokens and decides whether a presented one is still honoured: the signature and
 * claims must verify, its session row must be unrevoked, and its user must still be active
 * with the e-mail and role the token names.
 */
@ApplicationScoped
public class SessionRegistry {

    public static final Duration TOKEN_LIFETIME = Duration.ofHours(24);

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    SigningKey signingKey;

    @Inject
    Clock clock;

    @Transactional
    public IssuedToken open(User user, boolean mfa) {
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

    /** The caller a token stands for, or empty when it must be refused: one query per request. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<Caller> resolve(String token) {
        Instant now = clock.instant();
        TokenClaims claims;
        try {
            claims = signingKey.codec().verify(token, now);
        } catch (InvalidTokenException e) {
            return Optional.empty();
        }
        List<Object[]> rows = em.createNamedQuery(Session.WITH_USER, Object[].class)
                .setParameter("id", claims.jwtId())
                .setHint("eclipselink.read-only", "true")
                .getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Session session = (Session) rows.get(0)[0];
        User user = (User) rows.get(0)[1];
        if (!session.honoured(now) || session.mfa() != claims.mfa() || !user.active()
                || !user.email().equals(claims.subject()) || !user.role().id().equals(claims.role())) {
            return Optional.empty();
        }
        return Optional.of(new Caller(user.id(), user.email(), user.role(), claims.mfa(), user.mfaEnabled(), session.id()));
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
