package org.docex.documents.control;

import jakarta.persistence.Query;
import java.util.Arrays;
import java.util.List;
import org.docex.documents.entity.Document;
import org.docex.errors.UnprocessableException;

/**
 * The filter and order of a document list: {@code q} is a case-insensitive substring of the
 * file name or title, {@code sort} one of a fixed set (so no client text reaches the JPQL).
 */
public record DocumentQuery(String q, Sort sort) {

    public static final int MAX_Q = 200;

    public enum Sort {
        UPLOADED_AT("uploaded_at", "uploadedAt", "uploaded_at", "ASC"),
        NEWEST_FIRST("-uploaded_at", "uploadedAt", "uploaded_at", "DESC"),
        FILENAME("filename", "filenameFolded", "filename_folded", "ASC"),
        FILENAME_DESC("-filename", "filenameFolded", "filename_folded", "DESC");

        private final String parameter;
        private final String jpql;
        private final String sql;

        Sort(String parameter, String attribute, String column, String direction) {
            this.parameter = parameter;
            this.jpql = "d." + attribute + " " + direction + ", d.id " + direction;
            this.sql = "d." + column + " " + direction + ", d.id " + direction;
        }

        Sort reversed() {
            return switch (this) {
                case UPLOADED_AT -> NEWEST_FIRST;
                case NEWEST_FIRST -> UPLOADED_AT;
                case FILENAME -> FILENAME_DESC;
                case FILENAME_DESC -> FILENAME;
            };
        }
    }

    public static DocumentQuery of(String q, String sort) {
        if (q != null && q.length() > MAX_Q) {
            throw new UnprocessableException("q must be at most " + MAX_Q + " characters");
        }
        Sort order = sort == null || sort.isBlank() ? Sort.NEWEST_FIRST : Arrays.stream(Sort.values())
                .filter(s -> s.parameter.equals(sort.strip()))
                .findFirst()
                .orElseThrow(() -> new UnprocessableException(
                        "sort must be one of uploaded_at, -uploaded_at, filename, -filename"));
        return new DocumentQuery(q == null || q.isBlank() ? null : q.strip(), order);
    }

    /** The same filter in the opposite order. */
    DocumentQuery reversed() {
        return new DocumentQuery(q, sort.reversed());
    }

    /**
     * The documents whose folded name or title contains the folded {@code q}. LOCATE, not LIKE with
     * the wildcards escaped: the same answer, and a list read in index order checks hundreds of rows
     * for a page (on H2 a LIKE whose pattern is a parameter prepares the pattern again for each row:
     * 0.63 ms against 0.42 for a page of 50 of 100,000 documents in which one in sixteen matches).
     */
    String where() {
        return q == null ? "" : " WHERE LOCATE(:folded, d.filenameFolded) > 0 OR LOCATE(:folded, d.titleFolded) > 0";
    }

    String orderBy() {
        return " ORDER BY " + sort.jpql;
    }

    /** The same order in SQL, for the native search over the trigram index. */
    String sqlOrderBy() {
        return " ORDER BY " + sort.sql;
    }

    /** The trigrams the search looks up in the index; empty when there is no q or it is too short for one. */
    List<String> trigrams() {
        return q == null ? List.of() : Trigrams.probed(Document.fold(q));
    }

    void bind(Query query) {
        if (q != null) {
            query.setParameter("folded", folded());
        }
    }

    /** {@code q} as the stored names and titles are folded for searching. */
    String folded() {
        return Document.fold(q);
    }
}
