package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The start's sweep of the bucket: objects of documents the catalog does not know, written long enough ago, go. */
class BucketOrphansTest {

    private static final byte[] BYTES = {1, 2, 3};
    private final Instant now = Instant.parse("2026-03-01T12:00:00Z");
    private final Instant settledBefore = now.minus(OrphanFileCleanup.GRACE);
    private final Instant anHourAgo = now.minusSeconds(3600);

    @Test
    void docexNamesTellTheirDocumentAndOtherNamesNone() {
        UUID id = UUID.randomUUID();

        for (String key : List.of("documents/" + id + ".pdf", "documents/" + id + ".xml", "documents/" + id + ".jpg",
                "documents/" + id + ".png", "documents/" + id + ".tif", "renders/" + id + "/1-110.png", "renders/" + id + "/12-300.png")) {
            assertEquals(Optional.of(id), StoredKeys.documentOf(key), key);
        }
        for (String key : List.of("documents/" + id + ".txt", "documents/" + id, "documents/notes.pdf", "documents/1-2-3-4-5.pdf",
                "documents/" + id + ".pdf/x", "documents/sub/" + id + ".pdf", "backup/documents/" + id + ".pdf", "renders/" + id,
                "renders/" + id + "/thumb.png", "renders/" + id + "/p1-110.png", "renders/" + id + "/1-110.png.bak",
                "renders/not-an-id/1-110.png", "other/" + id + ".pdf")) {
            assertEquals(Optional.empty(), StoredKeys.documentOf(key), key);
        }
    }

    @Test
    void removesTheSettledObjectsOfUnknownDocumentsOnly() {
        MemoryBucket bucket = new MemoryBucket();
        UUID known = UUID.randomUUID();
        UUID orphan = UUID.randomUUID();
        UUID inFlight = UUID.randomUUID();
        documentWithRender(bucket, known, anHourAgo);
        documentWithRender(bucket, orphan, anHourAgo);
        bucket.putWritten("documents/" + orphan + ".xml", BYTES, anHourAgo);
        documentWithRender(bucket, inFlight, now.minusSeconds(60));
        bucket.putWritten("documents/README.txt", BYTES, anHourAgo);
        bucket.putWritten("backups/documents/" + orphan + ".pdf", BYTES, anHourAgo);

        int removed = new BucketOrphans(bucket).remove(knowing(Set.of(known)), settledBefore, () -> false);

        assertEquals(3, removed);
        assertEquals(List.of("backups/documents/" + orphan + ".pdf", "documents/README.txt", "documents/" + inFlight + ".pdf",
                "documents/" + known + ".pdf", "renders/" + inFlight + "/1-110.png", "renders/" + known + "/1-110.png").stream().sorted().toList(),
                bucket.keys());
    }

    @Test
    void looksDocumentsUpAHundredAtATimeAcrossPages() {
        MemoryBucket bucket = new MemoryBucket(150);
        List<Collection<UUID>> lookups = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            documentWithRender(bucket, UUID.randomUUID(), anHourAgo);
        }

        int removed = new BucketOrphans(bucket).remove(ids -> {
            lookups.add(List.copyOf(ids));
            return Set.of();
        }, settledBefore, () -> false);

        assertEquals(500, removed);
        assertEquals(List.of(), bucket.keys());
        assertTrue(lookups.stream().allMatch(ids -> ids.size() <= BucketOrphans.LOOKUP), "at most 100 a lookup");
        assertEquals(500, lookups.stream().mapToInt(Collection::size).sum(), "each document of each page looked up once");
        assertEquals(6, lookups.size(), "documents/: pages of 150 and 100 objects; renders/: the same");
    }

    @Test
    void stopsAfterThePageAtHandWhenTheServerStops() {
        MemoryBucket bucket = new MemoryBucket(10);
        for (int i = 0; i < 30; i++) {
            bucket.putWritten("documents/" + UUID.randomUUID() + ".pdf", BYTES, anHourAgo);
        }

        AtomicBoolean stopping = new AtomicBoolean();

        int removed = new BucketOrphans(bucket).remove(ids -> {
            stopping.set(true);
            return Set.of();
        }, settledBefore, stopping::get);

        assertEquals(10, removed, "the first page, whose documents were being looked up when the server stopped");
        assertEquals(20, bucket.keys().size());
    }

    private static void documentWithRender(MemoryBucket bucket, UUID id, Instant written) {
        bucket.putWritten("documents/" + id + ".pdf", BYTES, written);
        bucket.putWritten("renders/" + id + "/1-110.png", BYTES, written);
    }

    private static Function<Collection<UUID>, Set<UUID>> knowing(Set<UUID> known) {
        return ids -> {
            Set<UUID> found = new HashSet<>(ids);
            found.retainAll(known);
            return found;
        };
    }
}
