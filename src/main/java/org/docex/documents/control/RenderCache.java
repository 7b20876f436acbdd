package org.docex.documents.control;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

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
    private final DiskBudget budget;

    RenderCache(Path root, long budget) {
        this.root = root;
        // A render is read whole into memory: no reader holds its path, so none needs sparing.
        this.budget = new DiskBudget(root, 2, path -> path.getFileName().toString().endsWith(".png"), budget, Duration.ZERO);
    }

    Optional<byte[]> get(UUID documentId, int page, int dpi) {
        if (!CACHED_DPI.contains(dpi)) {
            return Optional.empty();
        }
        Path path = path(documentId, page, dpi);
        try {
            byte[] png = Files.readAllBytes(path);
            budget.used(path, png.length);
            return Optional.of(png);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Best effort: a render that cannot be kept is rendered again next time. */
    void put(UUID documentId, int page, int dpi, byte[] png) {
        if (!CACHED_DPI.contains(dpi) || !budget.fits(png.length)) {
            return;
        }
        Path target = path(documentId, page, dpi);
        try {
            // Written under a temporary name and moved, so a reader never sees half an image.
            Path partial = FileStore.inFolder(target.getParent(),
                    () -> Files.createTempFile(target.getParent(), "render-", ".part"));
            Files.write(partial, png);
            FileStore.moveReplacing(partial, target);
            budget.written(target, png.length);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Could not keep a render of document " + documentId, e);
        }
    }

    /** Forgets a document's renders; the caller deletes its folder. */
    void forget(UUID documentId) {
        budget.forget(folder(documentId));
    }

    Path folder(UUID documentId) {
        return root.resolve(documentId.toString());
    }

    long bytes() {
        return budget.bytes();
    }

    private Path path(UUID documentId, int page, int dpi) {
        return folder(documentId).resolve("p" + page + "-" + dpi + ".png");
    }
}
