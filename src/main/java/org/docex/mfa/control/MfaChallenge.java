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

    /** A TOTP code or an unused recovery code: answers a new token with {@code mfa=true}. */
    @Transactional(dontRollbackOn = InvalidCodeException.class)
    public IssuedToken pass(UUID userId, String code) {
        return sessions.open(check.activeFactor(userId, code).user(), true);
    }
}
