package org.docex.extraction.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;

/** One page of a workflow's result in detail (its text lines with boxes) as JSON; written with the result, never changed. */
@Entity
@Table(name = "extraction_page")
@IdClass(WorkflowPage.Key.class)
public class WorkflowPage {

    @Id
    @Column(name = "workflow_id")
    private UUID workflowId;

    @Id
    @Column(name = "page_number")
    private int pageNumber;

    @Column(name = "page_json", nullable = false)
    private String json;

    protected WorkflowPage() {
    }

    WorkflowPage(UUID workflowId, int pageNumber, String json) {
        this.workflowId = workflowId;
        this.pageNumber = pageNumber;
        this.json = Objects.requireNonNull(json);
    }

    public String json() {
        return json;
    }

    /** The primary key: workflow and 1-based page number. */
    public record Key(UUID workflowId, int pageNumber) implements Serializable {
    }
}
