package org.docex.extraction.control.queue;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import org.docex.errors.UnprocessableException;

/**
 * The queue's order: a key, ascending or (with a leading {@code -}) descending. Workflows without
 * the key's value come last either way; ties go newest first.
 */
public record QueueSort(Key key, boolean descending) {

    public static final QueueSort NEWEST_FIRST = new QueueSort(Key.CREATED_AT, true);

    /** The keys, by the API's names, and what they order by. */
    public enum Key {
        CREATED_AT("created_at", "w.createdAt"),
        INVOICE_DATE("invoice_date", "w.summary.invoiceDate"),
        DUE_DATE("due_date", "w.summary.dueDate"),
        TOTAL_AMOUNT("total_amount", "w.summary.totalAmount"),
        VENDOR_NAME("vendor_name", "w.summary.vendorFolded"),
        MIN_CONFIDENCE("min_confidence", "w.summary.minConfidence");

        private final String apiName;
        private final String path;

        Key(String apiName, String path) {
            this.apiName = apiName;
            this.path = path;
        }
    }

    private static final Map<String, Key> BY_NAME = Arrays.stream(Key.values())
            .collect(Collectors.toMap(key -> key.apiName, key -> key));

    public static QueueSort of(String sort) {
        if (sort == null || sort.isBlank()) {
            return NEWEST_FIRST;
        }
        String name = sort.strip();
        boolean descending = name.startsWith("-");
        Key key = BY_NAME.get(descending ? name.substring(1) : name);
        if (key == null) {
            throw new UnprocessableException("sort must be one of " + Arrays.stream(Key.values()).map(k -> k.apiName)
                    .collect(Collectors.joining(", ")) + ", each optionally after a - for descending");
        }
        return new QueueSort(key, descending);
    }

    /** The JPQL ORDER BY clause on {@code w}. */
    String orderBy() {
        String ties = "w.createdAt DESC, w.id DESC";
        if (key == Key.CREATED_AT) {
            return descending ? " ORDER BY " + ties : " ORDER BY w.createdAt ASC, w.id ASC";
        }
        return " ORDER BY " + key.path + (descending ? " DESC" : " ASC") + " NULLS LAST, " + ties;
    }
}
