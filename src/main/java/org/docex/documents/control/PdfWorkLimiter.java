package org.docex.documents.control;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Bounds how many PDFBox jobs (inspections, renders) run at once: each holds a CPU and a PDDocument's memory.
 * Waiting callers are served in arrival order; one that waits past the limit gets {@link PdfBusyException}.
 */
public class PdfWorkLimiter {

    /** Work that may throw one checked exception type, which {@link #run} passes on unchanged. */
    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T call() throws E;
    }

    private final Semaphore permits;
    private final Duration maxWait;

    public PdfWorkLimiter(int parallelism, Duration maxWait) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1");
        }
        this.permits = new Semaphore(parallelism, true);
        this.maxWait = maxWait;
    }

    public <T, E extends Exception> T run(Work<T, E> work) throws E, PdfBusyException {
        try {
            if (!permits.tryAcquire(maxWait.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new PdfBusyException();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PdfBusyException();
        }
        try {
            return work.call();
        } finally {
            permits.release();
        }
    }
}
