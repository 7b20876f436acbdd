package org.docex.users.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.docex.errors.NotAuthenticatedException;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.security.control.IssuedToken;
import org.docex.security.control.LoginThrottles;
import org.docex.security.control.PasswordHashing;
import org.docex.security.control.PasswordPolicy;
import org.docex.security.control.SecurityEvents;
import org.docex.security.control.SessionRegistry;
import org.docex.security.control.TooManyRequestsException;
import org.docex.users.entity.User;

/**
 * Password login. Unknown users, wrong passwords and disabled accounts all end in the same
 * 401 after the same amount of hashing work, so neither the answer nor its timing tells which
 * e-mail addresses have accounts. Not transactional itself: hashing must not hold a connection.
 */
@ApplicationScoped
public class Authenticator {

    public static final String INCORRECT = "Incorrect username or password";
    private static final Logger LOG = Logger.getLogger(Authenticator.class.getName());
    private static final Object[] TURNS = java.util.stream.Stream.generate(Object::new).limit(64).toArray();

    @Inject
    UserDirectory users;

    @Inject
    PasswordHashing hashing;

    @Inject
    LoginThrottles throttles;

    @Inject
    SessionRegistry sessions;

    @Inject
    SecurityEvents events;

    public LoginResult login(String username, String password) {
        Optional<User> found;
        boolean passwordMatches;
        try {
            reserveAttempt(username);
            Optional<User> user = users.findByEmail(username);
            found = user;
            passwordMatches = checked(username, () -> matches(user, password));
        } catch (TooManyRequestsException refused) {
            events.failure("login.throttled", "user", username);
            throw refused;
        }
        if (!passwordMatches || !found.get().active()) {
            events.failure("login.failure", "user", username, "reason",
                    found.isEmpty() ? "unknown_user" : passwordMatches ? "inactive" : "wrong_password");
            throw new NotAuthenticatedException(INCORRECT);
        }
        User user = found.get();
        throttles.reset(username);
        if (hashing.needsRehash(user.passwordHash())) {
            users.upgradePasswordHash(user.id(), hashing.hash(password));
        }
        LoginResult result = new LoginResult(sessions.open(user, false), user.mfaEnabled());
        events.success("login.success", "user", user.email(), "mfa_pending", Boolean.toString(user.mfaEnabled()));
        return result;
    }

    /** Checks the signed-in user's current password, with the same back-off as login. */
    public void confirmPassword(User user, String password) {
        try {
            reserveAttempt(user.email());
        } catch (TooManyRequestsException refused) {
            events.failure("password.throttled", "user", user.email());
            throw refused;
        }
        boolean plausible = password.length() <= PasswordPolicy.MAX_LENGTH * 2;
        if (!plausible || !checked(user.email(), () -> hashing.matches(password, user.passwordHash()))) {
            events.failure("password.failure", "user", user.email());
            throw new jakarta.ws.rs.BadRequestException("Current password is incorrect");
        }
        throttles.reset(user.email());
    }

    /**
     * Counts the attempt before its password is checked (429 when the name is blocked). Two first
     * attempts for one name may both insert its row; the one that lost tries again and finds it.
     * On one node they take turns, so that a burst for a new name does not fill the log with the
     * persistence provider's warnings about the refused insert; across nodes the retry covers it.
     */
    private void reserveAttempt(String username) {
        Object turn = TURNS[Math.floorMod(LoginThrottles.key(username).hashCode(), TURNS.length)];
        for (int attempt = 1; ; attempt++) {
            try {
                synchronized (turn) {
                    throttles.reserve(username);
                }
                return;
            } catch (TooManyRequestsException blocked) {
                throw blocked;
            } catch (RuntimeException concurrentFirstAttempt) {
                if (attempt == 3) {
                    throw concurrentFirstAttempt;
                }
                LOG.log(Level.FINE, "Reserving a login attempt again", concurrentFirstAttempt);
            }
        }
    }

    /** Unknown users cost the same hashing work as known ones. */
    private boolean matches(Optional<User> user, String password) {
        if (user.isEmpty()) {
            hashing.burnTime(password);
            return false;
        }
        return hashing.matches(password, user.get().passwordHash());
    }

    /** A check the hashing bulkhead refused (429) was never made: its reservation is taken back. */
    private boolean checked(String username, java.util.function.BooleanSupplier check) {
        try {
            return check.getAsBoolean();
        } catch (TooManyRequestsException busy) {
            throttles.withdraw(username);
            throw busy;
        }
    }

    public record LoginResult(IssuedToken token, boolean mfaRequired) {
    }
}
