package org.docex.signon.boundary;

import org.docex.signon.control.OidcSignIn;

/** As a password login answers: docex's own token; {@code mfa_required} says it still needs the challenge. */
public record OidcTokenResponse(String accessToken, String tokenType, long expiresIn, boolean mfaRequired) {

    static OidcTokenResponse from(OidcSignIn.SignedIn signedIn) {
        return new OidcTokenResponse(signedIn.token().accessToken(), "bearer", signedIn.token().expiresIn(), signedIn.mfaRequired());
    }
}
