package org.docex.documents.boundary;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@code multipart/form-data} body as a stream, part by part, without buffering any
 * part: the caller gets the content of the part it wants as an {@link InputStream} that ends at
 * the next boundary. This lets an upload stop (and answer 413) as soon as it passes its limit.
 * The body goes through one fixed buffer, scanned for the delimiter a block at a time.
 *
 * <p>Why not Jakarta REST's {@code EntityPart}: its providers (Jersey on Payara, through MIMEPull;
 * RESTEasy on Liberty, through mime4j) read the whole message, spilling large parts to temporary
 * files, before the resource method sees the first part, so an upload over the limit is received
 * and stored in full before it can be refused; a body limit on Payara's HTTP listener instead
 * answered an oversized upload 500 with nothing logged. The format read here is the small subset browsers and HTTP clients send
 * (RFC 7578: a boundary, {@code Content-Disposition} per part, no nested multiparts).
 */
final class MultipartFormReader {

    private static final Pattern BOUNDARY = Pattern.compile("(?i)boundary=(?:\"([^\"]{1,70})\"|([^;\\s]{1,70}))");
    private static final Pattern NAME = Pattern.compile("(?i);\\s*name=\"([^\"]*)\"");
    private static final Pattern FILENAME = Pattern.compile("(?i);\\s*filename=\"([^\"]*)\"");
    private static final int MAX_HEADER_BYTES = 8192;
    private static final int BUFFER = 64 * 1024;

    private final InputStream body;
    private final byte[] delimiter;
    private final byte[] buffer = new byte[BUFFER];
    private int position;
    private int limit;
    private boolean finished;

    private MultipartFormReader(InputStream body, String boundary) {
        this.body = body;
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
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
        if (finished || !boundaryLineFollows()) {
            finished = true;
            return Optional.empty();
        }
        String disposition = header(readHeaders(), "content-disposition");
        return Optional.of(new Part(match(NAME, disposition), match(FILENAME, disposition), new PartStream()));
    }

    /** Skips the preamble: the body starts with "--boundary", the delimiter without its CRLF. */
    private MultipartFormReader start() throws IOException {
        buffer[0] = '\r';
        buffer[1] = '\n';
        limit = 2;
        new PartStream().transferTo(OutputStream.nullOutputStream());
        return this;
    }

    /** After a delimiter: "--" ends the body, CRLF starts a part. */
    private boolean boundaryLineFollows() throws IOException {
        int first = readByte();
        int second = readByte();
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
        while (headers.length() < 4 || !headers.substring(headers.length() - 4).equals("\r\n\r\n")) {
            if (headers.length() > MAX_HEADER_BYTES) {
                throw new MalformedMultipartException();
            }
            headers.append((char) readByte());
        }
        return headers.toString();
    }

    private int readByte() throws IOException {
        if (position == limit && !fill(1)) {
            throw new MalformedMultipartException();
        }
        return buffer[position++] & 0xff;
    }

    /** Makes at least {@code wanted} unread bytes available, unless the body ends first. */
    private boolean fill(int wanted) throws IOException {
        if (limit - position >= wanted) {
            return true;
        }
        System.arraycopy(buffer, position, buffer, 0, limit - position);
        limit -= position;
        position = 0;
        while (limit < wanted) {
            int read = body.read(buffer, limit, buffer.length - limit);
            if (read < 0) {
                return false;
            }
            limit += read;
        }
        return true;
    }

    /** Where the delimiter starts, checking start positions up to {@code lastStart}; -1 if none. */
    private int delimiterAt(int lastStart) {
        for (int i = position; i <= lastStart; i++) {
            if (buffer[i] == delimiter[0]
                    && Arrays.equals(buffer, i, i + delimiter.length, delimiter, 0, delimiter.length)) {
                return i;
            }
        }
        return -1;
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
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] target, int offset, int length) throws IOException {
            if (ended) {
                return -1;
            }
            if (length == 0) {
                return 0;
            }
            if (!fill(delimiter.length)) {
                throw new MalformedMultipartException();
            }
            int lastStart = Math.min(limit - delimiter.length, position + length);
            int found = delimiterAt(lastStart);
            if (found == position) {
                position += delimiter.length;
                ended = true;
                return -1;
            }
            // Bytes before a possible delimiter start can be handed out; none of them begins one.
            int safe = found >= 0 ? found - position : lastStart - position + 1;
            int count = Math.min(length, safe);
            System.arraycopy(buffer, position, target, offset, count);
            position += count;
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
