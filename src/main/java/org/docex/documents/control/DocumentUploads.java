package org.docex.documents.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.ClientErrorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.documents.entity.Document;
import org.docex.errors.PayloadTooLargeException;
import org.docex.errors.UnprocessableException;
import org.docex.security.control.Caller;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Accepting an upload: stream it to a temporary file (counting and hashing, never holding it in
 * memory, stopping at the size limit), check it is a readable PDF within the limits, then move
 * it into the store and record it. Any failure leaves neither a file nor a row behind.
 */
@ApplicationScoped
public class DocumentUploads {

    private static final Logger LOG = Logger.getLogger(DocumentUploads.class.getName());

    /** Room for the multipart envelope (boundaries, part headers) around a file at the limit. */
    private static final long ENVELOPE_ALLOWANCE = 64 * 1024;

    @Inject
    @ConfigProperty(name = "docex.max-upload-bytes", defaultValue = "52428800")
    long maxBytes;

    @Inject
    FileStore store;

    @Inject
    PdfInspector inspector;

    @Inject
    PdfWorkLimiter limiter;

    @Inject
    DocumentCatalog catalog;

    @Inject
    Clock clock;

    public long maxBytes() {
        return maxBytes;
    }

    /** The largest upload request body: a file at the limit with room for its multipart envelope. */
    public long maxBodyBytes() {
        return maxBytes + ENVELOPE_ALLOWANCE;
    }

    public Document accept(InputStream content, String clientFilename, Caller uploader) throws IOException {
        Path temp = store.newTempFile();
        UUID id = UUID.randomUUID();
        Path stored = null;
        try {
            UploadedFile file = CountingUpload.copy(content, temp, maxBytes);
            if (file.sizeBytes() == 0) {
                throw new UnprocessableException("file: the uploaded file is empty");
            }
            PdfFacts facts = inspect(temp);
            stored = store.store(id, temp);
            Document document = new Document(id, FilenameSanitizer.clean(clientFilename), file, facts,
                    uploader.userId(), uploader.email(), clock.instant());
            catalog.add(document);
            stored = null;
            return document;
        } catch (UploadTooLargeException e) {
            throw new PayloadTooLargeException("The file is larger than the limit of " + maxBytes + " bytes");
        } finally {
            Files.deleteIfExists(temp);
            if (stored != null) {
                deleteQuietly(stored);
            }
        }
    }

    private PdfFacts inspect(Path file) {
        try {
            return limiter.run(() -> inspector.inspect(file));
        } catch (PdfRejectedException e) {
            int status = e.reason() == PdfRejectedException.Reason.NOT_A_PDF ? 415 : 422;
            throw new ClientErrorException(e.getMessage(), status);
        } catch (PdfBusyException e) {
            throw new org.docex.security.control.TooManyRequestsException(e.getMessage(), java.time.Duration.ofSeconds(5));
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Could not remove a rejected upload; it is removed at the next start", e);
        }
    }
}
