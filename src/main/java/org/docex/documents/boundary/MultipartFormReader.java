package org.docex.documents.boundary;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@code multipart/form-data} body as a stream, part by part, without buffering any
 * part: the caller gets the content of the part it wants as an {@link InputStream} that ends at
 * the next boundary. This lets an upload stop (and answer 413) as soon as it passes its limit.
 */
final class MultipartFormReader {

    private static final Pattern BOUNDARY = Pattern.compile("(?i)boundary=(?:\"([^\"]{1,70})\"|([^;\\s]{1,70}))");
    private static final Pattern NAME = Pattern.compile("(?i);\\s*name=\"([^\"]*)\"");
    private static final Pattern FILENAME = Pattern.compile("(?i);\\s*filename=\"([^\"]*)\"");
    private static final int MAX_HEADER_BYTES = 8192;
    private static final int BUFFER = 64 * 1024;

    private final PushbackInputStream in;
    private final byte[] delimiter;
    private boolean finished;

    private MultipartFormReader(InputStream body, String boundary) {
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        this.in = new PushbackInputStream(new BufferedInputStream(body, BUFFER), delimiter.length + 2);
    }

    /** Positioned at the first part; empty when the content type names no usable boundary. */
    static Optional<MultipartFormReader> of(InputStream body, String contentType) throws IOException {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")) {
            return Optional.empty();
        }
        Matcher boundary = BOUNDARY.matcher(contentType);
        if (!boundary.find()) {
            return Optional.empty();
        }
        String value = boundary.group(1) != null ? boundary.group(1) : boundary.group(2);
        return Optional.of(new MultipartFormReader(body, value).start());
    }

    /** The next part, or empty after the last one. The previous part's content must have been read or skipped. */
    Optional<Part> next() throws IOException {
        if (finished) {
            return Optional.empty();
        }
        if (!skipToBoundaryLine()) {
            finished = true;
            return Optional.empty();
        }
        String headers = readHeaders();
        String disposition = header(headers, "content-disposition");
        return Optional.of(new Part(match(NAME, disposition), match(FILENAME, disposition), new PartStream()));
    }

    /** After a delimiter: "--" ends the body, CRLF starts a part. */
    private boolean skipToBoundaryLine() throws IOException {
        int first = in.read();
        int second = in.read();
        if (first == '-' && second == '-') {
            return false;
        }
        if (first == '\r' && second == '\n') {
            return true;
        }
        throw new MalformedMultipartException();
    }

    private String readHeaders() throws IOException {
        StringBuilder headers = new StringBuilder();
        while (!headers.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0 || headers.length() > MAX_HEADER_BYTES) {
                throw new MalformedMultipartException();
            }
            headers.append((char) b);
        }
        return headers.toString();
    }

    /** Positions the reader after the first delimiter (the preamble before it is ignored). */
    private MultipartFormReader start() throws IOException {
        in.unread(new byte[] {'\r', '\n'});
        new PartStream().skip(Long.MAX_VALUE);
        return this;
    }

    private static String header(String headers, String name) {
        for (String line : headers.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equalsIgnoreCase(name)) {
                return line.substring(colon + 1).strip();
            }
        }
        return "";
    }

    private static String match(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? new String(matcher.group(1).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8) : null;
    }

    record Part(String name, String filename, InputStream content) {
    }

    /** The content of one part: ends where the delimiter begins, and consumes the delimiter. */
    private final class PartStream extends InputStream {

        private boolean ended;

        @Override
        public int read() throws IOException {
            if (ended) {
                return -1;
            }
            int b = in.read();
            if (b < 0) {
                throw new MalformedMultipartException();
            }
            if (b != delimiter[0]) {
                return b;
            }
            byte[] candidate = new byte[delimiter.length];
            candidate[0] = (byte) b;
            int filled = 1;
            while (filled < delimiter.length) {
                int next = in.read();
                if (next < 0) {
                    throw new MalformedMultipartException();
                }
                candidate[filled++] = (byte) next;
                if (candidate[filled - 1] != delimiter[filled - 1]) {
                    in.unread(candidate, 1, filled - 1);
                    return b;
                }
            }
            ended = true;
            return -1;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int count = 0;
            while (count < length) {
                int b = read();
                if (b < 0) {
                    return count == 0 ? -1 : count;
                }
                buffer[offset + count++] = (byte) b;
                if (in.available() == 0 && count > 0) {
                    break;
                }
            }
            return count;
        }
    }

    /** The body is not well-formed multipart. */
    static final class MalformedMultipartException extends IOException {
        MalformedMultipartException() {
            super("Malformed multipart body");
        }
    }
}
