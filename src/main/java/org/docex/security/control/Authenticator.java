package org.docex.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.docex.errors.NotAuthenticatedException;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.users.control.UserDirectory;
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
            throttles.checkAllowed(username);
            found = users.findByEmail(username);
            if (found.isPresent()) {
                passwordMatches = hashing.matches(password, found.get().passwordHash());
            } else {
                hashing.burnTime(password);
                passwordMatches = false;
            }
        } catch (TooManyRequestsException refused) {
            events.failure("login.throttled", "user", username);
            throw refused;
        }
        if (!passwordMatches || !found.get().active()) {
            recordFailure(username);
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
            throttles.checkAllowed(user.email());
        } catch (TooManyRequestsException refused) {
            events.failure("password.throttled", "user", user.email());
            throw refused;
        }
        boolean plausible = password.length() <= PasswordPolicy.MAX_LENGTH * 2;
        if (!plausible || !hashing.matches(password, user.passwordHash())) {
            recordFailure(user.email());
            events.failure("password.failure", "user", user.email());
            throw new jakarta.ws.rs.BadRequestException("Current password is incorrect");
        }
        throttles.reset(user.email());
    }

    private void recordFailure(String username) {
        try {
            throttles.recordFailure(username);
        } catch (RuntimeException concurrentFirstFailure) {
            // Two first failures for one name at once may collide on insert; one is counted.
            LOG.log(Level.FINE, "Failed login not counted", concurrentFirstFailure);
        }
    }

    public record LoginResult(IssuedToken token, boolean mfaRequired) {
    }
}
