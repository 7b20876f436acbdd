package org.docex.webhooks.control;

import static org.docex.SharedJsonProvider.JSON;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObjectBuilder;
import org.docex.documents.entity.Document;
import org.docex.extraction.entity.Workflow;

/** The events of documents and workflows, with the payloads of the API, put in the outbox of the caller's transaction. */
@ApplicationScoped
public class WebhookEvents {

    @Inject
    Outbox outbox;

    public void documentUploaded(Document document) {
        outbox.publish(EventType.DOCUMENT_UPLOADED, document.id(), documentData(document).build());
    }

    public void documentDeleted(Document document) {
        outbox.publish(EventType.DOCUMENT_DELETED, document.id(), documentData(document).build());
    }

    /** The workflow's extraction ended: extracted, or failed with its error; {@code by} is who started it. */
    public void extractionEnded(Workflow workflow) {
        boolean failed = workflow.error() != null;
        JsonObjectBuilder data = workflowData(workflow, workflow.createdByEmail());
        if (failed) {
            data.add("error", workflow.error());
        }
        outbox.publish(failed ? EventType.WORKFLOW_FAILED : EventType.WORKFLOW_EXTRACTED, workflow.id(), data.build());
    }

    /** A review was accepted; {@code by} is the reviewer. A commit carries the committed values. */
    public void reviewed(Workflow workflow, EventType type, String by) {
        JsonObjectBuilder data = workflowData(workflow, by);
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
                .add("uploaded_by", document.uploadedByEmail());
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
