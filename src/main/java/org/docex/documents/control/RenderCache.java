package org.docex.documents.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Page renders kept on disk ({@code renders/<document>/p<page>-<dpi>.png}) within a byte budget shared
 * by all documents: past it, the least recently used renders go first. Only a few resolutions are
 * kept ({@link #CACHED_DPI}): a render at any other dpi is answered but not kept, so that asking for
 * every dpi of every page fills no disk. The order of use is this node's (kept in the files' modification
 * times too, so that a restart resumes it); renders found at start count against the budget.
 */
final class RenderCache {

    /** The resolutions kept: the API's default (110), the workspace's (150), and common steps. */
    static final Set<Integer> CACHED_DPI = Set.of(72, 96, 110, 150, 200, 300);

    private static final Logger LOG = Logger.getLogger(RenderCache.class.getName());

    private final Path root;
    private final long budget;
    /** Path to size in bytes, least recently used first. */
    private final LinkedHashMap<Path, Long> sizes = new LinkedHashMap<>(64, 0.75f, true);
    private long total;
    private boolean loaded;

    RenderCache(Path root, long budget) {
        this.root = root;
        this.budget = budget;
    }

    Optional<byte[]> get(UUID documentId, int page, int dpi) {
        if (!CACHED_DPI.contains(dpi)) {
            return Optional.empty();
        }
        Path path = path(documentId, page, dpi);
        try {
            byte[] png = Files.readAllBytes(path);
            Files.setLastModifiedTime(path, FileTime.from(Instant.now()));
            record(path, png.length);
            return Optional.of(png);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Best effort: a render that cannot be kept is rendered again next time. */
    void put(UUID documentId, int page, int dpi, byte[] png) {
        if (!CACHED_DPI.contains(dpi) || png.length > budget) {
            return;
        }
        Path target = path(documentId, page, dpi);
        try {
            // Written under a temporary name and moved, so a reader never sees half an image.
            Path partial = FileStore.inFolder(target.getParent(),
                    () -> Files.createTempFile(target.getParent(), "render-", ".part"));
            Files.write(partial, png);
            FileStore.moveReplacing(partial, target);
            record(target, png.length);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Could not keep a render of document " + documentId, e);
        }
    }

    /** Forgets a document's renders; the caller deletes its folder. */
    synchronized void forget(UUID documentId) {
        Path folder = folder(documentId);
        for (Iterator<Map.Entry<Path, Long>> entries = sizes.entrySet().iterator(); entries.hasNext(); ) {
            Map.Entry<Path, Long> entry = entries.next();
            if (entry.getKey().startsWith(folder)) {
                total -= entry.getValue();
                entries.remove();
            }
        }
    }

    Path folder(UUID documentId) {
        return root.resolve(documentId.toString());
    }

    synchronized long bytes() {
        loadOnce();
        return total;
    }

    private synchronized void record(Path path, long size) {
        loadOnce();
        Long before = sizes.put(path, size);
        total += size - (before == null ? 0 : before);
        for (Iterator<Map.Entry<Path, Long>> oldest = sizes.entrySet().iterator(); total > budget && oldest.hasNext(); ) {
            Map.Entry<Path, Long> entry = oldest.next();
            try {
                Files.deleteIfExists(entry.getKey());
            } catch (IOException e) {
                LOG.log(Level.WARNING, "Could not remove a cached render", e);
                continue;
            }
            total -= entry.getValue();
            oldest.remove();
        }
    }

    /** The renders on disk, oldest use first, the first time the cache is used. */
    private void loadOnce() {
        if (loaded) {
            return;
        }
        loaded = true;
        if (!Files.isDirectory(root)) {
            return;
        }
        record Found(Path path, long size, FileTime used) {
        }
        List<Found> found = new ArrayList<>();
        try (Stream<Path> tree = Files.walk(root, 2)) {
            for (Path path : tree.filter(p -> p.getFileName().toString().endsWith(".png")).toList()) {
                BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
                found.add(new Found(path, attributes.size(), attributes.lastModifiedTime()));
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.log(Level.WARNING, "Could not read all cached renders", e);
        }
        found.sort(Comparator.comparing(Found::used));
        for (Found render : found) {
            sizes.put(render.path(), render.size());
            total += render.size();
        }
    }

    private Path path(UUID documentId, int page, int dpi) {
        return folder(documentId).resolve("p" + page + "-" + dpi + ".png");
    }
}
