package org.docex.extraction.control.queue;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.docex.extraction.control.Check;
import org.docex.extraction.control.invoice.InvoiceTemplate;
import org.docex.extraction.control.review.ExtractedValues;
import org.docex.extraction.control.review.WorkflowReviewed;
import org.docex.extraction.control.workflow.ExtractionEnded;
import org.docex.extraction.control.workflow.ResultJson;
import org.docex.extraction.control.workflow.Workflows;
import org.docex.extraction.entity.FieldValues;
import org.docex.extraction.entity.QueueSummary;
import org.docex.extraction.entity.ReviewAction;
import org.docex.extraction.entity.ReviewedFields;
import org.docex.extraction.entity.Workflow;
import org.docex.extraction.entity.WorkflowStatus;

/**
 * Keeps the work queue's view of each workflow: its summary (on the workflow's row) and its search
 * terms, written in the transaction that stores the result or the review, so that the queue never
 * shows a workflow other than it is.
 */
@ApplicationScoped
public class QueueIndex {

    /** Rows per INSERT statement: well within every driver's limit on parameters. */
    private static final int ROWS_PER_INSERT = 500;

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    Workflows workflows;

    void extracted(@Observes ExtractionEnded ended) {
        Workflow workflow = ended.workflow();
        if (workflow.status().hasResult()) {
            workflows.resultOf(workflow).ifPresent(json -> summarise(workflow, json));
        }
    }

    void reviewed(@Observes WorkflowReviewed reviewed) {
        if (reviewed.action() != ReviewAction.SAVE_DRAFT && reviewed.action() != ReviewAction.COMMIT) {
            return;
        }
        Workflow workflow = reviewed.workflow();
        FieldValues values = current(workflow).orElse(FieldValues.NONE);
        workflow.summariseReview(QueueValues.of(values.asMap()));
        addTerms(workflow.id(), QueueTerms.of(values.asMap().values()));
        replaceVendorWords(workflow);
    }

    /** Up to {@code limit} extracted workflows without a summary yet. */
    @Transactional
    public List<UUID> unsummarised(int limit) {
        return em.createQuery("SELECT w.id FROM Workflow w WHERE w.status IN :extracted AND w.summary.indexedAt IS NULL"
                        + " ORDER BY w.createdAt DESC", UUID.class)
                .setParameter("extracted", Arrays.stream(WorkflowStatus.values()).filter(WorkflowStatus::hasResult).toList())
                .setMaxResults(limit).getResultList();
    }

    /** Summarises one workflow extracted before the queue kept summaries; false when there was nothing (left) to do. */
    @Transactional
    public boolean summariseStored(UUID id) {
        Workflow workflow = em.find(Workflow.class, id);
        if (workflow == null || !workflow.status().hasResult() || workflow.summary().isPresent()) {
            return false;
        }
        Optional<String> result = workflows.resultOf(workflow);
        result.ifPresent(json -> summarise(workflow, json));
        em.flush();
        return result.isPresent();
    }

    /** Summarises {@code workflow} from its stored result and replaces its search terms. */
    void summarise(Workflow workflow, String resultJson) {
        JsonObject result = ResultJson.read(resultJson);
        Map<String, JsonObject> best = ExtractedValues.best(result);
        FieldValues values = current(workflow).orElseGet(() -> ExtractedValues.valuesOf(best));
        workflow.summarise(new QueueSummary(QueueValues.of(values.asMap()), lowestConfidence(best),
                failedChecks(result), clock.instant()));
        List<String> texts = new ArrayList<>(values.asMap().values());
        for (JsonObject field : result.getJsonArray("fields").getValuesAs(JsonObject.class)) {
            if (field.get("value") instanceof JsonString value) {
                texts.add(value.getString());
            }
        }
        for (JsonObject page : result.getJsonArray("pages").getValuesAs(JsonObject.class)) {
            if (page.get("text") instanceof JsonString text) {
                texts.add(text.getString());
            }
        }
        em.createNativeQuery("DELETE FROM workflow_term WHERE workflow_id = ?1").setParameter(1, workflow.id()).executeUpdate();
        insert("workflow_term (term, workflow_id)", workflow.id(), List.copyOf(QueueTerms.of(texts)));
        replaceVendorWords(workflow);
    }

    /** The words of the vendor name the workflow's summary now holds, in place of those before. */
    private void replaceVendorWords(Workflow workflow) {
        em.createNativeQuery("DELETE FROM workflow_vendor_word WHERE workflow_id = ?1").setParameter(1, workflow.id()).executeUpdate();
        String vendor = workflow.summary().map(summary -> summary.values().vendorName()).orElse(null);
        if (vendor != null) {
            insert("workflow_vendor_word (word, workflow_id)", workflow.id(), List.copyOf(QueueTerms.of(List.of(vendor))));
        }
    }

    private static Optional<FieldValues> current(Workflow workflow) {
        return workflow.committed().or(workflow::draft).map(ReviewedFields::fields);
    }

    /** The lowest confidence of the invoice's fields that were found, else of all fields; null without fields. */
    private static Double lowestConfidence(Map<String, JsonObject> best) {
        List<JsonObject> invoice = best.entrySet().stream().filter(entry -> InvoiceTemplate.FIELDS.contains(entry.getKey()))
                .map(Map.Entry::getValue).toList();
        return (invoice.isEmpty() ? best.values() : invoice).stream()
                .map(field -> field.get("confidence"))
                .filter(JsonNumber.class::isInstance).map(number -> ((JsonNumber) number).doubleValue())
                .min(Double::compare).orElse(null);
    }

    private static int failedChecks(JsonObject result) {
        JsonValue checks = result.get("checks");
        if (!(checks instanceof JsonArray array)) {
            return 0;
        }
        return (int) array.getValuesAs(JsonObject.class).stream()
                .filter(check -> check.get("status") instanceof JsonString status && Check.MISMATCH.equals(status.getString()))
                .count();
    }

    /** The terms of a review's values that the workflow does not have yet. */
    private void addTerms(UUID workflowId, Set<String> terms) {
        if (terms.isEmpty()) {
            return;
        }
        Set<String> known = new HashSet<>();
        List<String> wanted = List.copyOf(terms);
        for (int from = 0; from < wanted.size(); from += ROWS_PER_INSERT) {
            List<String> chunk = wanted.subList(from, Math.min(wanted.size(), from + ROWS_PER_INSERT));
            var query = em.createNativeQuery("SELECT term FROM workflow_term WHERE workflow_id = ?1 AND term IN ("
                    + IntStream.range(0, chunk.size()).mapToObj(i -> "?" + (i + 2)).collect(Collectors.joining(", ")) + ")")
                    .setParameter(1, workflowId);
            for (int i = 0; i < chunk.size(); i++) {
                query.setParameter(i + 2, chunk.get(i));
            }
            for (Object term : query.getResultList()) {
                known.add(term.toString());
            }
        }
        insert("workflow_term (term, workflow_id)", workflowId, wanted.stream().filter(term -> !known.contains(term)).toList());
    }

    /** Rows of (word, workflow) into {@code table}, named with its two columns in that order. */
    private void insert(String table, UUID workflowId, List<String> terms) {
        for (int from = 0; from < terms.size(); from += ROWS_PER_INSERT) {
            List<String> chunk = terms.subList(from, Math.min(terms.size(), from + ROWS_PER_INSERT));
            String rows = IntStream.range(0, chunk.size()).mapToObj(i -> "(?" + (i + 2) + ", ?1)")
                    .collect(Collectors.joining(", "));
            var insert = em.createNativeQuery("INSERT INTO " + table + " VALUES " + rows)
                    .setParameter(1, workflowId);
            for (int i = 0; i < chunk.size(); i++) {
                insert.setParameter(i + 2, chunk.get(i));
            }
            insert.executeUpdate();
        }
    }
}
