package org.docex.concurrency;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/** Stopping the application's own background executors. */
public final class Shutdown {

    private Shutdown() {
    }

    /**
     * Lets the running tasks finish for up to {@code wait}, then interrupts them. Answers whether
     * they finished on their own. An interrupt of the calling thread ends the wait at once (the flag
     * is kept).
     */
    public static boolean gently(ExecutorService executor, Duration wait) {
        executor.shutdown();
        try {
            if (executor.awaitTermination(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                return true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        executor.shutdownNow();
        return false;
    }
}
