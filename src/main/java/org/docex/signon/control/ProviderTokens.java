package org.docex.signon.control;

import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.ForbiddenException;
import java.text.ParseException;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.security.control.Caller;
import org.docex.security.control.ForeignTokens;
import org.docex.users.entity.User;

/**
 * The provider's access tokens on the API, for other services' clients: a token the provider signed
 * (RS256/ES256 through its JWKS) for this client as audience, unexpired, stands for the docex user
 * of its e-mail address with the role its roles claim maps to (created or updated as at a sign-in).
 * Such a caller has passed no docex MFA challenge. Logging out ends nothing: the provider's token
 * lives until it expires. A token whose claims give no docex user is refused like any invalid one, and so is an
 * ID token: it proves a sign-in to the workspace and is no key to the API.
 */
@ApplicationScoped
public class ProviderTokens implements ForeignTokens {

    private static final Logger LOG = Logger.getLogger(ProviderTokens.class.getName());

    @Inject
    OidcSettings settings;

    @Inject
    OidcProvider provider;

    @Inject
    OidcAccounts accounts;

    @Override
    public Optional<Caller> resolve(String token) {
        if (!settings.enabled() || !signedByKey(token)) {
            return Optional.empty();
        }
        JWTClaimsSet claims;
        try {
            claims = provider.verify(token);
        } catch (ProviderUnavailableException e) {
            throw e;
        } catch (Exception e) {
            LOG.log(Level.FINE, "A provider token did not verify: {0}", e.getMessage());
            return Optional.empty();
        }
        if (isIdToken(claims)) {
            LOG.fine("An ID token was presented as a bearer token");
            return Optional.empty();
        }
        User user;
        try {
            user = accounts.signedIn(claims);
        } catch (ForbiddenException noDocexUser) {
            return Optional.empty();
        }
        String id = claims.getJWTID() != null ? claims.getJWTID() : "provider:" + claims.getSubject();
        return Optional.of(new Caller(user.id(), user.email(), user.role(), false, user.mfaEnabled(), id));
    }

    /**
     * Whether the provider issued the token to prove a sign-in to the client, not to call an API with: it carries
     * a claim only ID tokens carry (OpenID Connect Core: {@code nonce}, {@code at_hash}, {@code c_hash}), or says so
     * in its {@code typ} claim (Keycloak: "ID"). An ID token of this client has the client as its audience as an
     * access token for it does; it must not open the API to whoever got hold of it from the browser's sign-in.
     */
    static boolean isIdToken(JWTClaimsSet claims) {
        return claims.getClaim("nonce") != null || claims.getClaim("at_hash") != null || claims.getClaim("c_hash") != null
                || "ID".equalsIgnoreCase(String.valueOf(claims.getClaim("typ")));
    }

    /** Whether the token is a JWS whose algorithm is a public-key one (docex's own HS256 tokens never are). */
    private static boolean signedByKey(String token) {
        try {
            String name = SignedJWT.parse(token).getHeader().getAlgorithm().getName();
            return name.startsWith("RS") || name.startsWith("ES") || name.startsWith("PS");
        } catch (ParseException | RuntimeException notOne) {
            return false;
        }
    }
}
