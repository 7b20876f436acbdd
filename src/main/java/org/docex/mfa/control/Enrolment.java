package org.docex.mfa.control;

import java.util.List;
import org.docex.security.control.IssuedToken;

/** MFA just turned on: the plain recovery codes, shown only this once, and a token that passed MFA. */
public record Enrolment(List<String> recoveryCodes, IssuedToken token) {

    @Override
    public String toString() {
        return "Enrolment[recoveryCodes=(hidden), token=(hidden)]";
    }
}
