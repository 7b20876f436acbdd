package org.docex.documents.control;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Object storage shared by the nodes (DOCEX_STORAGE=s3): the documents' files and page images by key.
 * Every method throws {@link StorageUnavailableException} while the store cannot be reached.
 */
public interface Bucket {

    /** The most objects a page of {@link #list} holds (S3's own limit for ListObjectsV2). */
    int PAGE = 1000;

    /** An object's key and when it was last written. */
    record StoredObject(String key, Instant lastModified) {
    }

    /** Stores the file's bytes under {@code key}, streamed from disk (never held in memory whole). */
    void put(String key, Path file);

    void put(String key, byte[] bytes);

    /** Writes the object to {@code target}; false where there is no such object. */
    boolean copyTo(String key, Path target);

    /** The object's bytes; empty where there is no such object. For small objects (page images). */
    Optional<byte[]> get(String key);

    /** Removes the object; none is fine. */
    void delete(String key);

    /** Removes every object whose key begins with {@code prefix}; none is fine. */
    default void deleteAll(String prefix) {
        List<String> keys = new ArrayList<>();
        list(prefix, page -> {
            page.forEach(object -> keys.add(object.key()));
            return true;
        });
        keys.forEach(this::delete);
    }

    /**
     * Hands the objects whose key begins with {@code prefix} to {@code eachPage}, in key order, a page
     * of at most {@value #PAGE} at a time, until there are no more or it answers false.
     */
    void list(String prefix, Predicate<List<StoredObject>> eachPage);

    /** Throws with a clear message where the bucket cannot be used (missing, unreachable, refused). */
    void check();
}
