package org.docex.extraction.control.workflow;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.docex.extraction.control.Check;
import org.docex.persistence.ReadOnlySql;

/**
 * The invoices extracted so far, by what identifies them ({@link InvoiceIdentity}), and check
 * {@code duplicate_invoice}: whether a document uploaded earlier gave the same invoice. A copy is
 * named once both are extracted: the earlier document's extraction must have ended first.
 */
@ApplicationScoped
public class InvoiceIdentities {

    static final String CHECK = "duplicate_invoice";
    private static final int MAX_EARLIER = 20;

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    /** Check {@value #CHECK} for the invoice {@code documentId}'s extraction read. */
    @Transactional
    public Check check(UUID documentId, java.util.Optional<InvoiceIdentity> identity) {
        if (identity.isEmpty()) {
            return Check.unavailable(CHECK, "no invoice number or total was found to look for an earlier copy");
        }
        InvoiceIdentity invoice = identity.get();
        @SuppressWarnings("unchecked")
        // Documents uploaded before this one: the original read again is no duplicate of its later copy.
        List<Object[]> rows = em.createNativeQuery("SELECT i.document_id, i.vendor, d.filename FROM invoice_identity i "
                        + "JOIN document d ON d.id = i.document_id JOIN document me ON me.id = ?3 "
                        + "WHERE i.invoice_number = ?1 AND i.total = ?2 AND i.document_id <> ?3 "
                        + "AND (d.uploaded_at < me.uploaded_at OR d.uploaded_at = me.uploaded_at AND d.id < me.id) "
                        + "ORDER BY d.uploaded_at, i.recorded_at")
                .setParameter(1, invoice.invoiceNumber()).setParameter(2, invoice.total()).setParameter(3, documentId)
                .setMaxResults(MAX_EARLIER).getResultList();
        for (Object[] row : rows) {
            InvoiceIdentity earlier = new InvoiceIdentity(invoice.invoiceNumber(), invoice.total(),
                    row[1] == null ? null : row[1].toString(), null, null);
            if (invoice.sameAs(earlier)) {
                return Check.mismatch(CHECK, "Invoice " + invoice.shownNumber() + " over " + invoice.shownTotal()
                        + " was already read from " + row[2] + " (document " + ReadOnlySql.uuid(row[0])
                        + "). Make sure it is not paid twice.");
            }
        }
        return Check.ok(CHECK, "No other document has invoice " + invoice.shownNumber() + " over " + invoice.shownTotal() + ".");
    }

    /** Records what identifies the workflow's invoice, in the transaction that stores its result. */
    void record(UUID workflowId, UUID documentId, InvoiceIdentity identity, Instant at) {
        em.createNativeQuery("INSERT INTO invoice_identity (workflow_id, document_id, invoice_number, total, vendor, recorded_at) "
                        + "VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
                .setParameter(1, workflowId).setParameter(2, documentId).setParameter(3, identity.invoiceNumber())
                .setParameter(4, identity.total()).setParameter(5, identity.vendor()).setParameter(6, at.atOffset(java.time.ZoneOffset.UTC))
                .executeUpdate();
    }
}
