package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Page renders on disk: a few resolutions, a byte budget, the least recently used removed first. */
class RenderCacheTest {

    @TempDir
    Path dataDir;

    private final UUID first = UUID.randomUUID();
    private final UUID second = UUID.randomUUID();

    @Test
    void ofEveryDpiAPageMayBeAskedAtOnlyTheStepsAreKept() throws IOException {
        FileStore store = new FileStore(dataDir);
        for (int dpi = PageImages.MIN_DPI; dpi <= PageImages.MAX_DPI; dpi++) {
            store.cacheRender(first, 1, dpi, png(dpi, 100));
        }

        assertEquals(Set.of("p1-72.png", "p1-96.png", "p1-110.png", "p1-150.png", "p1-200.png", "p1-300.png"),
                Set.copyOf(renders().stream().map(p -> p.getFileName().toString()).toList()));
        assertArrayEquals(png(150, 100), store.cachedRender(first, 1, 150).orElseThrow());
        assertEquals(Optional.empty(), store.cachedRender(first, 1, 151), "rendered again, never kept");
    }

    @Test
    void pastTheBudgetTheLeastRecentlyUsedRendersGoFirstAcrossDocuments() throws IOException {
        FileStore store = new FileStore(dataDir, 1000);
        store.cacheRender(first, 1, 110, png(1, 300));
        store.cacheRender(second, 1, 110, png(2, 300));
        store.cacheRender(first, 2, 110, png(3, 300));
        assertTrue(store.cachedRender(first, 1, 110).isPresent(), "used again: now the most recent");

        store.cacheRender(second, 2, 110, png(4, 300));

        assertEquals(Optional.empty(), store.cachedRender(second, 1, 110), "the least recently used went");
        assertArrayEquals(png(1, 300), store.cachedRender(first, 1, 110).orElseThrow());
        assertArrayEquals(png(3, 300), store.cachedRender(first, 2, 110).orElseThrow());
        assertArrayEquals(png(4, 300), store.cachedRender(second, 2, 110).orElseThrow());
        assertEquals(900, bytesOnDisk());

        for (int page = 3; page < 40; page++) {
            store.cacheRender(page % 2 == 0 ? first : second, page, 150, png(page, 300));
            assertTrue(bytesOnDisk() <= 1000, "after page " + page + ": " + bytesOnDisk());
        }
        store.cacheRender(first, 99, 110, png(99, 1001));
        assertEquals(Optional.empty(), store.cachedRender(first, 99, 110), "larger than the whole budget: not kept");
    }

    @Test
    void aRestartedServerCountsTheRendersItFindsAndKeepsTheirOrderOfUse() throws IOException {
        FileStore before = new FileStore(dataDir);
        before.cacheRender(first, 1, 110, png(1, 400));
        before.cacheRender(first, 2, 110, png(2, 400));
        Path older = renders().stream().filter(p -> p.endsWith("p2-110.png")).findFirst().orElseThrow();
        Files.setLastModifiedTime(older, FileTime.from(Instant.now().minusSeconds(3600)));

        FileStore after = new FileStore(dataDir, 1000);
        after.cacheRender(second, 1, 110, png(3, 400));

        assertEquals(Optional.empty(), after.cachedRender(first, 2, 110), "the render used longest ago went");
        assertTrue(after.cachedRender(first, 1, 110).isPresent());
        assertEquals(800, bytesOnDisk());
    }

    @Test
    void aDeletedDocumentsRendersNoLongerCount() throws IOException {
        FileStore store = new FileStore(dataDir, 1000);
        store.cacheRender(first, 1, 110, png(1, 600));
        store.delete(first);

        store.cacheRender(second, 1, 110, png(2, 600));
        store.cacheRender(second, 2, 110, png(3, 300));

        assertTrue(store.cachedRender(second, 1, 110).isPresent(), "the deleted document's 600 bytes are not counted");
        assertEquals(900, bytesOnDisk());
    }

    private List<Path> renders() throws IOException {
        try (Stream<Path> tree = Files.walk(dataDir.resolve("renders"))) {
            return tree.filter(Files::isRegularFile).toList();
        }
    }

    private long bytesOnDisk() throws IOException {
        long total = 0;
        for (Path render : renders()) {
            total += Files.size(render);
        }
        return total;
    }

    private static byte[] png(int seed, int size) {
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, (byte) seed);
        return bytes;
    }
}
