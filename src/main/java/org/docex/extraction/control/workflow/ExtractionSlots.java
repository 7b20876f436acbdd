package org.docex.extraction.control.workflow;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;

/**
 * The extraction threads of this node and the runs on them. A slot is taken before a workflow
 * is claimed, so that this node never claims work it has no thread for.
 */
final class ExtractionSlots {

    private final Semaphore free;
    private final ExecutorService threads;
    private final Map<UUID, ExtractionRun> runs = new ConcurrentHashMap<>();

    ExtractionSlots(int count, ThreadFactory factory) {
        this.free = new Semaphore(count);
        this.threads = Executors.newFixedThreadPool(count, factory);
    }

    int available() {
        return free.availablePermits();
    }

    boolean take() {
        return free.tryAcquire();
    }

    void giveBack() {
        free.release();
    }

    /** Runs {@code work} on a taken slot; the slot is given back when it ends, then {@code ended} runs. */
    void run(ExtractionRun run, Consumer<ExtractionRun> work, Runnable ended) {
        runs.put(run.workflowId(), run);
        try {
            threads.execute(() -> {
                try {
                    work.accept(run);
                } finally {
                    runs.remove(run.workflowId());
                    free.release();
                    ended.run();
                }
            });
        } catch (RejectedExecutionException stopping) {
            runs.remove(run.workflowId());
            free.release();
        }
    }

    void heartbeats() {
        runs.values().forEach(ExtractionRun::heartbeat);
    }

    void shutdown() {
        threads.shutdownNow();
    }

    /** Waits for the running extractions to end after {@link #shutdown()}; false if some still run. */
    boolean awaitTermination(java.time.Duration timeout) {
        try {
            return threads.awaitTermination(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
