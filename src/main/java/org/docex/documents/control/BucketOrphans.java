package org.docex.documents.control;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * Removes from the bucket the objects of documents that are not known: their upload reached the bucket
 * but never committed its row (a node stopped in between; a refused upload whose removal failed).
 * Objects written after {@code settledBefore} are spared, since they may belong to another node's upload
 * in flight, and so are keys that are not docex's names. The bucket is read a page at a time, and each
 * page's documents are looked up {@value #LOOKUP} at a time.
 */
final class BucketOrphans {

    static final List<String> PREFIXES = List.of("documents/", "renders/");
    static final int LOOKUP = 100;

    private final Bucket bucket;

    BucketOrphans(Bucket bucket) {
        this.bucket = bucket;
    }

    /**
     * {@code knownAmong} answers which of the ids it is given are documents; the sweep ends early once
     * {@code stopping}. Returns how many objects were removed.
     */
    int remove(Function<Collection<UUID>, Set<UUID>> knownAmong, Instant settledBefore, BooleanSupplier stopping) {
        int[] removed = {0};
        for (String prefix : PREFIXES) {
            if (stopping.getAsBoolean()) {
                break;
            }
            bucket.list(prefix, page -> {
                for (String key : orphans(page, knownAmong, settledBefore)) {
                    bucket.delete(key);
                    removed[0]++;
                }
                return !stopping.getAsBoolean();
            });
        }
        return removed[0];
    }

    /** The keys of the page that are settled and name an object of a document {@code knownAmong} does not know. */
    private static List<String> orphans(List<Bucket.StoredObject> page, Function<Collection<UUID>, Set<UUID>> knownAmong,
                                        Instant settledBefore) {
        Set<UUID> candidates = new LinkedHashSet<>();
        for (Bucket.StoredObject object : page) {
            documentOfSettled(object, settledBefore).ifPresent(candidates::add);
        }
        Set<UUID> known = new HashSet<>();
        List<UUID> ids = new ArrayList<>(candidates);
        for (int from = 0; from < ids.size(); from += LOOKUP) {
            known.addAll(knownAmong.apply(ids.subList(from, Math.min(ids.size(), from + LOOKUP))));
        }
        return page.stream()
                .filter(object -> documentOfSettled(object, settledBefore).filter(id -> !known.contains(id)).isPresent())
                .map(Bucket.StoredObject::key)
                .toList();
    }

    private static Optional<UUID> documentOfSettled(Bucket.StoredObject object, Instant settledBefore) {
        boolean settled = object.lastModified() != null && object.lastModified().isBefore(settledBefore);
        return settled ? StoredKeys.documentOf(object.key()) : Optional.empty();
    }
}
