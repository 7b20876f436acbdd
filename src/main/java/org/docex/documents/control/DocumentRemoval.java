package org.docex.documents.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.documents.entity.Document;
import org.docex.errors.ConflictException;
import org.docex.errors.PermissionDeniedException;
import org.docex.security.control.Caller;
import org.docex.security.control.Role;

/**
 * Deleting a document: only its uploader or an admin; not while a workflow of it is committed
 * (that data is the record), unless an admin forces it. The check and the removal are one
 * transaction, so a commit cannot land between them. The row goes first, then the file: a file
 * left by a failure here is an orphan that the next start removes.
 */
@ApplicationScoped
public class DocumentRemoval {

    private static final Logger LOG = Logger.getLogger(DocumentRemoval.class.getName());

    @Inject
    DocumentCatalog catalog;

    @Inject
    FileStore store;

    /** Deleting or splitting a document is its uploader's or an admin's: 403 for anyone else. */
    public static void requireUploaderOrAdmin(Document document, Caller caller, String action) {
        if (caller.role() != Role.ADMIN && !document.uploadedBy(caller.userId())) {
            throw new PermissionDeniedException("Only the uploader or an admin can " + action + " this document");
        }
    }

    public void remove(Document document, Caller caller, boolean force) {
        boolean admin = caller.role() == Role.ADMIN;
        requireUploaderOrAdmin(document, caller, "delete");

        if (!catalog.removeUnlessCommitted(document.id(), admin && force)) {
            throw new ConflictException("The document has a committed workflow"
                    + (admin ? "; pass force=true to delete it anyway" : ""));
        }
        try {
            store.delete(document.id());
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Could not delete the file of a deleted document; it is removed at the next start", e);
        }
    }
}
