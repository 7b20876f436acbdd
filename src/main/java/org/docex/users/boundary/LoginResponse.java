package org.docex.users.boundary;

import org.docex.users.control.Authenticator.LoginResult;

/** OAuth 2.0 style token answer; {@code mfa_required} says the token still needs the challenge. */
public record LoginResponse(String accessToken, String tokenType, long expiresIn, boolean mfaRequired) {

    static LoginResponse from(LoginResult result) {
        return new LoginResponse(result.token().accessToken(), "bearer", result.token().expiresIn(), result.mfaRequired());
    }
}
