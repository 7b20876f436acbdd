package org.docex.signon.boundary;

import jakarta.validation.constraints.NotNull;
import java.util.regex.Pattern;
import org.docex.errors.UnprocessableException;

/**
 * The end of a sign-in at the identity provider: the code it sent the workspace back with, the PKCE
 * verifier and the redirect URI the sign-in began with, and the nonce the workspace put in it (the ID
 * token must carry it). Other properties are ignored. Checked by {@link #check()}, not by bean
 * validation's size and pattern annotations, which Payara's OpenAPI generator fails on in a record.
 */
public record OidcTokenRequest(@NotNull String code, @NotNull String codeVerifier, @NotNull String redirectUri,
                               @NotNull String nonce) {

    /** RFC 7636: 43 to 128 unreserved characters. */
    private static final Pattern VERIFIER = Pattern.compile("[A-Za-z0-9._~-]{43,128}");
    private static final Pattern URL = Pattern.compile("https?://\\S{1,2000}");

    /** 422 naming the first member that is malformed. */
    OidcTokenRequest check() {
        if (code.isEmpty() || code.length() > 4096) {
            throw new UnprocessableException("code: must be 1 to 4096 characters");
        }
        if (!VERIFIER.matcher(codeVerifier).matches()) {
            throw new UnprocessableException("code_verifier: must be 43 to 128 letters, digits or -._~");
        }
        if (!URL.matcher(redirectUri).matches()) {
            throw new UnprocessableException("redirect_uri: must be an http(s) URL of at most 2000 characters");
        }
        if (nonce.length() < 16 || nonce.length() > 256) {
            throw new UnprocessableException("nonce: must be 16 to 256 characters");
        }
        return this;
    }
}
