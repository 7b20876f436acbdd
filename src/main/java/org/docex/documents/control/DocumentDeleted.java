package org.docex.documents.control;

import org.docex.documents.entity.Document;

/**
 * A document was removed from the catalog. Fired synchronously inside the transaction that removes
 * it: observers run in that transaction, before it commits.
 */
public record DocumentDeleted(Document document) {
}
