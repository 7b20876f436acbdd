package org.docex.signon.boundary;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * The end of a sign-in at the identity provider: the code it sent the workspace back with, the PKCE
 * verifier and the redirect URI the sign-in began with, and the nonce the workspace put in it (the ID
 * token must carry it). Other properties are ignored.
 */
public record OidcTokenRequest(
        @NotNull @Size(min = 1, max = 4096) String code,
        // RFC 7636: 43 to 128 unreserved characters.
        @NotNull @Pattern(regexp = "[A-Za-z0-9._~-]{43,128}", message = "must be 43 to 128 letters, digits or -._~") String codeVerifier,
        @NotNull @Size(max = 2000) @Pattern(regexp = "https?://\\S+", message = "must be an http(s) URL") String redirectUri,
        @NotNull @Size(min = 16, max = 256) String nonce) {
}
