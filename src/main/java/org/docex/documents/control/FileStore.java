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
 * from the bucket when missing, so that nodes share nothing but the database and the bucket.
 */
public class FileStore {

    public static final long DEFAULT_RENDER_CACHE_BYTES = 1L << 30;

    /** The extension of each kind of original kept beside the PDF, by content type; each four characters as ".pdf" is. */
    private static final java.util.Map<String, String> ORIGINALS = java.util.Map.of("application/xml", ".xml",
            ImagePages.JPEG, ".jpg", ImagePages.PNG, ".png", ImagePages.TIFF, ".tif");

    private final Path documents;
    private final Path renders;
    private final Path tmp;
    private final RenderCache renderCache;
    private final Optional<Bucket> bucket;

    public FileStore(Path dataDir) {
        this(dataDir, DEFAULT_RENDER_CACHE_BYTES);
    }

    /** {@code renderCacheBytes}: the most that cached page images may take on disk. */
    public FileStore(Path dataDir, long renderCacheBytes) {
        this(dataDir, renderCacheBytes, Optional.empty());
    }

    /** With {@code bucket}, the files are kept there, and on disk only as this node's copies. */
    public FileStore(Path dataDir, long renderCacheBytes, Optional<Bucket> bucket) {
        Path root = dataDir.toAbsolutePath().normalize();
        this.documents = root.resolve("documents");
        this.renders = root.resolve("renders");
        this.tmp = root.resolve("tmp");
        this.renderCache = new RenderCache(renders, renderCacheBytes);
        this.bucket = bucket;
    }

    public Path newTempFile() throws IOException {
        return inFolder(tmp, () -> Files.createTempFile(tmp, "upload-", ".part"));
    }

    public Path store(UUID documentId, Path tempFile) throws IOException {
        if (!tempFile.toAbsolutePath().normalize().startsWith(tmp)) {
            throw new IllegalArgumentException("Only files from newTempFile() can be stored");
        }
        Path target = documents.resolve(documentId + ".pdf");
        bucket.ifPresent(store -> store.put(key(target), tempFile));
        return inFolder(documents, () -> moveReplacing(tempFile, target));
    }

    /** The file's key in the bucket: its place under the data directory ("documents/<id>.pdf"). */
    private String key(Path file) {
        return file.getParent().getFileName() + "/" + file.getFileName();
    }

    /** The file on this node's disk, fetched from the bucket first where it is kept there and not here yet. */
    private Path local(Path file) {
        if (bucket.isPresent() && !Files.exists(file)) {
            try {
                Files.createDirectories(file.getParent());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            bucket.get().copyTo(key(file), file);
        }
        return file;
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
        String extension = ORIGINALS.get(contentType);
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
        Path original = documents.resolve(documentId + ORIGINALS.get(contentType));
        bucket.ifPresent(store -> store.put(key(original), tempFile));
        return inFolder(documents, () -> moveReplacing(tempFile, original));
    }

    public void delete(UUID documentId) throws IOException {
        if (bucket.isPresent()) {
            bucket.get().deleteAll("documents/" + documentId + ".");
            bucket.get().deleteAll("renders/" + documentId + "/");
        }
        Files.deleteIfExists(documents.resolve(documentId + ".pdf"));
        for (String extension : ORIGINALS.values()) {
            Files.deleteIfExists(documents.resolve(documentId + extension));
        }
        deleteRenders(documentId);
    }

    public Optional<byte[]> cachedRender(UUID documentId, int page, int dpi) {
        Optional<byte[]> here = renderCache.get(documentId, page, dpi);
        if (here.isPresent() || bucket.isEmpty() || !RenderCache.CACHED_DPI.contains(dpi)) {
            return here;
        }
        Optional<byte[]> kept = bucket.get().get(renderKey(documentId, page, dpi));
        kept.ifPresent(png -> renderCache.put(documentId, page, dpi, png));
        return kept;
    }

    /** Best effort: a render that cannot be cached, or is not of a resolution kept, is rendered again next time. */
    public void cacheRender(UUID documentId, int page, int dpi, byte[] png) {
        renderCache.put(documentId, page, dpi, png);
        if (bucket.isPresent() && RenderCache.CACHED_DPI.contains(dpi)) {
            try {
                bucket.get().put(renderKey(documentId, page, dpi), png);
            } catch (StorageUnavailableException e) {
                // The image was made and is answered; the next node that wants it makes it again.
            }
        }
    }

    private static String renderKey(UUID documentId, int page, int dpi) {
        return "renders/" + documentId + "/" + page + "-" + dpi + ".png";
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
            String name = file.getFileName().toString();
            Optional<UUID> id = name.endsWith(".pdf") || ORIGINALS.values().stream().anyMatch(name::endsWith)
                    ? documentId(name.substring(0, name.length() - 4)) : Optional.empty();
            if (id.isPresent() && !isKnownDocument.test(id.get())) {
                removed += deleteTree(file);
                deleteRenders(id.get());
            }
        }
        for (Path directory : list(renders)) {
            Optional<UUID> id = documentId(directory.getFileName().toString());
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

    private static Optional<UUID> documentId(String name) {
        try {
            UUID id = UUID.fromString(name);
            // UUID.fromString accepts short forms such as "1-2-3-4-5"; only the canonical form is ours.
            return id.toString().equals(name) ? Optional.of(id) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
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
