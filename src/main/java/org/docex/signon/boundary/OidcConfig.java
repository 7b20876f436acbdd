package org.docex.signon.boundary;

/**
 * Where the workspace sends a user to sign in: the provider's authorisation endpoint, the client and
 * the scopes; with sign-on off, {@code "enabled": false} and the other members null.
 */
public record OidcConfig(boolean enabled, String issuer, String authorizationEndpoint, String clientId, String scope) {

    static final String SCOPE = "openid email profile";
    static final OidcConfig OFF = new OidcConfig(false, null, null, null, null);
}
