package org.docex.testing;

import static org.docex.SharedJsonProvider.JSON;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.util.Optional;

/**
 * What a client sees of one answer: status, headers and body, with JSON accessors. The JSON goes
 * through the provider looked up once: {@code Json.createReader} looks it up on every call, a
 * scan of the class path (measured on the test class path: about 40 us a call once warm, against
 * 1 us), paid by the benchmark's clients on the server's cores.
 */
public record ApiResponse(int status, HttpResponse<byte[]> raw) {

    public String body() {
        return new String(raw.body(), java.nio.charset.StandardCharsets.UTF_8);
    }

    public byte[] bytes() {
        return raw.body();
    }

    public JsonObject json() {
        try (var reader = JSON.createReader(new StringReader(body()))) {
            return reader.readObject();
        } catch (RuntimeException e) {
            throw new AssertionError("Not a JSON object (status " + status + "): " + body(), e);
        }
    }

    public JsonArray jsonArray() {
        try (var reader = JSON.createReader(new StringReader(body()))) {
            return reader.readArray();
        }
    }

    public String detail() {
        return json().getString("detail");
    }

    public Optional<String> header(String name) {
        return raw.headers().firstValue(name);
    }

    @Override
    public String toString() {
        return status + " " + body();
    }
}
