package org.docex.signon.control;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.text.ParseException;
import java.time.Duration;
import java.util.Set;

/**
 * The identity provider as its discovery document describes it (fetched once, on first use): its
 * endpoints, and the check of tokens it signed, RS256/ES256 (and their larger sizes) with the keys of
 * its JWKS (fetched and cached by the library, fetched again when a token names a key it does not
 * know: a rotated key). A token must name the configured issuer, the client as its audience, a
 * subject, and not be expired (a minute of clock skew allowed).
 */
@ApplicationScoped
public class OidcProvider {

    static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** The most a discovery document, a token answer or a JWKS may hold. */
    static final int MAX_DOCUMENT_BYTES = 256 * 1024;
    private static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512,
            JWSAlgorithm.PS256, JWSAlgorithm.ES256, JWSAlgorithm.ES384);

    @Inject
    OidcSettings settings;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private volatile Endpoints endpoints;
    private volatile DefaultJWTProcessor<SecurityContext> processor;

    /** Where the provider signs users in, takes codes for tokens, and publishes its keys. */
    public record Endpoints(String authorization, String token, String jwks) {
    }

    public Endpoints endpoints() {
        Endpoints known = endpoints;
        if (known == null) {
            known = discover();
            endpoints = known;
        }
        return known;
    }

    /** The claims of a token the provider signed for this client, or an exception saying why not (for the log). */
    public JWTClaimsSet verify(String token) throws ParseException, BadJOSEException, JOSEException {
        return processor().process(token, null);
    }

    private DefaultJWTProcessor<SecurityContext> processor() {
        DefaultJWTProcessor<SecurityContext> known = processor;
        if (known == null) {
            synchronized (this) {
                if (processor == null) {
                    processor = newProcessor();
                }
                known = processor;
            }
        }
        return known;
    }

    private DefaultJWTProcessor<SecurityContext> newProcessor() {
        int timeout = (int) TIMEOUT.toMillis();
        JWKSource<SecurityContext> keys;
        try {
            keys = JWKSourceBuilder.<SecurityContext>create(URI.create(endpoints().jwks()).toURL(),
                            new DefaultResourceRetriever(timeout, timeout, MAX_DOCUMENT_BYTES))
                    .retrying(true).build();
        } catch (IOException e) {
            throw new ProviderUnavailableException("The identity provider's JWKS address is not a URL", e);
        }
        DefaultJWTProcessor<SecurityContext> jwt = new DefaultJWTProcessor<>();
        jwt.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
        jwt.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(settings.clientId(),
                new JWTClaimsSet.Builder().issuer(settings.issuer()).build(), Set.of("sub", "exp", "iat")));
        return jwt;
    }

    private Endpoints discover() {
        JsonObject document = getJson(settings.discovery());
        if (!(document.get("issuer") instanceof JsonString issuer) || !issuer.getString().equals(settings.issuer())) {
            throw new ProviderUnavailableException("The identity provider's discovery document names another issuer than "
                    + "DOCEX_OIDC_ISSUER", null);
        }
        return new Endpoints(url(document, "authorization_endpoint"), url(document, "token_endpoint"), url(document, "jwks_uri"));
    }

    private static String url(JsonObject document, String name) {
        if (!(document.get(name) instanceof JsonString value) || !value.getString().matches("https?://.+")) {
            throw new ProviderUnavailableException("The identity provider's discovery document has no " + name, null);
        }
        return value.getString();
    }

    /** A JSON document the provider serves (200), at most {@link #MAX_DOCUMENT_BYTES}. */
    JsonObject getJson(URI uri) {
        Answer answer = send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).header("Accept", "application/json").GET().build());
        if (answer.status() != 200) {
            throw new ProviderUnavailableException("The identity provider answered " + answer.status() + " for " + uri, null);
        }
        return answer.body();
    }

    /** The provider's answer below 500, with its JSON body. */
    record Answer(int status, JsonObject body) {
    }

    /** Sends a request to the provider and reads its JSON answer; a 4xx is the caller's to judge. */
    Answer send(HttpRequest request) {
        HttpResponse<byte[]> answer;
        try {
            answer = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new ProviderUnavailableException("The identity provider cannot be reached", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderUnavailableException("Interrupted while asking the identity provider", e);
        }
        if (answer.body().length > MAX_DOCUMENT_BYTES) {
            throw new ProviderUnavailableException("The identity provider's answer is larger than " + MAX_DOCUMENT_BYTES + " bytes", null);
        }
        try (JsonReader reader = Json.createReader(new StringReader(new String(answer.body(), java.nio.charset.StandardCharsets.UTF_8)))) {
            JsonObject body = reader.readObject();
            if (answer.statusCode() >= 500) {
                throw new ProviderUnavailableException("The identity provider answered " + answer.statusCode(), null);
            }
            return new Answer(answer.statusCode(), body);
        } catch (jakarta.json.JsonException | IllegalStateException e) {
            throw new ProviderUnavailableException("The identity provider answered " + answer.statusCode() + " without JSON", e);
        }
    }
}
