package org.docex.mfa.boundary;

import org.docex.security.control.IssuedToken;

/** A token that has passed the MFA challenge, in the same form as the login answer. */
public record ChallengeResponse(String accessToken, String tokenType, long expiresIn) {

    static ChallengeResponse from(IssuedToken token) {
        return new ChallengeResponse(token.accessToken(), "bearer", token.expiresIn());
    }
}
