package org.docex.extraction.control.queue;

import jakarta.persistence.TypedQuery;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.docex.errors.UnprocessableException;
import org.docex.extraction.entity.WorkflowStatus;
import org.docex.persistence.ResourceId;

/**
 * Which workflows the queue shows; an empty criterion means any. A malformed document id names no
 * document, so it matches nothing (as it answers 404 in a path); any other malformed criterion is
 * a mistake: 422 naming it.
 *
 * @param needsReview true: extracted or in review; false: any other status
 * @param vendor      folded; a workflow matches when each of its words begins a word of the vendor's name
 *                    ({@link #vendorWords}), or, where it has no word of two characters, when the name contains it
 * @param words       what the query's words begin (see {@link QueueTerms#query})
 * @param from        the earliest invoice date, inclusive
 * @param to          the latest invoice date, inclusive
 */
public record QueueFilter(Optional<UUID> documentId, Optional<WorkflowStatus> status, Optional<Boolean> needsReview,
                          Optional<String> vendor, List<String> words, Optional<Boolean> hasFailedChecks,
                          Optional<LocalDate> from, Optional<LocalDate> to, boolean matchesNothing) {

    public static final int MAX_QUERY = 200;
    public static final int MAX_VENDOR = 300;
    static final List<WorkflowStatus> NEEDS_REVIEW = List.of(WorkflowStatus.EXTRACTED, WorkflowStatus.IN_REVIEW);

    public QueueFilter {
        words = List.copyOf(words);
    }

    /** Whether the criteria on the status (status, needs_review) let a workflow of {@code candidate} through. */
    boolean admits(WorkflowStatus candidate) {
        return status.map(candidate::equals).orElse(true)
                && needsReview.map(wanted -> wanted == NEEDS_REVIEW.contains(candidate)).orElse(true);
    }

    /** What the vendor's words must begin, looked up in the vendor words: none for a vendor of one-letter words. */
    List<String> vendorWords() {
        return vendor.map(QueueTerms::query).orElse(List.of());
    }

    /** The criteria as the query parameters carry them (null where absent). */
    public record Parameters(String documentId, String status, String needsReview, String vendor, String q,
                             String hasFailedChecks, String from, String to) {
    }

    public static QueueFilter of(Parameters p) {
        Optional<WorkflowStatus> status = blank(p.status()) ? Optional.empty() : Optional.of(WorkflowStatus.named(p.status().strip())
                .orElseThrow(() -> new UnprocessableException("status must be one of " + WorkflowStatus.allNames())));
        Optional<UUID> document = blank(p.documentId()) ? Optional.empty() : ResourceId.parse(p.documentId().strip());
        String q = blank(p.q()) ? "" : p.q().strip();
        if (q.length() > MAX_QUERY) {
            throw new UnprocessableException("q must be at most " + MAX_QUERY + " characters");
        }
        if (!blank(p.vendor()) && p.vendor().strip().length() > MAX_VENDOR) {
            throw new UnprocessableException("vendor must be at most " + MAX_VENDOR + " characters");
        }
        Optional<LocalDate> from = date("from", p.from());
        Optional<LocalDate> to = date("to", p.to());
        if (from.isPresent() && to.isPresent() && from.get().isAfter(to.get())) {
            throw new UnprocessableException("from must not be after to");
        }
        List<String> words = QueueTerms.query(q);
        boolean nothing = !blank(p.documentId()) && document.isEmpty();
        return new QueueFilter(document, status, flag("needs_review", p.needsReview()),
                blank(p.vendor()) ? Optional.empty() : Optional.of(QueueValues.folded(p.vendor())), words,
                flag("has_failed_checks", p.hasFailedChecks()), from, to, nothing);
    }

    /** The filter of a document's workflows, in any status. */
    public static QueueFilter ofDocument(UUID documentId) {
        return new QueueFilter(Optional.of(documentId), Optional.empty(), Optional.empty(), Optional.empty(), List.of(),
                Optional.empty(), Optional.empty(), Optional.empty(), false);
    }

    /** The JPQL condition on {@code w} (a Workflow), with or without the criteria on the status. */
    String where(boolean withStatus) {
        List<String> conditions = new ArrayList<>();
        if (matchesNothing) {
            conditions.add("1 = 0");
        }
        documentId.ifPresent(id -> conditions.add("w.documentId = :document"));
        if (withStatus) {
            status.ifPresent(wanted -> conditions.add("w.status = :status"));
            needsReview.ifPresent(wanted -> conditions.add(wanted ? "w.status IN :review" : "w.status NOT IN :review"));
        }
        List<String> vendorWords = vendorWords();
        if (vendor.isPresent() && vendorWords.isEmpty()) {
            conditions.add("w.summary.vendorFolded LIKE :vendor ESCAPE '!'");
        }
        for (int i = 0; i < vendorWords.size(); i++) {
            conditions.add("w.id IN (SELECT v" + i + ".workflowId FROM WorkflowVendorWord v" + i + " WHERE v" + i + ".word >= :vlow" + i
                    + " AND v" + i + ".word < :vhigh" + i + ")");
        }
        hasFailedChecks.ifPresent(failed -> conditions.add(failed ? "w.summary.failedChecks > 0"
                : "(w.summary.failedChecks IS NULL OR w.summary.failedChecks = 0)"));
        from.ifPresent(date -> conditions.add("w.summary.invoiceDate >= :from"));
        to.ifPresent(date -> conditions.add("w.summary.invoiceDate <= :to"));
        for (int i = 0; i < words.size(); i++) {
            conditions.add("w.id IN (SELECT t" + i + ".workflowId FROM WorkflowTerm t" + i + " WHERE t" + i + ".term >= :low" + i
                    + " AND t" + i + ".term < :high" + i + " AND t" + i + ".term LIKE :begins" + i + ")");
        }
        return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
    }

    void bind(TypedQuery<?> query, boolean withStatus) {
        documentId.ifPresent(id -> query.setParameter("document", id));
        if (withStatus) {
            status.ifPresent(wanted -> query.setParameter("status", wanted));
            needsReview.ifPresent(wanted -> query.setParameter("review", NEEDS_REVIEW));
        }
        List<String> vendorWords = vendorWords();
        if (vendor.isPresent() && vendorWords.isEmpty()) {
            query.setParameter("vendor", "%" + escaped(vendor.get()) + "%");
        }
        for (int i = 0; i < vendorWords.size(); i++) {
            query.setParameter("vlow" + i, vendorWords.get(i));
            query.setParameter("vhigh" + i, QueueTerms.after(vendorWords.get(i)));
        }
        from.ifPresent(date -> query.setParameter("from", date));
        to.ifPresent(date -> query.setParameter("to", date));
        for (int i = 0; i < words.size(); i++) {
            query.setParameter("low" + i, words.get(i));
            query.setParameter("high" + i, QueueTerms.after(words.get(i)));
            query.setParameter("begins" + i, escaped(words.get(i)) + "%");
        }
    }

    private static String escaped(String text) {
        return text.replace("!", "!!").replace("%", "!%").replace("_", "!_");
    }

    private static Optional<Boolean> flag(String name, String value) {
        if (blank(value)) {
            return Optional.empty();
        }
        return switch (value.strip()) {
            case "true" -> Optional.of(true);
            case "false" -> Optional.of(false);
            default -> throw new UnprocessableException(name + " must be true or false");
        };
    }

    private static Optional<LocalDate> date(String name, String value) {
        if (blank(value)) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDate.parse(value.strip()));
        } catch (DateTimeParseException e) {
            throw new UnprocessableException(name + " must be a date (YYYY-MM-DD)");
        }
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
