package org.docex.documents.control;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.schema.SchemaReady;

/**
 * At start-up, removes files a stopped server left behind: unfinished uploads, and stored files
 * whose upload never committed its row. Files younger than ten minutes are spared, since on a shared
 * data directory they may belong to another node's upload in progress. With a bucket, its objects
 * are swept so too, in the background: a large bucket does not hold up the start.
 */
@ApplicationScoped
public class OrphanFileCleanup {

    static final Duration GRACE = Duration.ofMinutes(10);
    private static final Logger LOG = Logger.getLogger(OrphanFileCleanup.class.getName());

    @Inject
    FileStore store;

    @Inject
    DocumentCatalog catalog;

    @Inject
    Clock clock;

    @Resource
    ManagedThreadFactory threadFactory;

    private volatile boolean stopping;

    void onSchemaReady(@Observes SchemaReady ready) {
        try {
            int removed = store.removeOrphans(catalog::exists, clock.instant().minus(GRACE));
            if (removed > 0) {
                LOG.info(() -> "Removed " + removed + " orphaned file(s) from the data directory");
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Could not clean the data directory of orphaned files", e);
        }
        store.bucket().ifPresent(bucket -> {
            Thread thread = threadFactory.newThread(() -> sweep(new BucketOrphans(bucket)));
            thread.setName("docex-bucket-orphans");
            thread.start();
        });
    }

    @PreDestroy
    void stop() {
        stopping = true;
    }

    private void sweep(BucketOrphans orphans) {
        try {
            int removed = orphans.remove(catalog::existing, clock.instant().minus(GRACE), () -> stopping);
            LOG.info(() -> "Removed " + removed + " orphaned object(s) from the bucket");
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not clean the bucket of orphaned objects; the next start tries again", e);
        }
    }
}
