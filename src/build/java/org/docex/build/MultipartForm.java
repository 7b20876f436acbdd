package org.docex.build;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A {@code multipart/form-data} body of one file part, as a browser or HTTP library sends it.
 * Written by hand: neither the JDK's {@code HttpClient} nor a library on the training run's class
 * path writes multipart bodies.
 */
public final class MultipartForm {

    private MultipartForm() {
    }

    /** {@code content} as the part {@code partName} named {@code filename}, of type {@code application/pdf}. */
    public static byte[] filePart(String boundary, String partName, String filename, byte[] content) {
        ByteArrayOutputStream body = new ByteArrayOutputStream(content.length + 256);
        write(body, "--" + boundary + "\r\n");
        write(body, "Content-Disposition: form-data; name=\"" + partName + "\"; filename=\"" + filename + "\"\r\n");
        write(body, "Content-Type: application/pdf\r\n\r\n");
        body.writeBytes(content);
        write(body, "\r\n--" + boundary + "--\r\n");
        return body.toByteArray();
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    }
}
