package org.docex.http;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A request body read to its end before the request is worked on: in memory up to
 * {@link #IN_MEMORY_BYTES}, past that in a temporary file (deleted by {@link #close()}).
 */
final class ReceivedBody implements AutoCloseable {

    static final int IN_MEMORY_BYTES = 64 * 1024;

    /** Where a body too large for memory is written. */
    @FunctionalInterface
    interface SpillFiles {
        Path newFile() throws IOException;
    }

    private final byte[] bytes;
    private final Path file;
    private final long size;
    private final List<Stream> opened = new ArrayList<>(1);

    private ReceivedBody(byte[] bytes, Path file, long size) {
        this.bytes = bytes;
        this.file = file;
        this.size = size;
    }

    /**
     * Reads {@code in} to its end (its limits are the stream's own, see {@link ArrivingBody}). On any
     * failure a file begun is deleted.
     */
    static ReceivedBody receive(InputStream in, SpillFiles spill) throws IOException {
        byte[] head = in.readNBytes(IN_MEMORY_BYTES + 1);
        if (head.length <= IN_MEMORY_BYTES) {
            return new ReceivedBody(head, null, head.length);
        }
        Path file = spill.newFile();
        boolean complete = false;
        try {
            long size;
            try (OutputStream out = Files.newOutputStream(file)) {
                out.write(head);
                size = head.length + in.transferTo(out);
            }
            complete = true;
            return new ReceivedBody(null, file, size);
        } finally {
            if (!complete) {
                Files.deleteIfExists(file);
            }
        }
    }

    long size() {
        return size;
    }

    /**
     * The body to read again, as a request's input stream whose reads never block. Closed with the
     * body at the latest: the application need not close what it reads.
     */
    ServletInputStream stream() throws IOException {
        Stream stream = new Stream(file == null ? new ByteArrayInputStream(bytes) : Files.newInputStream(file));
        opened.add(stream);
        return stream;
    }

    @Override
    public void close() throws IOException {
        for (Stream stream : opened) {
            stream.close();
        }
        if (file != null) {
            Files.deleteIfExists(file);
        }
    }

    private static final class Stream extends ServletInputStream {

        private final InputStream in;
        private boolean finished;

        Stream(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            finished = b < 0;
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int read = in.read(buffer, offset, length);
            finished = read < 0;
            return read;
        }

        @Override
        public int available() throws IOException {
            return in.available();
        }

        @Override
        public void close() throws IOException {
            in.close();
        }

        @Override
        public boolean isFinished() {
            return finished;
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
            // No request here is asynchronous (see RequestGate); the Servlet specification says so for such a request.
            throw new IllegalStateException("Only an asynchronous request takes a read listener");
        }
    }
}
