package org.docex.testing;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a user and an administrator do at the test realm's provider without a browser: a sign-in
 * through its login page (authorisation code with PKCE, as the workspace starts it), a direct grant
 * (the access token an API client holds), and an administrator moving a user between realm roles.
 */
public final class KeycloakUsers {

    /** The test realm's users ({@code src/test/resources/keycloak}): password "<name> passphrase 2026". */
    public static final String REVIEWER = "rita";
    public static final String WITHOUT_ROLE = "nora";
    public static final String ANALYST = "ada";

    private static final Pattern FORM = Pattern.compile("<form[^>]*id=\"kc-form-login\"[^>]*action=\"([^\"]+)\"");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Keycloak provider;

    public KeycloakUsers(Keycloak provider) {
        this.provider = provider;
    }

    public static String password(String user) {
        return user + " passphrase 2026";
    }

    public static String email(String user) {
        return user + "@docex.test";
    }

    /** A sign-in begun as the workspace begins it: its verifier, nonce and state, and the authorisation URL with them. */
    public record Start(String verifier, String nonce, String state, URI url) {
    }

    public static Start start(String authorizationEndpoint, String clientId, String redirectUri) {
        String verifier = random(48);
        String nonce = random(24);
        String state = random(16);
        Map<String, String> query = new LinkedHashMap<>();
        query.put("response_type", "code");
        query.put("client_id", clientId);
        query.put("redirect_uri", redirectUri);
        query.put("scope", "openid email profile");
        query.put("state", state);
        query.put("nonce", nonce);
        query.put("code_challenge", challenge(verifier));
        query.put("code_challenge_method", "S256");
        return new Start(verifier, nonce, state, URI.create(authorizationEndpoint + "?" + form(query)));
    }

    /** Signs {@code user} in on the provider's login page; answers the code it redirects back with. */
    public String signIn(Start start, String user) throws IOException, InterruptedException {
        // Cookies carried by hand: Keycloak marks its login cookies Secure, which the JDK's cookie manager keeps from
        // plain http, where a browser sends them to a loopback address.
        HttpClient browser = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).connectTimeout(TIMEOUT).build();
        HttpResponse<String> page = browser.send(HttpRequest.newBuilder(start.url()).timeout(TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString());
        Matcher form = FORM.matcher(page.body());
        if (page.statusCode() != 200 || !form.find()) {
            throw new IOException("No login form at " + start.url() + " (" + page.statusCode() + "): " + page.body());
        }
        String action = form.group(1).replace("&amp;", "&");
        String cookies = page.headers().allValues("Set-Cookie").stream().map(cookie -> cookie.split(";", 2)[0])
                .collect(Collectors.joining("; "));
        HttpResponse<String> answer = browser.send(HttpRequest.newBuilder(URI.create(action)).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded").header("Cookie", cookies)
                .POST(HttpRequest.BodyPublishers.ofString(form(Map.of("username", user, "password", password(user),
                        "credentialId", "")))).build(), HttpResponse.BodyHandlers.ofString());
        String location = answer.headers().firstValue("Location").orElseThrow(() ->
                new IOException("The login page did not send the user back (" + answer.statusCode() + "): " + answer.body()));
        Map<String, String> back = query(URI.create(location).getRawQuery());
        if (!start.state().equals(back.get("state")) || back.get("code") == null) {
            throw new IOException("Sent back without a code or with another state: " + location);
        }
        return back.get("code");
    }

    /** The provider's access token for {@code user} as an API client of {@code clientId} holds it. */
    public String accessToken(String clientId, String user) throws IOException, InterruptedException {
        return token(provider.issuer(), Map.of("grant_type", "password", "client_id", clientId, "username", user,
                "password", password(user), "scope", "openid")).getString("access_token");
    }

    /** The ID token the provider issues beside that access token: proof of a sign-in, for the client. */
    public String idToken(String clientId, String user) throws IOException, InterruptedException {
        return token(provider.issuer(), Map.of("grant_type", "password", "client_id", clientId, "username", user,
                "password", password(user), "scope", "openid")).getString("id_token");
    }

    /** Moves {@code user} of the test realm out of one realm role and into another, as its administrator. */
    public void moveRole(String user, String from, String to) throws IOException, InterruptedException {
        String admin = token(provider.base() + "/realms/master", Map.of("grant_type", "password", "client_id", "admin-cli",
                "username", Keycloak.ADMIN, "password", Keycloak.ADMIN_PASSWORD)).getString("access_token");
        String realm = provider.base() + "/admin/realms/" + Keycloak.REALM;
        JsonArray found = Json.createReader(new StringReader(call(admin, "GET", realm + "/users?exact=true&username=" + user, null)))
                .readArray();
        String id = found.getJsonObject(0).getString("id");
        String fromRole = call(admin, "GET", realm + "/roles/" + from, null);
        String toRole = call(admin, "GET", realm + "/roles/" + to, null);
        call(admin, "DELETE", realm + "/users/" + id + "/role-mappings/realm", "[" + fromRole + "]");
        call(admin, "POST", realm + "/users/" + id + "/role-mappings/realm", "[" + toRole + "]");
    }

    private static String call(String token, String method, String url, String json) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).header("Authorization", "Bearer " + token)
                .header("Accept", "application/json");
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        HttpResponse<String> answer = HttpClient.newHttpClient().send(request.method(method, json == null
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() >= 300) {
            throw new IOException(method + " " + url + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return answer.body();
    }

    private static JsonObject token(String issuer, Map<String, String> grant) throws IOException, InterruptedException {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(issuer + "/protocol/openid-connect/token")).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(grant))).build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IOException("The token endpoint answered " + answer.statusCode() + ": " + answer.body());
        }
        return Json.createReader(new StringReader(answer.body())).readObject();
    }

    private static String form(Map<String, String> values) {
        return values.entrySet().stream().map(entry -> URLEncoder.encode(entry.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(entry.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String pair : raw == null ? new String[0] : raw.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0) {
                values.put(java.net.URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                        java.net.URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
            }
        }
        return values;
    }

    private static String challenge(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String random(int bytes) {
        byte[] value = new byte[bytes];
        RANDOM.nextBytes(value);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(value);
    }
}
