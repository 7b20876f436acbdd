package org.docex.documents.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.NotFoundException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.docex.documents.entity.Document;
import org.docex.persistence.ReadOnlySql;
import org.docex.persistence.ResourceId;
import org.docex.webhooks.control.WebhookEvents;

/** Stored documents: finding, listing and removing them, with what their workflows say. */
@ApplicationScoped
public class DocumentCatalog {

    public static final String NOT_FOUND = "Document not found";

    private static final String WITH_LATEST_WORKFLOW = "SELECT d.*, w.id AS latest_id, w.status AS latest_status "
            + "FROM document d LEFT JOIN extraction_workflow w ON w.id = (SELECT x.id FROM extraction_workflow x "
            + "WHERE x.document_id = d.id ORDER BY x.created_at DESC, x.id DESC FETCH FIRST 1 ROW ONLY) WHERE d.id = ?";

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    ReadOnlySql sql;

    @Inject
    WebhookEvents events;

    /** Records the upload, and its event in the same transaction. */
    @Transactional
    public void add(Document document) {
        em.persist(document);
        events.documentUploaded(document);
        em.flush();
    }

    /** The document with that id; a malformed id is as unknown as a missing one. */
    @Transactional
    public Document get(String id) {
        return ResourceId.parse(id).map(uuid -> em.find(Document.class, uuid)).orElseThrow(() -> new NotFoundException(NOT_FOUND));
    }

    /**
     * The document with that id and its newest workflow, in one statement outside any
     * transaction: the read behind {@code GET /api/documents/{id}}.
     */
    public Viewed view(String id) {
        return ResourceId.parse(id)
                .flatMap(uuid -> sql.first(WITH_LATEST_WORKFLOW, DocumentCatalog::viewed, uuid))
                .orElseThrow(() -> new NotFoundException(NOT_FOUND));
    }

    private static Viewed viewed(ResultSet row) throws SQLException {
        UUID latest = ReadOnlySql.uuid(row, "latest_id");
        return new Viewed(Document.read(row), latest == null ? null : new LatestWorkflow(latest, row.getString("latest_status")));
    }

    @Transactional
    public boolean exists(UUID id) {
        return em.find(Document.class, id) != null;
    }

    @Transactional
    public List<Document> list(DocumentQuery query, int offset, int limit) {
        TypedQuery<Document> select = em.createQuery("SELECT d FROM Document d" + query.where() + query.orderBy(), Document.class);
        query.bind(select);
        return select.setFirstResult(offset).setMaxResults(limit).setHint("eclipselink.read-only", "true").getResultList();
    }

    @Transactional
    public long count(DocumentQuery query) {
        TypedQuery<Long> count = em.createQuery("SELECT COUNT(d) FROM Document d" + query.where(), Long.class);
        query.bind(count);
        return count.getSingleResult();
    }

    /** The newest workflow of each of the documents, by document id. */
    @Transactional
    public Map<UUID, LatestWorkflow> latestWorkflows(List<UUID> documentIds) {
        Map<UUID, LatestWorkflow> latest = new HashMap<>();
        if (documentIds.isEmpty()) {
            return latest;
        }
        String parameters = IntStream.rangeClosed(1, documentIds.size()).mapToObj(i -> "?" + i).collect(Collectors.joining(", "));
        var query = em.createNativeQuery("SELECT document_id, id, status FROM extraction_workflow WHERE document_id IN ("
                + parameters + ") ORDER BY created_at DESC, id DESC");
        for (int i = 0; i < documentIds.size(); i++) {
            query.setParameter(i + 1, documentIds.get(i));
        }
        for (Object row : query.getResultList()) {
            Object[] columns = (Object[]) row;
            latest.putIfAbsent(ReadOnlySql.uuid(columns[0]), new LatestWorkflow(ReadOnlySql.uuid(columns[1]), columns[2].toString()));
        }
        return latest;
    }

    /**
     * Removes the row, and its workflows and results with it (foreign keys cascade), unless one of
     * its workflows is committed and {@code evenCommitted} is false. The workflows' rows are locked
     * before their statuses are read, so a review committing one of them meanwhile either finished
     * first (and is seen here) or waits and then finds its workflow gone (a concurrent change).
     *
     * @return false when a committed workflow kept the document
     */
    @Transactional
    public boolean removeUnlessCommitted(UUID documentId, boolean evenCommitted) {
        List<?> statuses = em.createNativeQuery("SELECT status FROM extraction_workflow WHERE document_id = ?1 FOR UPDATE")
                .setParameter(1, documentId)
                .getResultList();
        if (!evenCommitted && statuses.stream().anyMatch(status -> "committed".equals(String.valueOf(status)))) {
            return false;
        }
        Optional.ofNullable(em.find(Document.class, documentId)).ifPresent(document -> {
            em.remove(document);
            events.documentDeleted(document);
        });
        return true;
    }

    /** A document with its newest workflow, if it has one. */
    public record Viewed(Document document, LatestWorkflow latestWorkflow) {
    }

    /** A workflow as a document shows it: {@code {"id", "status"}}. */
    public record LatestWorkflow(UUID id, String status) {
    }
}
