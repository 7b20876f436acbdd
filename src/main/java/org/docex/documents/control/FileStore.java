package org.docex.documents.control;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Where document files live: {@code documents/<id>.pdf}, cached page images under {@code renders/<id>/}
 * (within a byte budget, see {@link RenderCache}) and uploads in progress under {@code tmp/}. Every name
 * on disk is made by the server, never by a client.
 *
 * <p>With a {@link Bucket} (DOCEX_STORAGE=s3) the bucket holds every document's files and page images
 * under the same names ({@code documents/<id>.pdf}, {@code renders/<id>/<page>-<dpi>.png}), written
 * there before the upload is answered; the data directory keeps copies of what this node used, fetched
 * from the bucket when missing (within a byte budget, see {@link LocalCopies}), so that nodes share nothing
 * but the database and the bucket. A new page image goes to the bucket in the background ({@link BackgroundPuts}).
 */
public class FileStore {

    public static final long DEFAULT_RENDER_CACHE_BYTES = 1L << 30;
    public static final long DEFAULT_LOCAL_COPY_BYTES = 10L << 30;

    /**
     * The bucket the files are kept in, the most that this node's copies of them may take on disk, and the
     * executor that puts new page images to the bucket.
     */
    public record InBucket(Bucket bucket, long localCopyBytes, Executor background) {
    }

    private final Path documents;
    private final Path renders;
    private final Path tmp;
    private final RenderCache renderCache;
    private final Optional<Bucket> bucket;
    private final Optional<LocalCopies> copies;
    private final Optional<BackgroundPuts> renderPuts;

    public FileStore(Path dataDir) {
        this(dataDir, DEFAULT_RENDER_CACHE_BYTES);
    }

    /** {@code renderCacheBytes}: the most that cached page images may take on disk. */
    public FileStore(Path dataDir, long renderCacheBytes) {
        this(dataDir, renderCacheBytes, Optional.empty());
    }

    /** With {@code inBucket}, the files are kept there, and on disk only as this node's copies. */
    public FileStore(Path dataDir, long renderCacheBytes, Optional<InBucket> inBucket) {
        Path root = dataDir.toAbsolutePath().normalize();
        this.documents = root.resolve("documents");
        this.renders = root.resolve("renders");
        this.tmp = root.resolve("tmp");
        this.renderCache = new RenderCache(renders, renderCacheBytes);
        this.bucket = inBucket.map(InBucket::bucket);
        this.copies = inBucket.map(kept -> new LocalCopies(documents, kept.bucket(), kept.localCopyBytes()));
        this.renderPuts = inBucket.map(kept -> new BackgroundPuts(kept.bucket(), kept.background()));
    }

    Optional<Bucket> bucket() {
        return bucket;
    }

    public Path newTempFile() throws IOException {
        return inFolder(tmp, () -> Files.createTempFile(tmp, "upload-", ".part"));
    }

    public Path store(UUID documentId, Path tempFile) throws IOException {
        if (!tempFile.toAbsolutePath().normalize().startsWith(tmp)) {
            throw new IllegalArgumentException("Only files from newTempFile() can be stored");
        }
        return keep(tempFile, documents.resolve(documentId + ".pdf"));
    }

    private Path keep(Path tempFile, Path target) throws IOException {
        bucket.ifPresent(store -> store.put(key(target), tempFile));
        Path kept = inFolder(documents, () -> moveReplacing(tempFile, target));
        if (copies.isPresent()) {
            copies.get().stored(kept);
        }
        return kept;
    }

    /** The file's key in the bucket: its place under the data directory ("documents/<id>.pdf"). */
    private String key(Path file) {
        return file.getParent().getFileName() + "/" + file.getFileName();
    }

    /** The file on this node's disk, fetched from the bucket first where it is kept there and not here (now). */
    private Path local(Path file) {
        return copies.map(kept -> kept.of(file, key(file))).orElse(file);
    }

    @FunctionalInterface
    interface FileWrite {
        Path run() throws IOException;
    }

    /**
     * Writes into {@code folder}, making it first only when it is missing (its first file, or an
     * operator removed it): {@code Files.createDirectories} on every write threw and caught an
     * exception inside the JDK for each folder that existed, twice an upload.
     */
    static Path inFolder(Path folder, FileWrite write) throws IOException {
        try {
            return write.run();
        } catch (NoSuchFileException missing) {
            Files.createDirectories(folder);
            return write.run();
        }
    }

    /** The PDF docex works on: the upload itself, or the rendering of an uploaded XML e-invoice. */
    public Path pathOf(UUID documentId) {
        return local(documents.resolve(documentId + ".pdf"));
    }

    /**
     * Where an upload that is not a PDF keeps its own bytes beside the PDF docex made of it ({@link #pathOf}): an XML
     * e-invoice's, an image's. {@code contentType} is the document's.
     */
    public Path originalOf(UUID documentId, String contentType) {
        String extension = StoredKeys.ORIGINALS.get(contentType);
        if (extension == null) {
            throw new IllegalArgumentException("No original is kept for " + contentType);
        }
        return local(documents.resolve(documentId + extension));
    }

    /** Stores an upload's own bytes (a file from {@link #newTempFile()}) where {@link #originalOf} finds them. */
    public Path storeOriginal(UUID documentId, String contentType, Path tempFile) throws IOException {
        if (!tempFile.toAbsolutePath().normalize().startsWith(tmp)) {
            throw new IllegalArgumentException("Only files from newTempFile() can be stored");
        }
        return keep(tempFile, documents.resolve(documentId + StoredKeys.ORIGINALS.get(contentType)));
    }

    public void delete(UUID documentId) throws IOException {
        if (bucket.isPresent()) {
            bucket.get().deleteAll("documents/" + documentId + ".");
            bucket.get().deleteAll("renders/" + documentId + "/");
        }
        deleteFiles(documentId);
        deleteRenders(documentId);
    }

    private void deleteFiles(UUID documentId) throws IOException {
        for (String extension : Stream.concat(Stream.of(".pdf"), StoredKeys.ORIGINALS.values().stream()).toList()) {
            Path file = documents.resolve(documentId + extension);
            copies.ifPresent(kept -> kept.forget(file));
            Files.deleteIfExists(file);
        }
    }

    public Optional<byte[]> cachedRender(UUID documentId, int page, int dpi) {
        Optional<byte[]> here = renderCache.get(documentId, page, dpi);
        if (here.isPresent() || bucket.isEmpty() || !RenderCache.CACHED_DPI.contains(dpi)) {
            return here;
        }
        Optional<byte[]> kept = bucket.get().get(StoredKeys.render(documentId, page, dpi));
        kept.ifPresent(png -> renderCache.put(documentId, page, dpi, png));
        return kept;
    }

    /**
     * Best effort: a render that cannot be cached, or is not of a resolution kept, is rendered again next time;
     * the bucket gets it in the background.
     */
    public void cacheRender(UUID documentId, int page, int dpi, byte[] png) {
        renderCache.put(documentId, page, dpi, png);
        if (RenderCache.CACHED_DPI.contains(dpi)) {
            renderPuts.ifPresent(puts -> puts.put(StoredKeys.render(documentId, page, dpi), png));
        }
    }

    /**
     * Clears what a stopped server may have left: uploads in progress, and the files and renders of
     * documents that are not known. Names that are not document ids are left alone, and so is
     * anything modified after {@code settledBefore}: on a data directory shared by several nodes it
     * may be another node's upload in flight. Returns how many uploads, documents (each with its
     * renders) and render folders without a document were removed.
     */
    public int removeOrphans(Predicate<UUID> isKnownDocument, Instant settledBefore) throws IOException {
        int removed = 0;
        for (Path upload : list(tmp)) {
            if (settled(upload, settledBefore)) {
                removed += deleteTree(upload);
            }
        }
        for (Path file : list(documents)) {
            if (!settled(file, settledBefore)) {
                continue;
            }
            Optional<UUID> id = StoredKeys.documentOf(key(file));
            if (id.isPresent() && !isKnownDocument.test(id.get())) {
                copies.ifPresent(kept -> kept.forget(file));
                removed += deleteTree(file);
                deleteRenders(id.get());
            }
        }
        for (Path directory : list(renders)) {
            Optional<UUID> id = StoredKeys.documentId(directory.getFileName().toString());
            if (id.isPresent() && !isKnownDocument.test(id.get())) {
                renderCache.forget(id.get());
                removed += deleteTree(directory);
            }
        }
        return removed;
    }

    private static boolean settled(Path path, Instant settledBefore) throws IOException {
        return Files.getLastModifiedTime(path, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(settledBefore);
    }

    private void deleteRenders(UUID documentId) throws IOException {
        renderCache.forget(documentId);
        deleteTree(renderCache.folder(documentId));
    }

    static Path moveReplacing(Path source, Path target) throws IOException {
        try {
            return Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            return Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static List<Path> list(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.toList();
        }
    }

    /** Deletes a file, or a directory with its contents (links are not followed); 1 if something was there. */
    private static int deleteTree(Path path) throws IOException {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        try (Stream<Path> tree = Files.walk(path)) {
            for (Path entry : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(entry);
            }
        }
        return 1;
    }
}
