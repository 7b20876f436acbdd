package org.docex.intake.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.WebApplicationException;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.docex.documents.control.DocumentCatalog;
import org.docex.documents.control.DocumentSource;
import org.docex.documents.control.DocumentUploads;
import org.docex.documents.control.SplitMode;
import org.docex.documents.entity.Document;
import org.docex.extraction.control.workflow.Workflows;
import org.docex.security.control.Caller;
import org.docex.users.control.UserDirectory;
import org.docex.users.entity.User;

/**
 * What every intake does with a file it took: stores it once under its source key, as the intake's
 * user, and starts an extraction with the intake's template where none has started. Taken again (an
 * intake stopped between storing and finishing), the stored document is found by its key and only
 * what is missing is done.
 */
@ApplicationScoped
public class IntakeDocuments {

    @Inject
    DocumentUploads uploads;

    @Inject
    DocumentCatalog catalog;

    @Inject
    Workflows workflows;

    @Inject
    UserDirectory users;

    /** The bytes of what was taken, opened only where they are not stored yet. */
    @FunctionalInterface
    public interface Content {
        InputStream open() throws IOException;
    }

    /** The docex user an intake records its documents under, where {@code email} names one (now). */
    public Optional<Caller> caller(String email) {
        return users.findByEmail(email).map(IntakeDocuments::caller);
    }

    private static Caller caller(User user) {
        return new Caller(user.id(), user.email(), user.role(), true, user.mfaEnabled(), null);
    }

    /**
     * Stores the content as a document of {@code caller} (unless one with the source's key is stored), or with
     * a {@code split} other than none as the documents of a batch cut at separator sheets and blank pages, with split
     * proposals where it is {@code SUGGEST} (unless they are stored), and
     * starts the extraction of each with {@code template} (unless one has started).
     *
     * @throws WebApplicationException as an upload of the content would be answered; {@link #refusal} says whether
     *                                 that is for good
     */
    public List<Document> take(Content content, String filename, DocumentSource source, Caller caller, String template,
                               SplitMode split) throws IOException {
        List<Document> documents = split != SplitMode.NONE ? catalog.fromSourceBatch(source.key())
                : catalog.fromSource(source.key()).stream().toList();
        if (documents.isEmpty()) {
            try (InputStream in = content.open()) {
                documents = split != SplitMode.NONE ? uploads.acceptBatch(in, filename, caller, source, split).documents()
                        : List.of(uploads.accept(in, filename, caller, source));
            }
        }
        Map<UUID, DocumentCatalog.LatestWorkflow> started = catalog.latestWorkflows(documents.stream().map(Document::id).toList());
        for (Document document : documents) {
            if (!started.containsKey(document.id())) {
                workflows.start(document.id().toString(), template, List.of(), null, caller);
            }
        }
        return documents;
    }

    /**
     * A {@code *_SPLIT} setting: {@code separator} cuts each file as a batch, {@code suggest} also proposes splits where a
     * new invoice seems to start, {@code none} (or empty) does neither.
     */
    static SplitMode splits(String value, String setting) {
        return SplitMode.of(value).orElseThrow(() -> new IllegalArgumentException(setting + " must be " + SplitMode.NAMES
                + ", not " + value));
    }

    /**
     * Why an upload was refused for good (a 4xx answer: not a document docex takes, or beyond a limit), or empty
     * where taking it again later may succeed (busy, or a fault of the server).
     */
    public static Optional<String> refusal(WebApplicationException refused) {
        int status = refused.getResponse() == null ? 500 : refused.getResponse().getStatus();
        return status >= 400 && status < 500 && status != 429 ? Optional.ofNullable(refused.getMessage()) : Optional.empty();
    }
}
