package org.docex.extraction.boundary;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.docex.extraction.entity.ReviewedFields;
import org.docex.extraction.entity.Workflow;

/** The committed fields of a workflow, as {@code GET .../export?format=json} gives them. */
public record ExportResponse(UUID documentId, UUID workflowId, String committedBy, Instant committedAt,
                             Map<String, String> fields) {

    static ExportResponse from(Workflow workflow) {
        ReviewedFields committed = workflow.committed().orElseThrow();
        return new ExportResponse(workflow.documentId(), workflow.id(), committed.by(), committed.at(),
                committed.fields().asMap());
    }
}
