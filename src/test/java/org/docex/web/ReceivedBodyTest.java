package org.docex.web;

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
import java.util.List;
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

    private Path spillFile() throws IOException {
        Path file = Files.createTempFile(dir, "body", ".tmp");
        spilled.add(file);
        return file;
    }

    /** The request as the server passes it: only its character encoding is asked. */
    private static HttpServletRequest request(String characterEncoding) {
        return (HttpServletRequest) Proxy.newProxyInstance(ReceivedBodyTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getCharacterEncoding")) {
                        return characterEncoding;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
