package org.docex.signon.control;

import com.nimbusds.jwt.JWTClaimsSet;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonString;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.docex.errors.NotAuthenticatedException;
import org.docex.security.control.IssuedToken;
import org.docex.security.control.SecurityEvents;
import org.docex.security.control.SessionRegistry;
import org.docex.users.entity.User;

/**
 * The end of a sign-in at the provider (authorisation code with PKCE): the code the provider sent
 * the workspace back with is taken to the provider's token endpoint with the PKCE verifier (and the
 * client's secret where one is set); the ID token that comes back must verify (signature through the
 * JWKS, issuer, audience, expiry) and carry the nonce the workspace sent. Then docex issues its own
 * session token for the user, exactly as a password login does (MFA, revocation and the API unchanged).
 */
@ApplicationScoped
public class OidcSignIn {

    static final String REFUSED = "The identity provider did not accept this sign-in; please sign in again";
    private static final Logger LOG = Logger.getLogger(OidcSignIn.class.getName());

    @Inject
    OidcSettings settings;

    @Inject
    OidcProvider provider;

    @Inject
    OidcAccounts accounts;

    @Inject
    SessionRegistry sessions;

    @Inject
    SecurityEvents events;

    /** A docex session's token, and whether it still needs the MFA challenge. */
    public record SignedIn(IssuedToken token, boolean mfaRequired) {
    }

    public SignedIn finish(String code, String codeVerifier, URI redirectUri, String nonce) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "authorization_code");
        form.put("code", code);
        form.put("redirect_uri", redirectUri.toString());
        form.put("client_id", settings.clientId());
        form.put("code_verifier", codeVerifier);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(provider.endpoints().token())).timeout(OidcProvider.TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json");
        settings.clientSecret().ifPresent(secret -> request.header("Authorization", "Basic " + Base64.getEncoder()
                .encodeToString((encoded(settings.clientId()) + ":" + encoded(secret)).getBytes(StandardCharsets.UTF_8))));
        OidcProvider.Answer answer = provider.send(request.POST(HttpRequest.BodyPublishers.ofString(form.entrySet().stream()
                .map(entry -> encoded(entry.getKey()) + "=" + encoded(entry.getValue())).collect(Collectors.joining("&")))).build());
        if (answer.status() != 200 || !(answer.body().get("id_token") instanceof JsonString idToken)) {
            // The provider's error (invalid_grant: a used or expired code, a wrong verifier) is for the log, not the client.
            events.failure("oidc.refused", "reason", "code_refused", "error", String.valueOf(answer.body().get("error")));
            throw new NotAuthenticatedException(REFUSED);
        }
        JWTClaimsSet claims;
        try {
            claims = provider.verify(idToken.getString());
        } catch (ProviderUnavailableException e) {
            throw e;
        } catch (Exception e) {
            LOG.log(Level.INFO, "An ID token did not verify: {0}", e.getMessage());
            events.failure("oidc.refused", "reason", "id_token_invalid");
            throw new NotAuthenticatedException(REFUSED);
        }
        if (!nonce.equals(claims.getClaim("nonce"))) {
            events.failure("oidc.refused", "subject", String.valueOf(claims.getSubject()), "reason", "nonce_mismatch");
            throw new NotAuthenticatedException(REFUSED);
        }
        User user = accounts.signedIn(claims);
        SignedIn signedIn = new SignedIn(sessions.open(user, false), user.mfaEnabled());
        events.success("login.success", "user", user.email(), "via", "oidc", "mfa_pending", Boolean.toString(user.mfaEnabled()));
        return signedIn;
    }

    private static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
