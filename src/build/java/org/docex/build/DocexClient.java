package org.docex.build;

import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.spi.JsonProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;

/**
 * A signed-in client of the docex API as the build's training run and the benchmark drive it, on the
 * JDK and JSON-P.
 */
public final class DocexClient {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    /** Looked up once: {@code Json.createReader} looks the provider up on every call, a scan of the class path. */
    private static final JsonProvider JSON = JsonProvider.provider();

    private final URI base;
    private final String token;

    public DocexClient(URI base, String token) {
        this.base = base;
        this.token = token;
    }

    /** Signs in with the password form and answers a client sending the token it got. */
    public static DocexClient signIn(URI base, String email, String password) throws IOException, InterruptedException {
        String form = "username=" + URLEncoder.encode(email, StandardCharsets.UTF_8)
                + "&password=" + URLEncoder.encode(password, StandardCharsets.UTF_8);
        String answer = send(HttpRequest.newBuilder(base.resolve("/api/users/login")).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)));
        return new DocexClient(base, json(answer).getString("access_token"));
    }

    /** The JSON object a GET answers; an {@link IOException} when the answer is an error. */
    public JsonObject get(String path) throws IOException, InterruptedException {
        return json(send(HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token)));
    }

    private static String send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpRequest built = request.build();
        HttpResponse<String> answer = CLIENT.send(built, HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() >= 400) {
            throw new IOException(built.method() + " " + built.uri() + " answered " + answer.statusCode() + ": "
                    + answer.body());
        }
        return answer.body();
    }

    /**
     * Uploads {@code file} and starts a {@code generic} workflow for it; answers the workflow's id. Through
     * {@link HttpURLConnection}: with the JDK's {@code HttpClient}, the benchmark JVM's C2 compiled throughout
     * the measured passes (1.5-1.6 s of CPU in three passes of the generated corpus, 0.19-0.21 ms per page on
     * the cores the service uses, against 0.08 for the clients' own threads), also with the clients warmed
     * beforehand by 20 passes against a stand-in and without passes of PDFBox alone between the service's.
     */
    public String startWorkflow(Path file) throws IOException {
        String boundary = "docex-" + UUID.randomUUID();
        String document = post("/api/documents/upload", "multipart/form-data; boundary=" + boundary,
                MultipartForm.filePart(boundary, "file", file.getFileName().toString(), Files.readAllBytes(file)), 201);
        byte[] start = JSON.createObjectBuilder().add("document_id", document).add("template", "generic").build()
                .toString().getBytes(StandardCharsets.UTF_8);
        return post("/api/extractions/extract/workflow", "application/json", start, 202);
    }

    /** POSTs {@code body} and answers the {@code id} of the JSON answer; fails unless the status is {@code expected}. */
    private String post(String path, String contentType, byte[] body, int expected) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) base.resolve(path).toURL().openConnection();
        connection.setRequestMethod("POST");
        connection.setDoOutput(true);
        connection.setFixedLengthStreamingMode(body.length);
        connection.setConnectTimeout(10_000);
        connection.setReadTimeout(60_000);
        connection.setRequestProperty("Authorization", "Bearer " + token);
        connection.setRequestProperty("Content-Type", contentType);
        try (OutputStream out = connection.getOutputStream()) {
            out.write(body);
        }
        int status = connection.getResponseCode();
        // Read to the end and closed, so that the connection is kept for the next request.
        String answer;
        try (InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
            answer = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (status != expected) {
            throw new IllegalStateException("POST " + path + " answered " + status + ": " + answer);
        }
        return json(answer).getString("id");
    }

    private static JsonObject json(String text) {
        try (JsonReader reader = JSON.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }
}
