package org.docex.documents.control;

import org.docex.documents.entity.Document;

/**
 * A document was added to the catalog. Fired synchronously inside the transaction that adds it:
 * observers run in that transaction, before it commits.
 */
public record DocumentUploaded(Document document) {
}
