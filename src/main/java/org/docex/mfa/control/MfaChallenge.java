package org.docex.mfa.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.UUID;
import org.docex.security.control.IssuedToken;
import org.docex.security.control.SessionRegistry;

/** The second step of login for a user with MFA: a valid code turns into a token that passed it. */
@ApplicationScoped
public class MfaChallenge {

    @Inject
    CodeCheck check;

    @Inject
    SessionRegistry sessions;

    /**
     * A TOTP code or an unused recovery code: answers a new token with {@code mfa=true} and ends the
     * login session the code was sent with, so that the half-signed-in token is not left valid beside it.
     */
    @Transactional(dontRollbackOn = InvalidCodeException.class)
    public IssuedToken pass(UUID userId, String loginSessionId, String code) {
        IssuedToken token = sessions.open(check.activeFactor(userId, code).user(), true);
        sessions.revoke(loginSessionId);
        return token;
    }
}
