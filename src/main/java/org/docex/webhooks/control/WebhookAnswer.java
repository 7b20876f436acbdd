package org.docex.webhooks.control;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Reads a receiver's HTTP/1.1 answer: its status, {@code Retry-After}, and the first bytes of its
 * body, plain or chunked. Informational answers (1xx) before it are skipped; the head may have at
 * most {@link #MAX_HEAD_BYTES}, and no more of the body is read than is kept.
 */
final class WebhookAnswer {

    static final int MAX_HEAD_BYTES = 16 * 1024;

    private final InputStream in;
    private int headBytes;
    private int status;
    private String retryAfter;
    private long contentLength = -1;
    private boolean chunked;

    private WebhookAnswer(InputStream in) {
        this.in = new BufferedInputStream(in, 4096);
    }

    static WebhookPost.Answer read(InputStream in, int kept) throws IOException {
        WebhookAnswer answer = new WebhookAnswer(in);
        do {
            answer.head();
        } while (answer.status < 200);
        return new WebhookPost.Answer(answer.status, answer.retryAfter, answer.body(kept));
    }

    private void head() throws IOException {
        String[] statusLine = line().split(" ", 3);
        if (statusLine.length < 2 || !statusLine[0].startsWith("HTTP/1.")) {
            throw new ProtocolException("Not an HTTP/1.1 answer");
        }
        try {
            status = Integer.parseInt(statusLine[1]);
        } catch (NumberFormatException e) {
            throw new ProtocolException("Not an HTTP status: " + statusLine[1]);
        }
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).strip();
            switch (name) {
                case "retry-after" -> retryAfter = value;
                case "content-length" -> contentLength = parseLength(value, 10);
                case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).endsWith("chunked");
                default -> { }
            }
        }
    }

    private String body(int kept) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (status == 204 || status == 304) {
            return "";
        }
        if (!chunked) {
            copy(contentLength < 0 ? kept : Math.min(kept, contentLength), body);
            return text(body);
        }
        while (body.size() < kept) {
            String size = line();
            int extension = size.indexOf(';');
            long chunk = parseLength(extension < 0 ? size.strip() : size.substring(0, extension).strip(), 16);
            if (chunk == 0) {
                break;
            }
            copy(Math.min(chunk, kept - body.size()), body);
            if (body.size() < kept) {
                line();
            }
        }
        return text(body);
    }

    /** Up to {@code count} bytes, fewer if the answer ends first. */
    private void copy(long count, ByteArrayOutputStream to) throws IOException {
        byte[] buffer = new byte[1024];
        for (long left = count; left > 0; ) {
            int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (read < 0) {
                return;
            }
            to.write(buffer, 0, read);
            left -= read;
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new ProtocolException("The answer ended early");
            }
            if (++headBytes > MAX_HEAD_BYTES) {
                throw new ProtocolException("The answer's head is longer than " + MAX_HEAD_BYTES + " bytes");
            }
            if (c != '\r') {
                line.write(c);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    private static long parseLength(String value, int radix) throws ProtocolException {
        try {
            long length = Long.parseLong(value, radix);
            if (length < 0) {
                throw new ProtocolException("A negative length");
            }
            return length;
        } catch (NumberFormatException e) {
            throw new ProtocolException("Not a length: " + value);
        }
    }

    /** A character cut at the limit becomes a replacement character. */
    private static String text(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
