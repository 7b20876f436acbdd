package org.docex.documents.control;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import java.time.Duration;
import org.docex.schema.SchemaReady;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The PDF controls, configured once for the application (singletons: they are plain, unproxyable classes). */
@ApplicationScoped
public class PdfServices {

    /** A 25-megapixel PNG is a 300 dpi render of an A3 page; more would cost ~100 MB of raster. */
    static final long MAX_OUTPUT_PIXELS = 25_000_000L;
    static final long MAX_IMAGE_PIXELS = 100_000_000L;
    static final Duration MAX_WAIT_FOR_PDF_WORK = Duration.ofSeconds(30);

    @Inject
    @ConfigProperty(name = "docex.data-dir", defaultValue = "./data")
    String dataDir;

    @Inject
    @ConfigProperty(name = "docex.max-pages", defaultValue = "2000")
    int maxPages;

    /** Past it, the least recently used page renders are removed. */
    @Inject
    @ConfigProperty(name = "docex.render-cache-bytes", defaultValue = "" + FileStore.DEFAULT_RENDER_CACHE_BYTES)
    long renderCacheBytes;

    @Inject
    StorageSettings storage;

    @Resource
    ManagedExecutorService executor;

    @Produces
    @Singleton
    FileStore fileStore() {
        return new FileStore(Path.of(dataDir).toAbsolutePath().normalize(), renderCacheBytes, storage.bucket(executor));
    }

    /** The storage is made, and the bucket checked, at start: a missing or unreachable bucket stops the start with its reason. */
    void onStart(@Observes SchemaReady ready, FileStore store) {
        // Creating the store (fileStore) is what this is for.
    }

    @Produces
    @Singleton
    PdfInspector inspector() {
        return new PdfInspector(maxPages);
    }

    @Produces
    @Singleton
    PageRenderer renderer() {
        return new PageRenderer(MAX_OUTPUT_PIXELS, MAX_IMAGE_PIXELS);
    }

    /** Uploads and page renders: at most one PDF parse per core at a time, so that hostile files cannot starve the server. */
    @Produces
    @Singleton
    PdfWorkLimiter limiter() {
        return new PdfWorkLimiter(Runtime.getRuntime().availableProcessors(), MAX_WAIT_FOR_PDF_WORK);
    }
}
