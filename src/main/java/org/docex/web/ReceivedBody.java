package org.docex.web;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A request body read to its end before the request is worked on: in memory up to
 * {@link #IN_MEMORY_BYTES}, past that in a temporary file (deleted by {@link #close()}).
 */
final class ReceivedBody implements AutoCloseable {

    static final int IN_MEMORY_BYTES = 64 * 1024;
    private static final int BUFFER_SIZE = 16 * 1024;

    /** Where a body too large for memory is written. */
    @FunctionalInterface
    interface SpillFiles {
        Path newFile() throws IOException;
    }

    /** The body passed its limit; nothing past the first byte over it was read. */
    static final class TooLargeException extends Exception {
        private static final long serialVersionUID = 1L;

        TooLargeException() {
            super(null, null, false, false);
        }
    }

    private final byte[] bytes;
    private final Path file;
    private final long size;

    private ReceivedBody(byte[] bytes, Path file, long size) {
        this.bytes = bytes;
        this.file = file;
        this.size = size;
    }

    /**
     * Reads {@code in} to its end, at most {@code limit} bytes, keeping to {@code rate}. On any
     * failure a file begun is deleted.
     */
    static ReceivedBody receive(InputStream in, long limit, MinimumRate rate, SpillFiles spill)
            throws IOException, TooLargeException, MinimumRate.TooSlowException {
        byte[] buffer = new byte[BUFFER_SIZE];
        ByteArrayOutputStream memory = new ByteArrayOutputStream();
        Path file = null;
        OutputStream out = memory;
        long size = 0;
        boolean complete = false;
        try {
            while (true) {
                // Never ask for more than one byte past the limit: that byte alone proves the body too large.
                int read = in.read(buffer, 0, (int) Math.min(buffer.length, limit - size + 1));
                if (read < 0) {
                    break;
                }
                size += read;
                if (size > limit) {
                    throw new TooLargeException();
                }
                rate.check(size);
                if (file == null && size > IN_MEMORY_BYTES) {
                    file = spill.newFile();
                    out = Files.newOutputStream(file);
                    memory.writeTo(out);
                }
                out.write(buffer, 0, read);
            }
            out.close();
            complete = true;
            return file == null ? new ReceivedBody(memory.toByteArray(), null, size) : new ReceivedBody(null, file, size);
        } finally {
            if (!complete) {
                closeQuietly(out);
                if (file != null) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    long size() {
        return size;
    }

    InputStream open() throws IOException {
        return file == null ? new ByteArrayInputStream(bytes) : Files.newInputStream(file);
    }

    @Override
    public void close() throws IOException {
        if (file != null) {
            Files.deleteIfExists(file);
        }
    }

    private static void closeQuietly(OutputStream out) {
        try {
            out.close();
        } catch (IOException e) {
            // The body is abandoned; its file is deleted next.
        }
    }
}
