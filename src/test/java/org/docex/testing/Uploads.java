package org.docex.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.util.UUID;
import org.docex.build.MultipartForm;

/** Multipart uploads as a browser or HTTP library sends them. */
public final class Uploads {

    private Uploads() {
    }

    public static ApiResponse upload(Api api, String filename, byte[] pdf) {
        return uploadPart(api, "file", filename, pdf);
    }

    /** Uploads and answers the new document's id; fails the test when the upload is refused. */
    public static String uploaded(Api api, String filename, byte[] pdf) {
        ApiResponse answer = upload(api, filename, pdf);
        if (answer.status() != 201) {
            throw new AssertionError("Upload of " + filename + " refused: " + answer);
        }
        return answer.json().getString("id");
    }

    public static ApiResponse uploadPart(Api api, String partName, String filename, byte[] content) {
        return uploadTo(api, "/api/documents/upload", partName, filename, content);
    }

    /** Uploads to {@code path} (the upload's path with options, {@code ?split=separator}). */
    public static ApiResponse uploadTo(Api api, String path, String partName, String filename, byte[] content) {
        String boundary = "docex-" + UUID.randomUUID();
        byte[] body = MultipartForm.filePart(boundary, partName, filename, content);
        return api.send(api.request(path)
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    public static ApiResponse uploadResource(Api api, String resource) {
        return upload(api, resource, resource(resource));
    }

    public static byte[] resource(String name) {
        try (InputStream in = Uploads.class.getResourceAsStream("/pdfs/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("No test resource /pdfs/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
