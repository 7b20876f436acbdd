package org.docex.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.Pdfs;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;

/** The security headers of pages and API answers, with DOCEX_HSTS_SECONDS set, as a raw client sees them. */
@SharedServer(ServerGroup.STRICT)
class SecurityHeadersIT extends BlackBoxTest {

    private static final String HSTS = "max-age=31536000";

    /** Served with the policy of what is served, or refused (Open Liberty refuses encoded dot segments); never bare. */
    @Test
    void theShellReachedThroughDotSegmentsStillGetsItsPolicy() {
        for (String path : List.of("/api/../index.html", "/api/%2e%2e/index.html", "/api/./../app/main.js")) {
            Map<String, String> headers = rawGet(path);
            if (headers.get(":status").equals("400")) {
                continue;
            }
            assertEquals("200", headers.get(":status"), path + ": " + headers);
            assertTrue(headers.getOrDefault("content-security-policy", "").contains("frame-ancestors 'none'"),
                    path + ": " + headers);
            assertEquals("nosniff", headers.get("x-content-type-options"), path);
        }
    }

    @Test
    void apiAnswersSayNosniffAndEveryAnswerCarriesHsts() {
        Api analyst = api().as(accounts().signedIn("analyst").token());
        for (ApiResponse answer : List.of(api().get("/api/users/me"), analyst.get("/api/users/me"),
                analyst.get("/api/documents/list"), analyst.get("/api/no-such-route"), api().get("/"))) {
            assertEquals("nosniff", answer.header("X-Content-Type-Options").orElse(null), answer.toString());
            assertEquals(HSTS, answer.header("Strict-Transport-Security").orElse(null), answer.toString());
        }
    }

    @Test
    void documentBytesAndPageRendersAreNotStoredAndTheETagStillWorks() {
        Api analyst = api().as(accounts().signedIn("analyst").token());
        String id = Uploads.uploaded(analyst, "kept.pdf", Pdfs.text("Kept", "Not for the browser cache"));

        ApiResponse content = analyst.get("/api/documents/" + id + "/content");
        ApiResponse image = analyst.get("/api/documents/" + id + "/pages/1/image");

        for (ApiResponse answer : List.of(content, image)) {
            assertEquals(200, answer.status());
            assertEquals("no-store", answer.header("Cache-Control").orElse(null));
            assertEquals("nosniff", answer.header("X-Content-Type-Options").orElse(null));
        }
        ApiResponse unchanged = analyst.send(analyst.request("/api/documents/" + id + "/content")
                .header("If-None-Match", content.header("ETag").orElseThrow()).GET());
        assertEquals(304, unchanged.status());
    }

    /** A GET sent as written: the JDK client would resolve the dot segments before sending. */
    private Map<String, String> rawGet(String path) {
        try (Socket socket = new Socket(url.getHost(), url.getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + url.getHost() + ":" + url.getPort()
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return headers(socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The status (as ":status") and the headers by lower-case name. */
    private static Map<String, String> headers(InputStream in) throws IOException {
        String text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        String head = text.substring(0, Math.max(0, text.indexOf("\r\n\r\n")));
        Map<String, String> headers = new java.util.HashMap<>();
        List<String> lines = head.lines().toList();
        headers.put(":status", lines.isEmpty() ? "" : lines.get(0).split(" ")[1]);
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip());
        }
        return headers;
    }
}
