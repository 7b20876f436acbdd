package org.docex.web;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.errors.PayloadTooLargeException;
import org.docex.errors.RequestTimeoutException;

/**
 * One request body on its way in, read as it arrives (Servlet non-blocking input) so that no
 * request thread waits on the client: the first {@link RequestBodySettings#IN_MEMORY} bytes in
 * memory, the rest in a temporary file. {@link #arrived()} completes when all of it is here, or
 * fails with 413 past its limit, with 408 when it arrives too slowly (see {@link #checkPace}), or
 * with the connection's error. {@link #discard()} removes the kept copy.
 */
public final class ArrivingBody implements ReadListener {

    private static final Logger LOG = Logger.getLogger(ArrivingBody.class.getName());

    /** Where a body larger than memory is kept; called at most once per body. */
    interface TempFiles {
        Path create() throws IOException;
    }

    private final ServletInputStream in;
    private final long limit;
    private final long declaredLength;
    private final TempFiles tempFiles;
    private final CompletableFuture<ArrivingBody> arrived = new CompletableFuture<>();
    private final byte[] chunk = new byte[8192];

    private byte[] memory = new byte[1024];
    private int inMemory;
    private Path file;
    private OutputStream fileOut;
    private boolean discarded;
    private volatile long received;
    private long windowStart;
    private long receivedAtWindowStart;

    ArrivingBody(ServletInputStream in, long limit, long declaredLength, TempFiles tempFiles, long nowNanos) {
        this.in = in;
        this.limit = limit;
        this.declaredLength = declaredLength;
        this.tempFiles = tempFiles;
        this.windowStart = nowNanos;
    }

    /** Completes with this body once all of it is here. */
    public CompletableFuture<ArrivingBody> arrived() {
        return arrived;
    }

    /** The whole body, from memory or its file. */
    public synchronized InputStream content() {
        if (discarded) {
            throw new IllegalStateException("The request body was discarded");
        }
        try {
            return file == null ? new ByteArrayInputStream(memory, 0, inMemory) : Files.newInputStream(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void onDataAvailable() throws IOException {
        while (!arrived.isDone() && in.isReady()) {
            int n = in.read(chunk);
            if (n < 0) {
                return;
            }
            if (!keep(n)) {
                end(new PayloadTooLargeException("The request body is larger than the limit of " + limit + " bytes"));
                return;
            }
        }
    }

    private synchronized boolean keep(int n) throws IOException {
        if (received + n > limit) {
            return false;
        }
        if (discarded) {
            return true;
        }
        received += n;
        if (file == null && inMemory + n <= RequestBodySettings.IN_MEMORY) {
            if (inMemory + n > memory.length) {
                memory = Arrays.copyOf(memory, Math.min(RequestBodySettings.IN_MEMORY, Math.max(inMemory + n, memory.length * 2)));
            }
            System.arraycopy(chunk, 0, memory, inMemory, n);
            inMemory += n;
            return true;
        }
        if (file == null) {
            file = tempFiles.create();
            fileOut = Files.newOutputStream(file);
            fileOut.write(memory, 0, inMemory);
            memory = null;
        }
        fileOut.write(chunk, 0, n);
        return true;
    }

    @Override
    public void onAllDataRead() throws IOException {
        synchronized (this) {
            if (fileOut != null) {
                fileOut.close();
                fileOut = null;
            }
        }
        arrived.complete(this);
    }

    /** The client went away or the connection failed while the body arrived. */
    @Override
    public void onError(Throwable failure) {
        LOG.log(Level.FINE, "A request body did not arrive", failure);
        end(failure);
    }

    /**
     * Called about once a second while the body arrives. Over each window at least
     * {@code minRate} bytes a second must arrive, or, when less than that is left of a body of
     * known length, the rest of it. Returns false once the body is no longer arriving.
     */
    boolean checkPace(long nowNanos, long windowNanos, long minRate) {
        if (arrived.isDone()) {
            return false;
        }
        if (nowNanos - windowStart < windowNanos) {
            return true;
        }
        long got = received;
        long expected = minRate * windowNanos / 1_000_000_000L;
        if (declaredLength >= 0) {
            expected = Math.min(expected, declaredLength - receivedAtWindowStart);
        }
        if (got - receivedAtWindowStart < expected) {
            end(new RequestTimeoutException("The request body arrived too slowly: at least " + minRate
                    + " bytes a second are needed, over each " + windowNanos / 1_000_000_000L + " s"));
            return false;
        }
        windowStart = nowNanos;
        receivedAtWindowStart = got;
        return true;
    }

    private void end(Throwable failure) {
        if (arrived.completeExceptionally(failure)) {
            discard();
        }
    }

    /** Removes the kept copy; the body can no longer be read. */
    public synchronized void discard() {
        discarded = true;
        memory = null;
        try {
            if (fileOut != null) {
                fileOut.close();
                fileOut = null;
            }
            if (file != null) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Could not delete a request body's temporary file", e);
        }
    }
}
