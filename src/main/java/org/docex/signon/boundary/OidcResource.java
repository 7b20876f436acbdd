package org.docex.signon.boundary;

import jakarta.annotation.security.PermitAll;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.net.URI;
import org.docex.signon.control.OidcProvider;
import org.docex.signon.control.OidcSettings;
import org.docex.signon.control.OidcSignIn;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Sign-on through an OpenID Connect provider (DOCEX_OIDC_*): public, as the password login is. */
@Path("auth/oidc")
@RequestScoped
@PermitAll
@Tag(name = "Authentication")
public class OidcResource {

    static final String OFF = "Sign-on through an identity provider is not configured";

    @Inject
    OidcSettings settings;

    @Inject
    OidcProvider provider;

    @Inject
    OidcSignIn signIn;

    @GET
    @Path("config")
    @Produces(MediaType.APPLICATION_JSON)
    @SecurityRequirements
    @Operation(summary = "Whether users may sign in through the identity provider, and where the workspace sends them"
            + " (authorisation code with PKCE, S256, and a nonce)")
    @APIResponse(responseCode = "200", description = "enabled false (the other members null), or enabled with issuer,"
            + " authorization_endpoint, client_id and scope")
    @APIResponse(responseCode = "503", description = "The identity provider cannot be reached; see Retry-After")
    public OidcConfig config() {
        if (!settings.enabled()) {
            return OidcConfig.OFF;
        }
        return new OidcConfig(true, settings.issuer(), provider.endpoints().authorization(), settings.clientId(), OidcConfig.SCOPE);
    }

    @POST
    @Path("token")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @SecurityRequirements
    @Operation(summary = "Ends a sign-in at the identity provider: its code (with the PKCE verifier, the redirect URI and"
            + " the nonce) for a docex token, answered as a password login is")
    @APIResponse(responseCode = "200", description = "An HS256 access token valid for 24 hours; mfa_required as at login")
    @APIResponse(responseCode = "401", description = "The provider refused the code, or its ID token did not verify or"
            + " carries another nonce")
    @APIResponse(responseCode = "403", description = "The provider's account has no verified e-mail address or no role"
            + " DOCEX_OIDC_ROLE_MAP maps, or the docex account is deactivated")
    @APIResponse(responseCode = "404", description = "Sign-on is not configured")
    @APIResponse(responseCode = "422", description = "A member missing or malformed")
    @APIResponse(responseCode = "503", description = "The identity provider cannot be reached; see Retry-After")
    public OidcTokenResponse token(@Valid @NotNull OidcTokenRequest request) {
        if (!settings.enabled()) {
            throw new NotFoundException(OFF);
        }
        OidcTokenRequest checked = request.check();
        return OidcTokenResponse.from(signIn.finish(checked.code(), checked.codeVerifier(), URI.create(checked.redirectUri()),
                checked.nonce()));
    }
}
