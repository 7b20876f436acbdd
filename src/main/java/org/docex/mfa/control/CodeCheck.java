package org.docex.mfa.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotFoundException;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.docex.mfa.entity.MfaCredential;
import org.docex.mfa.entity.UsedTimeStep;
import org.docex.users.entity.User;

/**
 * Checks a user's second-factor code. Each check locks the user's row until its transaction
 * ends, takes the attempt limit into account, and records what it accepts in that transaction:
 * the time step of a TOTP code (so the same code never counts twice) or the recovery code used.
 * A wrong code is counted and answered {@link InvalidCodeException}, which the transaction
 * survives so that the count is kept.
 */
@ApplicationScoped
public class CodeCheck {

    public static final String NOT_ENABLED = "Multi-factor authentication is not enabled";
    public static final String NO_PENDING_SETUP = "No pending multi-factor setup; call setup first";
    private static final String UNIQUE_VIOLATION = "23505";

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    SecretEncryption encryption;

    @Inject
    CodeAttempts attempts;

    @Inject
    RecoveryCodeBook recoveryCodes;

    private final TotpVerifier totp = new TotpVerifier();

    /** A TOTP code of the active secret or an unused recovery code; answers the user and their credential. */
    @Transactional(dontRollbackOn = InvalidCodeException.class)
    public Checked activeFactor(UUID userId, String code) {
        Checked checked = lockedForCheck(userId);
        String secret = checked.credential().flatMap(MfaCredential::activeSecret)
                .filter(active -> checked.user().mfaEnabled())
                .orElseThrow(() -> new BadRequestException(NOT_ENABLED));
        if (!acceptsTotp(userId, secret, code) && !recoveryCodes.use(userId, code)) {
            throw attempts.rejected(checked.user());
        }
        attempts.forget(userId);
        return checked;
    }

    /** A TOTP code of the secret from the latest setup; answers the user and their credential. */
    @Transactional(dontRollbackOn = InvalidCodeException.class)
    public Checked pendingFactor(UUID userId, String code) {
        Checked checked = lockedForCheck(userId);
        String secret = checked.credential().flatMap(MfaCredential::pendingSecret)
                .orElseThrow(() -> new BadRequestException(NO_PENDING_SETUP));
        if (!acceptsTotp(userId, secret, code)) {
            throw attempts.rejected(checked.user());
        }
        attempts.forget(userId);
        return checked;
    }

    /** The user, locked until the transaction ends so that their MFA changes happen one at a time. */
    @Transactional
    public User lockUser(UUID userId) {
        User user = em.find(User.class, userId, LockModeType.PESSIMISTIC_WRITE);
        if (user == null) {
            throw new NotFoundException("User not found");
        }
        return user;
    }

    private Checked lockedForCheck(UUID userId) {
        User user = lockUser(userId);
        attempts.requireAttemptLeft(user);
        return new Checked(user, Optional.ofNullable(em.find(MfaCredential.class, userId)));
    }

    private boolean acceptsTotp(UUID userId, String encryptedSecret, String code) {
        Instant now = clock.instant();
        OptionalLong step = totp.matchingStep(encryption.decrypt(encryptedSecret), code, now);
        if (step.isEmpty() || em.find(UsedTimeStep.class, UsedTimeStep.key(userId, step.getAsLong())) != null) {
            return false;
        }
        em.createNamedQuery(UsedTimeStep.DELETE_BEFORE)
                .setParameter("userId", userId)
                .setParameter("step", step.getAsLong() - 2L * TotpVerifier.DRIFT_STEPS)
                .executeUpdate();
        try {
            em.persist(new UsedTimeStep(userId, step.getAsLong(), now));
            em.flush();
        } catch (PersistenceException e) {
            if (isDuplicateKey(e)) {
                throw new InvalidCodeException();
            }
            throw e;
        }
        return true;
    }

    /** The same step accepted concurrently elsewhere: the primary key refused the replay. */
    static boolean isDuplicateKey(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && UNIQUE_VIOLATION.equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** A user whose code was accepted, with their MFA secrets. */
    public record Checked(User user, Optional<MfaCredential> credential) {
    }
}
