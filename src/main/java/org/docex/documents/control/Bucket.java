package org.docex.documents.control;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Object storage shared by the nodes (DOCEX_STORAGE=s3): the documents' files and page images by key.
 * Every method throws {@link StorageUnavailableException} while the store cannot be reached.
 */
public interface Bucket {

    /** Stores the file's bytes under {@code key}, streamed from disk (never held in memory whole). */
    void put(String key, Path file);

    void put(String key, byte[] bytes);

    /** Writes the object to {@code target}; false where there is no such object. */
    boolean copyTo(String key, Path target);

    /** The object's bytes; empty where there is no such object. For small objects (page images). */
    Optional<byte[]> get(String key);

    /** Removes every object whose key begins with {@code prefix}; none is fine. */
    void deleteAll(String prefix);

    /** Throws with a clear message where the bucket cannot be used (missing, unreachable, refused). */
    void check();
}
