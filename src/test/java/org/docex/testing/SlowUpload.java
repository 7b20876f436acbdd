package org.docex.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import org.docex.build.MultipartForm;

/** A client on a bad line: sends an upload's headers at once, then its body at 10 bytes a second. */
public final class SlowUpload {

    private static final int BYTES_A_SECOND = 10;

    private SlowUpload() {
    }

    /**
     * Uploads a small PDF this slowly while {@code sending} holds and no answer has come, then returns
     * the server's answer (status line, headers, body), or {@code "no answer: ..."} after {@code wait}.
     */
    public static String send(String host, int port, String token, BooleanSupplier sending, Duration wait) throws IOException {
        String boundary = "slow-upload-boundary";
        byte[] body = MultipartForm.filePart(boundary, "file", "slow.pdf", Pdfs.text("Sent slowly"));
        try (Socket socket = new Socket(host, port)) {
            socket.setSoTimeout((int) wait.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/documents/upload HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: Bearer " + token
                    + "\r\nContent-Type: multipart/form-data; boundary=" + boundary
                    + "\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            try {
                for (int sent = 0; sent < body.length && sending.getAsBoolean() && in.available() == 0; sent += BYTES_A_SECOND) {
                    out.write(body, sent, Math.min(BYTES_A_SECOND, body.length - sent));
                    out.flush();
                    Thread.sleep(1000);
                }
            } catch (IOException closedByServer) {
                // the server answered (and may have closed) while the body was still coming; its answer is read below
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "no answer: interrupted";
            }
            try {
                return readAnswer(in);
            } catch (SocketTimeoutException e) {
                return "no answer: " + e.getMessage();
            }
        }
    }

    /** The status line, headers and a body of Content-Length bytes: the answer, whether or not the server closes after it. */
    private static String readAnswer(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                return head + "<closed before the answer was complete>";
            }
            head.append((char) b);
        }
        int length = 0;
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring("content-length:".length()).strip());
            }
        }
        return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
