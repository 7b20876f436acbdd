package org.docex.mfa.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import org.docex.security.control.SessionRegistry;
import org.docex.users.entity.User;

/** Turning multi-factor authentication on and off for a user. */
@ApplicationScoped
public class MfaEnrollment {

    @Inject
    SessionRegistry sessions;

    @Inject
    Clock clock;

    /** Disables MFA (the user may enrol again) and ends every session of the user. */
    @Transactional
    public void reset(User user) {
        user.changeMfaEnabled(false, clock.instant());
        sessions.revokeAll(user.id());
    }
}
