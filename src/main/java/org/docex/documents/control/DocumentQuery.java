package org.docex.documents.control;

import jakarta.persistence.Query;
import java.util.Arrays;
import org.docex.documents.entity.Document;
import org.docex.errors.UnprocessableException;

/**
 * The filter and order of a document list: {@code q} is a case-insensitive substring of the
 * file name or title, {@code sort} one of a fixed set (so no client text reaches the JPQL).
 */
public record DocumentQuery(String q, Sort sort) {

    public static final int MAX_Q = 200;

    public enum Sort {
        UPLOADED_AT("uploaded_at", "d.uploadedAt ASC, d.id ASC"),
        NEWEST_FIRST("-uploaded_at", "d.uploadedAt DESC, d.id DESC"),
        FILENAME("filename", "d.filenameFolded ASC, d.id ASC"),
        FILENAME_DESC("-filename", "d.filenameFolded DESC, d.id DESC");

        private final String parameter;
        private final String jpql;

        Sort(String parameter, String jpql) {
            this.parameter = parameter;
            this.jpql = jpql;
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

    String where() {
        return q == null ? "" : " WHERE d.filenameFolded LIKE :pattern ESCAPE '\\' OR d.titleFolded LIKE :pattern ESCAPE '\\'";
    }

    String orderBy() {
        return " ORDER BY " + sort.jpql;
    }

    void bind(Query query) {
        if (q != null) {
            String escaped = Document.fold(q).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
            query.setParameter("pattern", "%" + escaped + "%");
        }
    }
}
