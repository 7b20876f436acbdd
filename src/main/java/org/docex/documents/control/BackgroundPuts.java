package org.docex.documents.control;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Page images put to the bucket after the request that made them is answered, best effort: at most
 * {@value #MAX_PENDING} wait or are under way at a time, and a put past that is skipped, as is one the
 * bucket refuses; the next node that wants such an image renders it again.
 */
final class BackgroundPuts {

    static final int MAX_PENDING = 16;
    private static final Logger LOG = Logger.getLogger(BackgroundPuts.class.getName());

    private final Bucket bucket;
    private final Executor executor;
    private final Semaphore pending = new Semaphore(MAX_PENDING);

    BackgroundPuts(Bucket bucket, Executor executor) {
        this.bucket = bucket;
        this.executor = executor;
    }

    void put(String key, byte[] bytes) {
        if (!pending.tryAcquire()) {
            LOG.fine(() -> "Not putting " + key + ": " + MAX_PENDING + " puts pending");
            return;
        }
        try {
            executor.execute(() -> {
                try {
                    bucket.put(key, bytes);
                } catch (StorageUnavailableException e) {
                    LOG.log(Level.FINE, "Could not put " + key, e);
                } finally {
                    pending.release();
                }
            });
        } catch (RejectedExecutionException stopping) {
            pending.release();
        }
    }
}
