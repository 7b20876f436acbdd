package org.docex.mfa.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.docex.errors.ConflictException;
import org.docex.mfa.entity.MfaCredential;
import org.docex.mfa.entity.UsedTimeStep;
import org.docex.security.control.IssuedToken;
import org.docex.security.control.SecurityEvents;
import org.docex.security.control.SessionRegistry;
import org.docex.users.control.MfaReset;
import org.docex.users.entity.User;

/** Turning multi-factor authentication on and off for a user. */
@ApplicationScoped
public class MfaEnrollment {

    static final String ALREADY_ENABLED = "Multi-factor authentication is already enabled";

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    SessionRegistry sessions;

    @Inject
    Clock clock;

    @Inject
    SecretEncryption encryption;

    @Inject
    CodeCheck check;

    @Inject
    RecoveryCodeBook recoveryCodes;

    @Inject
    SecurityEvents events;

    /** A new secret that waits for its first code; it replaces the secret of an earlier setup. */
    @Transactional
    public PendingSetup setup(UUID userId) {
        User user = check.lockUser(userId);
        if (user.mfaEnabled()) {
            throw new ConflictException(ALREADY_ENABLED);
        }
        MfaCredential credential = em.find(MfaCredential.class, userId);
        if (credential == null) {
            credential = new MfaCredential(userId);
            em.persist(credential);
        }
        String secret = TotpVerifier.newSecret();
        credential.replacePending(encryption.encrypt(secret));
        return new PendingSetup(user.email(), secret);
    }

    /**
     * Turns MFA on with a code for the pending secret. Every earlier token of the user stops
     * working; the answer carries the recovery codes and a token that has passed the challenge.
     */
    @Transactional(dontRollbackOn = InvalidCodeException.class)
    public Enrolment verify(UUID userId, String code) {
        CodeCheck.Checked checked = check.pendingFactor(userId, code);
        User user = checked.user();
        checked.credential().orElseThrow().activatePending();
        user.changeMfaEnabled(true, clock.instant());
        List<String> codes = recoveryCodes.issue(userId);
        sessions.revokeAll(userId);
        IssuedToken token = sessions.open(user, true);
        events.success("mfa.enabled", "user", user.email());
        return new Enrolment(codes, token);
    }

    /** Turns MFA off after a valid code (TOTP or recovery), ending every session of the user. */
    @Transactional(dontRollbackOn = InvalidCodeException.class)
    public void disable(UUID userId, String code) {
        User user = check.activeFactor(userId, code).user();
        turnOff(user);
        events.success("mfa.disabled", "user", user.email());
    }

    /** Disables MFA (the user may enrol again) and ends every session of the user, in the admin's transaction. */
    @Transactional
    void reset(@Observes MfaReset reset) {
        turnOff(reset.user());
    }

    /** Forgets the secrets, recovery codes and used steps along with the flag. */
    private void turnOff(User user) {
        user.changeMfaEnabled(false, clock.instant());
        em.createNamedQuery(MfaCredential.DELETE_OF_USER).setParameter("userId", user.id()).executeUpdate();
        em.createNamedQuery(UsedTimeStep.DELETE_OF_USER).setParameter("userId", user.id()).executeUpdate();
        recoveryCodes.discard(user.id());
        sessions.revokeAll(user.id());
    }
}
