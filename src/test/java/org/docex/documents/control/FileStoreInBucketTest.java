package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Documents kept in a bucket: this node's copies within their byte budget, page images put in the background. */
class FileStoreInBucketTest {

    private static final long BUDGET = 1000;

    @TempDir
    Path dataDir;

    private final MemoryBucket bucket = new MemoryBucket();
    private final List<Runnable> backgroundTasks = new ArrayList<>();

    @Test
    void pastTheBudgetTheLeastRecentlyUsedCopiesGoAndComeBackFromTheBucketWhenUsed() throws Exception {
        FileStore before = store(Long.MAX_VALUE);
        UUID usedThreeHoursAgo = stored(before, 1);
        UUID usedAnHourAgo = stored(before, 2);
        UUID usedTwoHoursAgo = stored(before, 3);
        usedAgo(before, usedThreeHoursAgo, 3);
        usedAgo(before, usedAnHourAgo, 1);
        usedAgo(before, usedTwoHoursAgo, 2);

        FileStore after = store(BUDGET);
        assertTrue(Files.exists(after.pathOf(usedAnHourAgo)), "used now: the most recent");
        UUID uploaded = stored(after, 4);

        assertFalse(Files.exists(copy(usedThreeHoursAgo)), "the least recently used went first");
        assertFalse(Files.exists(copy(usedTwoHoursAgo)), "then the next, until within the budget");
        assertTrue(Files.exists(copy(usedAnHourAgo)));
        assertTrue(Files.exists(copy(uploaded)));
        assertEquals(0, bucket.downloads.get());
        assertEquals(4, bucket.keys().size(), "the bucket keeps them all");

        assertArrayEquals(pdf(1), Files.readAllBytes(after.pathOf(usedThreeHoursAgo)), "fetched again when used");
        assertEquals(1, bucket.downloads.get());
    }

    @Test
    void aCopyUsedInTheLastMinutesStaysEvenPastTheBudget() throws Exception {
        FileStore store = store(BUDGET);
        List<UUID> ids = new ArrayList<>();
        for (int seed = 1; seed <= 3; seed++) {
            ids.add(stored(store, seed));
        }

        for (int seed = 1; seed <= 3; seed++) {
            assertArrayEquals(pdf(seed), Files.readAllBytes(copy(ids.get(seed - 1))), "1200 bytes, all used just now");
        }
        assertEquals(0, bucket.downloads.get());
    }

    @Test
    void withLocalStorageTheDataDirectoryIsTheStoreAndNothingIsRemoved() throws Exception {
        FileStore local = new FileStore(dataDir, BUDGET);
        List<UUID> ids = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            ids.add(stored(local, i));
            usedAgo(local, ids.get(i - 1), 5);
        }

        stored(new FileStore(dataDir, BUDGET), 5);

        for (UUID id : ids) {
            assertTrue(Files.exists(copy(id)), "1600 bytes and more, all kept");
        }
    }

    @Test
    void threadsThatWantTheSameMissingCopyFetchItOnce() throws Exception {
        FileStore store = store(BUDGET);
        UUID id = UUID.randomUUID();
        bucket.put("documents/" + id + ".pdf", pdf(7));
        CountDownLatch othersWaiting = new CountDownLatch(1);
        bucket.onDownload = () -> await(othersWaiting);
        List<Thread> readers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            readers.add(new Thread(() -> store.pathOf(id)));
        }

        readers.get(0).start();
        while (bucket.downloads.get() == 0) {
            Thread.sleep(5);
        }
        readers.get(1).start();
        readers.get(2).start();
        while (readers.get(1).getState() != Thread.State.BLOCKED || readers.get(2).getState() != Thread.State.BLOCKED) {
            Thread.sleep(5);
        }
        othersWaiting.countDown();
        for (Thread reader : readers) {
            reader.join();
        }

        assertEquals(1, bucket.downloads.get());
        assertArrayEquals(pdf(7), Files.readAllBytes(copy(id)));
    }

    @Test
    void pageImagesGoToTheBucketInTheBackgroundAndPastTheLimitAreSkipped() {
        FileStore store = store(BUDGET);
        UUID id = UUID.randomUUID();
        for (int page = 1; page <= BackgroundPuts.MAX_PENDING + 4; page++) {
            store.cacheRender(id, page, 110, pdf(page));
        }
        store.cacheRender(id, 1, 111, pdf(1));

        assertEquals(List.of(), bucket.keys(), "nothing put on the request's thread");
        assertEquals(BackgroundPuts.MAX_PENDING, backgroundTasks.size(), "the rest skipped; a 111 dpi image is never kept");
        runBackgroundTasks();
        assertEquals(BackgroundPuts.MAX_PENDING, bucket.keys().size());
        assertArrayEquals(pdf(1), bucket.get("renders/" + id + "/1-110.png").orElseThrow());

        store.cacheRender(id, 99, 110, pdf(99));
        runBackgroundTasks();
        assertTrue(bucket.get("renders/" + id + "/99-110.png").isPresent(), "puts done make room for new ones");
    }

    private FileStore store(long localCopyBytes) {
        Executor background = backgroundTasks::add;
        return new FileStore(dataDir, FileStore.DEFAULT_RENDER_CACHE_BYTES,
                Optional.of(new FileStore.InBucket(bucket, localCopyBytes, background)));
    }

    private void runBackgroundTasks() {
        List<Runnable> tasks = List.copyOf(backgroundTasks);
        backgroundTasks.clear();
        tasks.forEach(Runnable::run);
    }

    private static UUID stored(FileStore store, int seed) throws Exception {
        UUID id = UUID.randomUUID();
        store.store(id, Files.write(store.newTempFile(), pdf(seed)));
        return id;
    }

    private void usedAgo(FileStore store, UUID id, int hours) throws Exception {
        Files.setLastModifiedTime(store.pathOf(id), FileTime.from(Instant.now().minusSeconds(hours * 3600L)));
    }

    private Path copy(UUID id) {
        return dataDir.resolve("documents").resolve(id + ".pdf");
    }

    private static byte[] pdf(int seed) {
        byte[] bytes = new byte[400];
        Arrays.fill(bytes, (byte) seed);
        return bytes;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
