package org.docex.testing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.net.http.HttpRequest;
import java.util.Map;
import java.util.UUID;

/** Uploads a PDF as a browser form would: {@code multipart/form-data} with one part named {@code file}. */
public final class Uploads {

    private Uploads() {
    }

    public static ApiResponse upload(Api api, String filename, byte[] pdf) {
        String boundary = "docex-" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        write(body, "--" + boundary + "\r\n"
                + "Content-Disposition: form-data; name=\"file\"; filename=\"" + filename + "\"\r\n"
                + "Content-Type: application/pdf\r\n\r\n");
        body.writeBytes(pdf);
        write(body, "\r\n--" + boundary + "--\r\n");
        return api.send("POST", "/api/documents/upload", HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()),
                Map.of("Content-Type", "multipart/form-data; boundary=" + boundary));
    }

    /** Uploads and answers the new document's id; fails the test when the upload is refused. */
    public static String uploaded(Api api, String filename, byte[] pdf) {
        ApiResponse answer = upload(api, filename, pdf);
        if (answer.status() != 201) {
            throw new AssertionError("Upload of " + filename + " refused: " + answer);
        }
        return answer.json().getString("id");
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }
}
