package org.docex.documents.boundary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.docex.documents.boundary.MultipartFormReader.Part;
import org.junit.jupiter.api.Test;

class MultipartFormReaderTest {

    private static final String BOUNDARY = "----docexBoundary7MA4YWxk";

    @Test
    void readsTheFilePartExactlyEvenWithBoundaryLikeBytesInside() throws IOException {
        byte[] content = ("%PDF-1.7\r\n\r\n--" + BOUNDARY.substring(0, 10) + "\r\n-- almost\r\n--" + BOUNDARY.substring(0, BOUNDARY.length() - 1) + "Y")
                .getBytes(StandardCharsets.ISO_8859_1);
        MultipartFormReader reader = reader(body(part("file", "a.pdf", content)));

        Part part = reader.next().orElseThrow();
        assertEquals("file", part.name());
        assertEquals("a.pdf", part.filename());
        assertArrayEquals(content, part.content().readAllBytes());
        assertTrue(reader.next().isEmpty());
    }

    @Test
    void readsSeveralPartsInOrderAndIgnoresThePreamble() throws IOException {
        byte[] bytes = body("preamble to ignore\r\n", part("title", null, "Hello".getBytes()),
                part("file", "b.pdf", "%PDF-".getBytes()));
        MultipartFormReader reader = reader(bytes);

        Part title = reader.next().orElseThrow();
        assertEquals("title", title.name());
        assertArrayEquals("Hello".getBytes(), title.content().readAllBytes());
        Part file = reader.next().orElseThrow();
        assertEquals("file", file.name());
        assertArrayEquals("%PDF-".getBytes(), file.content().readAllBytes());
        assertTrue(reader.next().isEmpty());
    }

    @Test
    void binaryContentSurvivesIntact() throws IOException {
        byte[] content = new byte[300_000];
        new Random(7).nextBytes(content);
        Part part = reader(body(part("file", "r.bin", content))).next().orElseThrow();
        assertArrayEquals(content, part.content().readAllBytes());
    }

    @Test
    void anEmptyPartHasNoContent() throws IOException {
        Part part = reader(body(part("file", "empty.pdf", new byte[0]))).next().orElseThrow();
        assertEquals(0, part.content().readAllBytes().length);
    }

    @Test
    void utf8FilenamesAreDecoded() throws IOException {
        Part part = reader(body(part("file", "Prüfbericht.pdf", "x".getBytes()))).next().orElseThrow();
        assertEquals("Prüfbericht.pdf", part.filename());
    }

    @Test
    void aBodyCutShortIsMalformed() throws IOException {
        byte[] whole = body(part("file", "a.pdf", "%PDF-1.7 and more".getBytes()));
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 20);
        Part part = reader(cut).next().orElseThrow();
        assertThrows(MultipartFormReader.MalformedMultipartException.class, () -> part.content().readAllBytes());
    }

    @Test
    void otherContentTypesOrMissingBoundariesAreNotRead() throws IOException {
        assertTrue(MultipartFormReader.of(new ByteArrayInputStream(new byte[0]), "application/json").isEmpty());
        assertTrue(MultipartFormReader.of(new ByteArrayInputStream(new byte[0]), "multipart/form-data").isEmpty());
        assertTrue(MultipartFormReader.of(new ByteArrayInputStream(new byte[0]), null).isEmpty());
    }

    @Test
    void quotedBoundariesAreUnderstood() throws IOException {
        byte[] bytes = body(part("file", "q.pdf", "%PDF".getBytes()));
        MultipartFormReader reader = MultipartFormReader.of(new ByteArrayInputStream(bytes),
                "multipart/form-data; boundary=\"" + BOUNDARY + "\"").orElseThrow();
        assertArrayEquals("%PDF".getBytes(), reader.next().orElseThrow().content().readAllBytes());
    }

    private static MultipartFormReader reader(byte[] body) throws IOException {
        return MultipartFormReader.of(new ByteArrayInputStream(body), "multipart/form-data; boundary=" + BOUNDARY)
                .orElseThrow();
    }

    private static byte[] part(String name, String filename, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String disposition = "Content-Disposition: form-data; name=\"" + name + "\""
                + (filename == null ? "" : "; filename=\"" + filename + "\"");
        out.writeBytes(("--" + BOUNDARY + "\r\n" + disposition + "\r\nContent-Type: application/octet-stream\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8));
        out.writeBytes(content);
        out.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        return out.toByteArray();
    }

    private static byte[] body(byte[]... parts) {
        return body("", parts);
    }

    private static byte[] body(String preamble, byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(preamble.getBytes(StandardCharsets.ISO_8859_1));
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        out.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.ISO_8859_1));
        return out.toByteArray();
    }
}
