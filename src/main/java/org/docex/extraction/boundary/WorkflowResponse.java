package org.docex.extraction.boundary;

import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.docex.extraction.control.workflow.ResultJson;
import org.docex.extraction.entity.Workflow;

/**
 * A workflow as clients see it. {@code result} is the stored machine output, null until
 * extracted (and in list items, which leave it out to stay small). {@code draft}, {@code committed}
 * and {@code reviews} belong to review and stay null and empty until a review happens.
 */
public record WorkflowResponse(UUID id, UUID documentId, String status, String template, String createdBy,
                               Instant createdAt, Instant startedAt, Instant finishedAt, String error,
                               Progress progress, long version, JsonObject result, JsonObject draft,
                               JsonObject committed, List<JsonObject> reviews) {

    public record Progress(int pagesDone, int pagesTotal) {
    }

    public static WorkflowResponse from(Workflow workflow, String resultJson) {
        return new WorkflowResponse(workflow.id(), workflow.documentId(), workflow.status().apiName(),
                workflow.template(), workflow.createdByEmail(), workflow.createdAt(), workflow.startedAt(),
                workflow.finishedAt(), workflow.error(), new Progress(workflow.pagesDone(), workflow.pagesTotal()),
                workflow.version(), resultJson == null ? null : ResultJson.read(resultJson), null, null, List.of());
    }

    public static WorkflowResponse summary(Workflow workflow) {
        return from(workflow, null);
    }
}
