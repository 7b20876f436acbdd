package org.docex.mfa.boundary;

import java.util.List;
import org.docex.mfa.control.Enrolment;

/** MFA is on: recovery codes shown only this once, and a token that has passed MFA. */
public record VerifyResponse(boolean mfaEnabled, List<String> recoveryCodes, String accessToken, String tokenType) {

    static VerifyResponse from(Enrolment enrolment) {
        return new VerifyResponse(true, enrolment.recoveryCodes(), enrolment.token().accessToken(), "bearer");
    }
}
