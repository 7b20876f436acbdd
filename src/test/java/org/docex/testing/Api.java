package org.docex.testing;

import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/** A black-box HTTP client of the docex API, as any client would call it. */
public final class Api {

    private static final HttpClient CLIENT = newClient();

    private final URI base;
    private final String token;
    private final HttpClient client;

    public Api(URI base) {
        this(base, null, CLIENT);
    }

    private Api(URI base, String token, HttpClient client) {
        this.base = base;
        this.token = token;
        this.client = client;
    }

    private static HttpClient newClient() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
    }

    /** The same client on connections of its own, as a separate client program would have. */
    public Api withOwnConnection() {
        return new Api(base, token, newClient());
    }

    public static Api at(java.net.URL url) {
        try {
            return new Api(url.toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** The same client, sending {@code Authorization: Bearer token}. */
    public Api as(String bearerToken) {
        return new Api(base, bearerToken, client);
    }

    public URI base() {
        return base;
    }

    public String token() {
        return token;
    }

    public ApiResponse get(String path) {
        return send(request(path).GET());
    }

    public ApiResponse delete(String path) {
        return send(request(path).DELETE());
    }

    public ApiResponse post(String path, JsonValue json) {
        return send(json(path, "POST", json.toString()));
    }

    public ApiResponse patch(String path, JsonValue json) {
        return send(json(path, "PATCH", json.toString()));
    }

    public ApiResponse postRaw(String path, String contentType, String body) {
        return send(request(path).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    public ApiResponse postForm(String path, Map<String, String> fields) {
        String body = fields.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        return postRaw(path, "application/x-www-form-urlencoded", body);
    }

    public ApiResponse send(String method, String path, HttpRequest.BodyPublisher body, Map<String, String> headers) {
        HttpRequest.Builder builder = request(path).method(method, body);
        headers.forEach(builder::header);
        return send(builder);
    }

    public HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder;
    }

    public ApiResponse send(HttpRequest.Builder request) {
        return send(client, request);
    }

    /** On a connection of its own, for requests that may leave a connection unusable. */
    public ApiResponse sendAlone(HttpRequest.Builder request) {
        return send(newClient(), request);
    }

    private static ApiResponse send(HttpClient client, HttpRequest.Builder request) {
        try {
            HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new ApiResponse(response.statusCode(), response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpRequest.Builder json(String path, String method, String body) {
        return request(path).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body));
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
