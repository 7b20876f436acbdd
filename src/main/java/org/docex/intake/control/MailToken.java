package org.docex.intake.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The OAuth2 access token the mailbox is logged in to with (SASL XOAUTH2), from the token endpoint of
 * {@code DOCEX_MAIL_OAUTH_TOKEN_URL}: by the refresh token where one is set (Gmail), else by client
 * credentials (Microsoft 365's application access to a mailbox). Kept until a minute before it expires,
 * or until the mail server refuses it. Neither the secrets nor the token are logged.
 */
@ApplicationScoped
public class MailToken {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Duration EARLY = Duration.ofSeconds(60);
    private static final int MAX_ANSWER_BYTES = 64 * 1024;

    @Inject
    MailSettings settings;

    @Inject
    Clock clock;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private String token;
    private Instant renewAt = Instant.MIN;

    /** A token that is (as far as docex knows) still valid, asked for anew where there is none. */
    public synchronized String accessToken() throws IOException, InterruptedException {
        if (token != null && clock.instant().isBefore(renewAt)) {
            return token;
        }
        Map<String, String> form = new LinkedHashMap<>();
        if (settings.refreshToken().isPresent()) {
            form.put("grant_type", "refresh_token");
            form.put("refresh_token", settings.refreshToken().get());
        } else {
            form.put("grant_type", "client_credentials");
        }
        form.put("client_id", settings.clientId().orElseThrow());
        settings.clientSecret().ifPresent(secret -> form.put("client_secret", secret));
        settings.scope().ifPresent(scope -> form.put("scope", scope));
        String body = form.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpRequest request = HttpRequest.newBuilder(URI.create(settings.tokenUrl().orElseThrow())).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<InputStream> answer = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        byte[] bytes;
        try (InputStream in = answer.body()) {
            bytes = in.readNBytes(MAX_ANSWER_BYTES);
        }
        JsonObject json;
        try (JsonReader reader = Json.createReader(new ByteArrayInputStream(bytes))) {
            json = reader.readObject();
        } catch (JsonException | IllegalStateException e) {
            throw new IOException("The mailbox's token endpoint answered " + answer.statusCode() + " without a JSON object");
        }
        if (answer.statusCode() != 200 || !json.containsKey("access_token")) {
            // The error code and its description say what is wrong (a wrong secret, a scope not granted); they hold no secret.
            throw new IOException("The mailbox's token endpoint answered " + answer.statusCode() + ": "
                    + json.getString("error", "no access token") + " " + json.getString("error_description", ""));
        }
        long lifetime = json.get("expires_in") instanceof JsonNumber seconds ? seconds.longValue() : 300;
        token = json.getString("access_token");
        renewAt = clock.instant().plusSeconds(lifetime).minus(EARLY);
        return token;
    }

    /** Forgets the token, which the mail server refused. */
    public synchronized void forget() {
        token = null;
        renewAt = Instant.MIN;
    }
}
