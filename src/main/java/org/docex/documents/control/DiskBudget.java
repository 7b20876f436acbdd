package org.docex.documents.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Files under a folder kept within a byte budget: past it, the least recently used are removed first,
 * but none used within {@code spared} (a caller may hold its path and not have opened it yet). The order
 * of use is this node's, kept in the files' modification times too so that a restart resumes it; the
 * files found at first use count against the budget.
 */
final class DiskBudget {

    private static final Logger LOG = Logger.getLogger(DiskBudget.class.getName());

    private record Use(long size, Instant at) {
    }

    private final Path root;
    private final int depth;
    private final Predicate<Path> counted;
    private final long budget;
    private final Duration spared;
    /** Least recently used first. */
    private final LinkedHashMap<Path, Use> uses = new LinkedHashMap<>(64, 0.75f, true);
    private long total;
    private boolean loaded;

    /** Counts the files {@code counted} accepts up to {@code depth} folders below {@code root}. */
    DiskBudget(Path root, int depth, Predicate<Path> counted, long budget, Duration spared) {
        this.root = root;
        this.depth = depth;
        this.counted = counted;
        this.budget = budget;
        this.spared = spared;
    }

    boolean fits(long size) {
        return size <= budget;
    }

    /**
     * The file was used again: now the most recent, on disk too. Throws where it is gone (it may have been
     * removed for the budget just before): in one step with the removals, so that once this returns the
     * file stays for {@code spared}.
     */
    synchronized void used(Path path, long size) throws IOException {
        Files.setLastModifiedTime(path, FileTime.from(Instant.now()));
        written(path, size);
    }

    /** The file was written just now: it counts, and past the budget the least recently used others go. */
    synchronized void written(Path path, long size) {
        loadOnce();
        Instant now = Instant.now();
        Use before = uses.put(path, new Use(size, now));
        total += size - (before == null ? 0 : before.size());
        Instant usedBefore = now.minus(spared);
        for (Iterator<Map.Entry<Path, Use>> oldest = uses.entrySet().iterator(); total > budget && oldest.hasNext(); ) {
            Map.Entry<Path, Use> entry = oldest.next();
            if (entry.getValue().at().isAfter(usedBefore)) {
                break;
            }
            try {
                Files.deleteIfExists(entry.getKey());
            } catch (IOException e) {
                LOG.log(Level.WARNING, "Could not remove " + entry.getKey(), e);
                continue;
            }
            total -= entry.getValue().size();
            oldest.remove();
        }
    }

    /** Stops counting {@code path}, or the files under it; the caller deletes them. */
    synchronized void forget(Path path) {
        for (Iterator<Map.Entry<Path, Use>> entries = uses.entrySet().iterator(); entries.hasNext(); ) {
            Map.Entry<Path, Use> entry = entries.next();
            if (entry.getKey().startsWith(path)) {
                total -= entry.getValue().size();
                entries.remove();
            }
        }
    }

    synchronized long bytes() {
        loadOnce();
        return total;
    }

    /** The files on disk, oldest use first, the first time the budget is asked about. */
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
        try (Stream<Path> tree = Files.walk(root, depth)) {
            for (Path path : tree.filter(p -> !p.equals(root) && counted.test(p)).toList()) {
                BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
                if (attributes.isRegularFile()) {
                    found.add(new Found(path, attributes.size(), attributes.lastModifiedTime()));
                }
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.log(Level.WARNING, "Could not count all files under " + root, e);
        }
        found.sort(Comparator.comparing(Found::used));
        for (Found file : found) {
            uses.put(file.path(), new Use(file.size(), file.used().toInstant()));
            total += file.size();
        }
    }
}
