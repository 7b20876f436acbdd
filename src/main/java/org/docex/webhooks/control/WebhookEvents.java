package org.docex.webhooks.control;

import static org.docex.SharedJsonProvider.JSON;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import org.docex.JsonConfiguration;
import org.docex.documents.control.DocumentDeleted;
import org.docex.documents.control.DocumentSource;
import org.docex.documents.control.DocumentUploaded;
import org.docex.documents.entity.Document;
import org.docex.extraction.control.review.WorkflowReviewed;
import org.docex.extraction.control.workflow.ExtractionEnded;
import org.docex.extraction.entity.Workflow;

/**
 * The events of documents and workflows, with the payloads of the API, put in the outbox of the
 * caller's transaction. The observers are synchronous: they run in the thread and the transaction
 * that fires the event, so the event is written, or rolled back, with the change it reports.
 */
@ApplicationScoped
public class WebhookEvents {

    @Inject
    Outbox outbox;

    void documentUploaded(@Observes DocumentUploaded uploaded) {
        Document document = uploaded.document();
        outbox.publish(EventType.DOCUMENT_UPLOADED, document.id(), documentData(document).build());
    }

    void documentDeleted(@Observes DocumentDeleted deleted) {
        Document document = deleted.document();
        outbox.publish(EventType.DOCUMENT_DELETED, document.id(), documentData(document).build());
    }

    /** The workflow's extraction ended: extracted, or failed with its error; {@code by} is who started it. */
    void extractionEnded(@Observes ExtractionEnded ended) {
        Workflow workflow = ended.workflow();
        boolean failed = workflow.error() != null;
        JsonObjectBuilder data = workflowData(workflow, workflow.createdByEmail());
        if (failed) {
            data.add("error", workflow.error());
        } else {
            // What the reviewer must look at first: a print that names another IBAN than its e-invoice, sums that do not add up.
            JsonArrayBuilder checks = JSON.createArrayBuilder();
            ended.failedChecks().forEach(check -> checks.add(JSON.createObjectBuilder()
                    .add("name", check.name()).add("detail", check.detail())));
            data.add("failed_checks", checks);
        }
        outbox.publish(failed ? EventType.WORKFLOW_FAILED : EventType.WORKFLOW_EXTRACTED, workflow.id(), data.build());
    }

    /** A review was accepted; {@code by} is the reviewer. A commit carries the committed values. */
    void reviewed(@Observes WorkflowReviewed reviewed) {
        Workflow workflow = reviewed.workflow();
        EventType type = switch (reviewed.action()) {
            case SAVE_DRAFT -> EventType.WORKFLOW_DRAFT_SAVED;
            case COMMIT -> EventType.WORKFLOW_COMMITTED;
            case REJECT -> EventType.WORKFLOW_REJECTED;
            case REOPEN -> EventType.WORKFLOW_REOPENED;
        };
        JsonObjectBuilder data = workflowData(workflow, reviewed.by());
        if (type == EventType.WORKFLOW_COMMITTED) {
            JsonObjectBuilder fields = JSON.createObjectBuilder();
            workflow.committed().ifPresent(committed -> committed.fields().asMap().forEach(fields::add));
            data.add("fields", fields);
        }
        outbox.publish(type, workflow.id(), data.build());
    }

    private static JsonObjectBuilder documentData(Document document) {
        return JSON.createObjectBuilder()
                .add("document_id", document.id().toString())
                .add("filename", document.filename())
                .add("sha256", document.sha256())
                .add("page_count", document.pageCount())
                .add("uploaded_by", document.uploadedByEmail())
                .add("source", source(document.source()));
    }

    /** As the document shows it: the channel, and for a mail its sender, subject, Message-ID and time of receipt. */
    private static JsonObjectBuilder source(DocumentSource source) {
        JsonObjectBuilder json = JSON.createObjectBuilder().add("channel", source.channel());
        if (source.from() != null) {
            json.add("from", source.from());
        }
        if (source.subject() != null) {
            json.add("subject", source.subject());
        }
        if (source.messageId() != null) {
            json.add("message_id", source.messageId());
        }
        if (source.receivedAt() != null) {
            json.add("received_at", new JsonConfiguration.UtcSeconds().adaptToJson(source.receivedAt()));
        }
        return json;
    }

    private static JsonObjectBuilder workflowData(Workflow workflow, String by) {
        return JSON.createObjectBuilder()
                .add("workflow_id", workflow.id().toString())
                .add("document_id", workflow.documentId().toString())
                .add("status", workflow.status().apiName())
                .add("template", workflow.template())
                .add("version", workflow.version())
                .add("by", by);
    }
}
