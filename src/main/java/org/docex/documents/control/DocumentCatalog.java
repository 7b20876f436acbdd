package org.docex.documents.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.NotFoundException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.docex.documents.entity.Document;
import org.docex.persistence.ReadOnlySql;
import org.docex.persistence.ResourceId;

/** Stored documents: finding, listing and removing them, with what their workflows say. */
@ApplicationScoped
public class DocumentCatalog {

    public static final String NOT_FOUND = "Document not found";

    private static final String WITH_LATEST_WORKFLOW = "SELECT d.*, w.id AS latest_id, w.status AS latest_status, "
            + "(SELECT e.id FROM document e WHERE e.sha256 = d.sha256 AND (e.uploaded_at < d.uploaded_at "
            + "OR e.uploaded_at = d.uploaded_at AND e.id < d.id) ORDER BY e.uploaded_at, e.id FETCH FIRST 1 ROW ONLY) AS duplicate_of "
            + "FROM document d LEFT JOIN extraction_workflow w ON w.id = (SELECT x.id FROM extraction_workflow x "
            + "WHERE x.document_id = d.id ORDER BY x.created_at DESC, x.id DESC FETCH FIRST 1 ROW ONLY) WHERE d.id = ?";

    /** Search candidates checked and counted exactly; a search with more answers an upper bound. */
    static final int EXACT_UP_TO = 500;

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    ReadOnlySql sql;

    @Inject
    Event<DocumentUploaded> uploaded;

    @Inject
    Event<DocumentDeleted> deleted;

    /** Records the upload, its search index entries and its event in the same transaction. */
    @Transactional
    public void add(Document document) {
        em.persist(document);
        uploaded.fire(new DocumentUploaded(document));
        em.flush();
        index(document);
    }

    /** Records the parts of a batch, with their index entries and events, in one transaction: all of them or none. */
    @Transactional
    public void addAll(List<Document> documents) {
        for (Document document : documents) {
            add(document);
        }
    }

    /** Records where a new invoice seems to start within the document, unless that was recorded already. */
    @Transactional
    public void recordProposals(UUID documentId, List<BatchSplitter.Pages> proposals) {
        em.createNativeQuery("UPDATE document SET proposed_splits = ?1 WHERE id = ?2 AND proposed_splits IS NULL")
                .setParameter(1, BatchSplitter.Pages.format(proposals))
                .setParameter(2, documentId)
                .executeUpdate();
    }

    /** The documents of an intake's source key: the document with it, or the parts of a batch stored under it. */
    @Transactional
    public List<Document> fromSourceBatch(String key) {
        // The first part has the key itself (all parts are recorded together): an index lookup answers the usual case,
        // nothing stored; only where it is stored are the others ("key/2", "key/3", ...) looked for.
        if (fromSource(key).isEmpty()) {
            return List.of();
        }
        List<Document> found = new java.util.ArrayList<>(em.createQuery(
                        "SELECT d FROM Document d WHERE d.sourceKey = :key OR d.sourceKey LIKE :parts ESCAPE '!'", Document.class)
                .setParameter("key", key)
                .setParameter("parts", key.replace("!", "!!").replace("%", "!%").replace("_", "!_") + "/%")
                .getResultList());
        found.sort(java.util.Comparator.comparingInt(document -> part(document.source().key(), key)));
        return found;
    }

    /** 1 for the key itself, n for {@code key/n}. */
    private static int part(String sourceKey, String key) {
        try {
            return sourceKey.equals(key) ? 1 : Integer.parseInt(sourceKey.substring(key.length() + 1));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    /** One statement for all of the document's trigrams (at most about 1,250: a 255-character name, a 1,000-character title). */
    private void index(Document document) {
        List<String> trigrams = List.copyOf(Trigrams.of(document.searchedTexts()));
        if (trigrams.isEmpty()) {
            return;
        }
        String rows = IntStream.range(0, trigrams.size())
                .mapToObj(i -> "(?" + (2 * i + 1) + ", ?" + (2 * i + 2) + ")")
                .collect(Collectors.joining(", "));
        var insert = em.createNativeQuery("INSERT INTO document_trigram (trigram, document_id) VALUES " + rows);
        for (int i = 0; i < trigrams.size(); i++) {
            insert.setParameter(2 * i + 1, trigrams.get(i));
            insert.setParameter(2 * i + 2, document.id());
        }
        insert.executeUpdate();
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
        return new Viewed(Document.read(row), latest == null ? null : new LatestWorkflow(latest, row.getString("latest_status")),
                ReadOnlySql.uuid(row, "duplicate_of"));
    }

    /**
     * For each document whose bytes an earlier one has too (the same SHA-256), the earliest such
     * document: uploaded before it, or at the same instant with a smaller id. One statement for them all.
     */
    @Transactional
    public Map<UUID, UUID> duplicatesOf(List<Document> documents) {
        Map<UUID, UUID> earlier = new HashMap<>();
        List<String> hashes = documents.stream().map(Document::sha256).distinct().toList();
        if (hashes.isEmpty()) {
            return earlier;
        }
        String parameters = IntStream.rangeClosed(1, hashes.size()).mapToObj(i -> "?" + i).collect(Collectors.joining(", "));
        var query = em.createNativeQuery("SELECT sha256, id FROM document WHERE sha256 IN (" + parameters
                + ") ORDER BY uploaded_at, id");
        for (int i = 0; i < hashes.size(); i++) {
            query.setParameter(i + 1, hashes.get(i));
        }
        Map<String, UUID> first = new HashMap<>();
        for (Object row : query.getResultList()) {
            Object[] columns = (Object[]) row;
            first.putIfAbsent(columns[0].toString(), ReadOnlySql.uuid(columns[1]));
        }
        for (Document document : documents) {
            UUID original = first.get(document.sha256());
            if (original != null && !original.equals(document.id())) {
                earlier.put(document.id(), original);
            }
        }
        return earlier;
    }

    /** The document an intake took from what {@code key} names, if it took it. */
    @Transactional
    public Optional<Document> fromSource(String key) {
        return em.createQuery("SELECT d FROM Document d WHERE d.sourceKey = :key", Document.class)
                .setParameter("key", key).getResultStream().findFirst();
    }

    @Transactional
    public boolean exists(UUID id) {
        return em.find(Document.class, id) != null;
    }

    /** Which of the ids are documents: one query for them all. */
    @Transactional
    public Set<UUID> existing(Collection<UUID> ids) {
        if (ids.isEmpty()) {
            return Set.of();
        }
        return Set.copyOf(em.createQuery("SELECT d.id FROM Document d WHERE d.id IN :ids", UUID.class)
                .setParameter("ids", List.copyOf(ids)).getResultList());
    }

    /** One page of a list and the list's total; {@code exact} is false when the total is an upper bound. */
    public record Listed(List<Document> documents, long total, boolean exact) {
    }

    /**
     * A page of the documents the query matches, in its order. Without {@code q}, or with one
     * shorter than a trigram, the list reads the table in index order and counts exactly. With a
     * longer {@code q} the search index counts, for each of the query's trigrams, the documents
     * that contain it, up to {@link #EXACT_UP_TO}. When the rarest is within that, its documents
     * (those of them that hold the second rarest too) are the only candidates: each is checked
     * against {@code q} itself, and the matches are counted exactly. When every trigram is in more documents, matches are common enough to fill
     * a page soon: the page is read in index order as without the index, and the total is the
     * number of documents that contain one of the trigrams, an upper bound, because counting the
     * true matches would read them all.
     */
    @Transactional
    public Listed list(DocumentQuery query, int offset, int limit) {
        List<String> trigrams = query.trigrams();
        if (!trigrams.isEmpty()) {
            return search(query, trigrams, offset, limit);
        }
        TypedQuery<Long> counting = em.createQuery("SELECT COUNT(d) FROM Document d" + query.where(), Long.class);
        query.bind(counting);
        long total = counting.getSingleResult();
        if (offset >= total) {
            return new Listed(List.of(), total, true);
        }
        if (offset + limit > total / 2) {
            // A page past the middle is read from the other end, so that the index walk skips the
            // fewer rows: the last page of 100,000 is then a first page read backwards.
            int fromEnd = (int) Math.max(0, total - offset - limit);
            int size = (int) Math.min(limit, total - offset);
            List<Document> backwards = new ArrayList<>(inIndexOrder(query.reversed(), fromEnd, size));
            Collections.reverse(backwards);
            return new Listed(backwards, total, true);
        }
        return new Listed(inIndexOrder(query, offset, limit), total, true);
    }

    private Listed search(DocumentQuery query, List<String> trigrams, int offset, int limit) {
        long[] holding = documentsHolding(trigrams, EXACT_UP_TO + 1);
        List<Map.Entry<String, Long>> counted = new ArrayList<>();
        for (int i = 0; i < trigrams.size(); i++) {
            if (holding[i] == 0) {
                return new Listed(List.of(), 0, true);
            }
            counted.add(Map.entry(trigrams.get(i), holding[i]));
        }
        counted.sort(Map.Entry.comparingByValue());
        if (counted.get(0).getValue() <= EXACT_UP_TO) {
            // The rarest trigram's documents that also hold the second rarest (a key lookup each), then q itself.
            return checked(query, counted.stream().limit(2).map(Map.Entry::getKey).toList(), offset, limit);
        }
        // Any one trigram's count bounds the matches; the last is as good a guess at the rarest as any.
        long bound = count("SELECT COUNT(*) FROM document_trigram WHERE trigram = ?1", trigrams.get(trigrams.size() - 1));
        return new Listed(inIndexOrder(query, offset, limit), bound, false);
    }

    /** How many documents contain each trigram, counted up to {@code cap}: one statement for them all. */
    private long[] documentsHolding(List<String> trigrams, long cap) {
        String counts = IntStream.rangeClosed(1, trigrams.size())
                .mapToObj(i -> "(SELECT COUNT(*) FROM (SELECT 1 FROM document_trigram WHERE trigram = ?" + i
                        + " FETCH FIRST " + cap + " ROWS ONLY) t" + i + ")")
                .collect(Collectors.joining(", "));
        var query = em.createNativeQuery("SELECT " + counts);
        for (int i = 0; i < trigrams.size(); i++) {
            query.setParameter(i + 1, trigrams.get(i));
        }
        Object row = query.getSingleResult();
        Object[] columns = row instanceof Object[] many ? many : new Object[] {row};
        long[] holding = new long[trigrams.size()];
        for (int i = 0; i < holding.length; i++) {
            holding[i] = ((Number) columns[i]).longValue();
        }
        return holding;
    }

    private long count(String sql, String trigram) {
        return ((Number) em.createNativeQuery(sql).setParameter(1, trigram).getSingleResult()).longValue();
    }

    private List<Document> inIndexOrder(DocumentQuery query, int offset, int limit) {
        TypedQuery<Document> select = em.createQuery("SELECT d FROM Document d" + query.where() + query.orderBy(), Document.class);
        query.bind(select);
        return select.setFirstResult(offset).setMaxResults(limit).setHint("eclipselink.read-only", "true").getResultList();
    }

    /**
     * The documents that contain the (one or two) trigrams and really contain {@code q}, in the
     * query's order, counted; then the page's rows.
     */
    private Listed checked(DocumentQuery query, List<String> trigrams, int offset, int limit) {
        String second = trigrams.size() > 1
                ? " JOIN document_trigram u ON u.trigram = ?3 AND u.document_id = t.document_id" : "";
        var select = em.createNativeQuery("SELECT d.id FROM document_trigram t" + second
                        + " JOIN document d ON d.id = t.document_id WHERE t.trigram = ?1"
                        + " AND (POSITION(?2 IN d.filename_folded) > 0 OR POSITION(?2 IN d.title_folded) > 0)" + query.sqlOrderBy())
                .setParameter(1, trigrams.get(0))
                .setParameter(2, query.folded());
        if (trigrams.size() > 1) {
            select.setParameter(3, trigrams.get(1));
        }
        List<UUID> matches = ((List<?>) select.getResultList()).stream().map(ReadOnlySql::uuid).toList();
        if (offset >= matches.size()) {
            return new Listed(List.of(), matches.size(), true);
        }
        List<UUID> page = matches.subList(offset, Math.min(matches.size(), offset + limit));
        Map<UUID, Document> rows = em.createQuery("SELECT d FROM Document d WHERE d.id IN :ids", Document.class)
                .setParameter("ids", page)
                .setHint("eclipselink.read-only", "true")
                .getResultList().stream()
                .collect(Collectors.toMap(Document::id, d -> d));
        return new Listed(page.stream().map(rows::get).filter(java.util.Objects::nonNull).toList(), matches.size(), true);
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
            deleted.fire(new DocumentDeleted(document));
        });
        return true;
    }

    /** A document with its newest workflow, if it has one. */
    /** @param duplicateOf the earliest other document with the same bytes, null where there is none */
    public record Viewed(Document document, LatestWorkflow latestWorkflow, UUID duplicateOf) {
    }

    /** A workflow as a document shows it: {@code {"id", "status"}}. */
    public record LatestWorkflow(UUID id, String status) {
    }
}
