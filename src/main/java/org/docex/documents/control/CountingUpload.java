package org.docex.documents.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Streams an upload to a file while counting its bytes and hashing it, so the body is never held in memory. */
public final class CountingUpload {

    private static final int BUFFER_SIZE = 64 * 1024;

    private CountingUpload() {
    }

    /**
     * Copies {@code in} to {@code target}. Reading stops at the first byte past {@code maxBytes}, which
     * raises {@link UploadTooLargeException}; the caller deletes the partial target.
     */
    public static UploadedFile copy(InputStream in, Path target, long maxBytes) throws UploadTooLargeException, IOException {
        MessageDigest sha256 = sha256();
        byte[] buffer = new byte[BUFFER_SIZE];
        long size = 0;
        try (OutputStream out = Files.newOutputStream(target)) {
            while (true) {
                // Never ask for more than one byte past the limit: that byte alone proves the upload too large.
                int wanted = (int) Math.min(buffer.length, maxBytes - size + 1);
                int read = in.read(buffer, 0, wanted);
                if (read < 0) {
                    break;
                }
                size += read;
                if (size > maxBytes) {
                    throw new UploadTooLargeException(maxBytes);
                }
                sha256.update(buffer, 0, read);
                out.write(buffer, 0, read);
            }
        }
        return new UploadedFile(target, size, HexFormat.of().formatHex(sha256.digest()));
    }

    /** What writes a file's bytes to the stream it is given. */
    @FunctionalInterface
    public interface Writer {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes {@code target} with {@code writer}, hashing the bytes as they are written (the file is not read again). */
    public static UploadedFile write(Path target, Writer writer) throws IOException {
        MessageDigest sha256 = sha256();
        try (OutputStream out = new java.security.DigestOutputStream(Files.newOutputStream(target), sha256)) {
            writer.writeTo(out);
        }
        return new UploadedFile(target, Files.size(target), HexFormat.of().formatHex(sha256.digest()));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java platform provides SHA-256", e);
        }
    }
}
