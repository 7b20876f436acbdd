package org.docex.documents.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * This node's copies of the documents' files that the bucket keeps (DOCEX_STORAGE=s3), under
 * {@code documents/} of the data directory, within a byte budget: past it the least recently used
 * copies are removed, never one used in the last {@link #SPARED} (a request or an extraction may hold
 * its path before it opens the file). A removed copy is fetched from the bucket again when next used;
 * threads that want the same missing copy at once fetch it once.
 */
final class LocalCopies {

    static final Duration SPARED = Duration.ofMinutes(10);

    private final Bucket bucket;
    private final DiskBudget budget;
    private final ConcurrentHashMap<Path, Object> fetching = new ConcurrentHashMap<>();

    LocalCopies(Path documents, Bucket bucket, long budget) {
        this.bucket = bucket;
        this.budget = new DiskBudget(documents, 1,
                path -> StoredKeys.documentOf("documents/" + path.getFileName()).isPresent(), budget, SPARED);
    }

    /** The copy of the object {@code key} at {@code file}, fetched first where it is missing here (and left missing where the bucket has none). */
    Path of(Path file, String key) {
        if (used(file)) {
            return file;
        }
        Object fetch = fetching.computeIfAbsent(file, path -> new Object());
        synchronized (fetch) {
            try {
                if (!used(file)) {
                    Files.createDirectories(file.getParent());
                    if (bucket.copyTo(key, file)) {
                        budget.written(file, Files.size(file));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                fetching.remove(file, fetch);
            }
        }
        return file;
    }

    /** A file just stored here, already in the bucket too. */
    void stored(Path file) throws IOException {
        budget.written(file, Files.size(file));
    }

    void forget(Path file) {
        budget.forget(file);
    }

    private boolean used(Path file) {
        try {
            budget.used(file, Files.size(file));
            return true;
        } catch (IOException missing) {
            return false;
        }
    }
}
