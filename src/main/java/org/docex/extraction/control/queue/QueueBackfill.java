package org.docex.extraction.control.queue;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.schema.SchemaReady;

/**
 * Summarises, once after start-up and in the background, the workflows that were extracted before
 * the work queue kept summaries (their {@code queue_indexed_at} is null), a batch at a time, each
 * workflow in a transaction of its own. Until it is done the queue lists them without a summary.
 * Several nodes may do it at once: a workflow summarised by another node meanwhile is skipped.
 */
@ApplicationScoped
public class QueueBackfill {

    private static final Logger LOG = Logger.getLogger(QueueBackfill.class.getName());
    static final int BATCH = 50;

    @Resource
    ManagedThreadFactory threadFactory;

    @Inject
    QueueIndex index;

    private volatile boolean stopping;

    void onSchemaReady(@Observes SchemaReady ready) {
        Thread thread = threadFactory.newThread(this::run);
        thread.setName("docex-queue-backfill");
        thread.start();
    }

    @PreDestroy
    void stop() {
        stopping = true;
    }

    private void run() {
        int done = 0;
        try {
            List<UUID> batch = index.unsummarised(BATCH);
            while (!batch.isEmpty() && !stopping) {
                int before = done;
                for (UUID id : batch) {
                    if (summarise(id)) {
                        done++;
                    }
                }
                if (done == before) {
                    break;
                }
                batch = index.unsummarised(BATCH);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not summarise the workflows extracted before the work queue; the next start tries again", e);
        }
        if (done > 0) {
            int count = done;
            LOG.info(() -> "Summarised " + count + " workflow(s) extracted before the work queue");
        }
    }

    private boolean summarise(UUID id) {
        try {
            return index.summariseStored(id);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Workflow " + id + " was not summarised (changed meanwhile?)", e);
            return false;
        }
    }
}
