package org.docex.extraction.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.Objects;
import java.util.UUID;

/** The machine output of one workflow as JSON; written once, never changed. */
@Entity
@Table(name = "extraction_result")
public class WorkflowResult {

    @Id
    @Column(name = "workflow_id")
    private UUID workflowId;

    @Column(name = "result_json", nullable = false)
    private String json;

    protected WorkflowResult() {
    }

    WorkflowResult(UUID workflowId, String json) {
        this.workflowId = workflowId;
        this.json = Objects.requireNonNull(json);
    }

    public UUID workflowId() {
        return workflowId;
    }

    public String json() {
        return json;
    }
}
