package org.docex.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReceivedBodyTest {

    @TempDir
    Path dir;

    private final List<Path> spilled = new ArrayList<>();

    @Test
    void aSmallBodyStaysInMemory() throws IOException {
        byte[] sent = ArrivingBodyTest.bytes(ReceivedBody.IN_MEMORY_BYTES);
        try (ReceivedBody body = ReceivedBody.receive(new ByteArrayInputStream(sent), this::spillFile)) {
            assertEquals(sent.length, body.size());
            assertArrayEquals(sent, body.stream().readAllBytes());
            assertTrue(spilled.isEmpty(), "no file for a body of 64 KiB");
        }
    }

    @Test
    void aLargerBodyGoesToAFileDeletedWhenDone() throws IOException {
        byte[] sent = ArrivingBodyTest.bytes(300_000);
        ServletInputStream leftOpen;
        try (ReceivedBody body = ReceivedBody.receive(new ByteArrayInputStream(sent), this::spillFile)) {
            assertEquals(300_000, body.size());
            assertEquals(1, spilled.size());
            assertEquals(300_000, Files.size(spilled.get(0)));
            assertArrayEquals(sent, body.stream().readAllBytes());
            leftOpen = body.stream();
            assertArrayEquals(sent, leftOpen.readAllBytes(), "read again from the start");
        }
        assertFalse(Files.exists(spilled.get(0)), "the file outlived the request");
        assertThrows(IOException.class, leftOpen::read, "a stream the application left open was closed with the request");
    }

    @Test
    void aBodyRefusedHalfWayLeavesNoFile() {
        InputStream refusing = new SequenceInputStream(new ByteArrayInputStream(ArrivingBodyTest.bytes(200_000)), new InputStream() {
            @Override
            public int read() throws IOException {
                throw RefusedBodyException.tooSlow();
            }
        });
        RefusedBodyException refused = assertThrows(RefusedBodyException.class, () -> ReceivedBody.receive(refusing, this::spillFile));
        assertEquals(408, refused.status());
        assertEquals(1, spilled.size());
        assertFalse(Files.exists(spilled.get(0)), "a half-received body's file was left behind");
    }

    @Test
    void theApplicationReadsTheReceivedBodyAsTheRequestsBody() throws IOException {
        byte[] form = "username=j%C3%B6rg%40example.com&password=s%C3%A9cret".getBytes(StandardCharsets.UTF_8);
        try (ReceivedBody body = ReceivedBody.receive(new ByteArrayInputStream(form), this::spillFile)) {
            BodyRequest request = new BodyRequest(request("ISO-8859-1"), body.stream(), body.size());
            assertEquals(form.length, request.getContentLengthLong());
            assertEquals(form.length, request.getContentLength());
            assertEquals(new String(form, StandardCharsets.ISO_8859_1), request.getReader().readLine());
            assertThrows(IllegalStateException.class, request::getInputStream, "the body is read once, one way");
        }
        String text = "{\"name\": \"Jörg\"}";
        try (ReceivedBody body = ReceivedBody.receive(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), this::spillFile)) {
            BodyRequest request = new BodyRequest(request(null), body.stream(), body.size());
            assertEquals(text, request.getReader().readLine(), "UTF-8 when the request names no charset");
        }
    }

    @Test
    void aReceivedFormAnswersTheRequestsParametersWithTheQueryStrings() throws IOException {
        byte[] form = "username=j%C3%B6rg%40example.com&password=a+b%26c&scope=".getBytes(StandardCharsets.US_ASCII);
        try (ReceivedBody body = ReceivedBody.receive(new ByteArrayInputStream(form), this::spillFile)) {
            BodyRequest request = new BodyRequest(request(null, "application/x-www-form-urlencoded", "scope=read"), body);
            assertEquals("jörg@example.com", request.getParameter("username"));
            assertEquals("a b&c", request.getParameter("password"));
            assertArrayEquals(new String[] {"read", ""}, request.getParameterValues("scope"));
            assertEquals(List.of("scope", "username", "password"), Collections.list(request.getParameterNames()));
            assertEquals(new String(form, StandardCharsets.US_ASCII), request.getReader().readLine(), "the body stays readable");
        }
        try (ReceivedBody body = ReceivedBody.receive(new ByteArrayInputStream("{\"a\": 1}".getBytes(StandardCharsets.UTF_8)), this::spillFile)) {
            BodyRequest request = new BodyRequest(request(null, "application/json", null), body);
            assertEquals(Map.of(), request.getParameterMap(), "only a form's fields are parameters");
        }
    }

    private Path spillFile() throws IOException {
        Path file = Files.createTempFile(dir, "body", ".tmp");
        spilled.add(file);
        return file;
    }

    private static HttpServletRequest request(String characterEncoding) {
        return request(characterEncoding, null, null);
    }

    /** The request as the server passes it: only its character encoding, type and query string are asked. */
    private static HttpServletRequest request(String characterEncoding, String contentType, String queryString) {
        return (HttpServletRequest) Proxy.newProxyInstance(ReceivedBodyTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getCharacterEncoding" -> characterEncoding;
                    case "getContentType" -> contentType;
                    case "getQueryString" -> queryString;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
