package org.docex.extraction.control.workflow;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.concurrency.Shutdown;
import org.docex.schema.SchemaReady;

/**
 * Drives the durable queue on this node: about once a second it keeps the leases of this node's
 * runs alive, queues again the running workflows whose node stopped renewing theirs, and claims
 * queued workflows while one of the {@code DOCEX_EXTRACTION_THREADS} slots is free; at once after
 * a workflow is queued or a run ends it only claims. At start-up it first takes back what this
 * node left running when it stopped.
 */
@ApplicationScoped
public class ExtractionPoller {

    private static final Logger LOG = Logger.getLogger(ExtractionPoller.class.getName());

    @Resource
    ManagedThreadFactory threadFactory;

    @Inject
    ExtractionSettings settings;

    @Inject
    WorkflowQueue queue;

    @Inject
    ExtractionRecorder recorder;

    @Inject
    ExtractionWorker worker;

    @Inject
    Clock clock;

    private volatile String node;
    private volatile ExtractionSlots slots;
    private volatile ScheduledExecutorService scheduler;

    synchronized void onSchemaReady(@Observes SchemaReady ready) {
        node = settings.nodeId();
        int leftovers = requeue(queue.abandoned(Optional.of(node)), true);
        if (leftovers > 0) {
            LOG.info(() -> "Queued again " + leftovers + " workflow(s) this node left running");
        }
        int threads = settings.threads();
        slots = new ExtractionSlots(threads, threadFactory);
        scheduler = Executors.newSingleThreadScheduledExecutor(threadFactory);
        long interval = ExtractionSettings.POLL_INTERVAL.toMillis();
        scheduler.scheduleWithFixedDelay(this::tick, interval, interval, TimeUnit.MILLISECONDS);
        // Loading the OCR engine's library takes a moment: off the start-up path, and said once in the log.
        scheduler.execute(settings::ocrReader);
        LOG.info(() -> "Extraction queue started on node " + node + " with " + threads + " thread(s)");
    }

    void onQueued(@Observes(during = TransactionPhase.AFTER_SUCCESS) WorkflowQueued queued) {
        nudge();
    }

    @PreDestroy
    synchronized void stop() {
        if (scheduler != null) {
            // Not interrupted in the middle of a tick: an interrupt inside a database call can close the
            // embedded database's file (H2 works on NIO channels, which an interrupt closes).
            Shutdown.gently(scheduler, Duration.ofSeconds(5));
            slots.shutdown();
            if (slots.awaitTermination(Duration.ofSeconds(10))) {
                settings.closeOcr();
            }
        }
    }

    private void nudge() {
        ScheduledExecutorService current = scheduler;
        if (current == null) {
            return;
        }
        try {
            current.execute(this::claimNow);
        } catch (RejectedExecutionException stopping) {
            LOG.log(Level.FINE, "Extraction queue is stopping", stopping);
        }
    }

    /** Runs on the scheduler's one thread only, so ticks never overlap. */
    private void tick() {
        try {
            slots.heartbeats();
            requeue(queue.abandoned(Optional.empty()), false);
            claimWhileFree();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Extraction queue poll failed; trying again", e);
        }
    }

    /** A nudge: new work or a free slot. Leases and abandoned runs wait for the next tick. */
    private void claimNow() {
        try {
            claimWhileFree();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Extraction queue poll failed; trying again at the next tick", e);
        }
    }

    private void claimWhileFree() {
        int free = slots.available();
        if (free == 0) {
            return;
        }
        for (UUID id : queue.queued(free)) {
            if (!slots.take()) {
                return;
            }
            Optional<RunInput> claimed = claim(id);
            if (claimed.isPresent()) {
                slots.run(new ExtractionRun(id, claimed.get(), recorder, clock), worker::run, this::nudge);
            } else {
                slots.giveBack();
            }
        }
    }

    private Optional<RunInput> claim(UUID id) {
        try {
            return queue.claim(id, node);
        } catch (RuntimeException takenElsewhere) {
            LOG.log(Level.FINE, "Workflow " + id + " was claimed elsewhere", takenElsewhere);
            return Optional.empty();
        }
    }

    private int requeue(Iterable<UUID> ids, boolean force) {
        int count = 0;
        for (UUID id : ids) {
            try {
                count += queue.requeue(id, force) ? 1 : 0;
            } catch (RuntimeException changedElsewhere) {
                LOG.log(Level.FINE, "Workflow " + id + " changed while being queued again", changedElsewhere);
            }
        }
        return count;
    }
}
