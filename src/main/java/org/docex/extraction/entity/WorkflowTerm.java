package org.docex.extraction.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.UUID;

/** A search term of a workflow (a folded word of its text or field values); read in queries, written in bulk. */
@Entity
@Table(name = "workflow_term")
@IdClass(WorkflowTerm.Key.class)
public class WorkflowTerm {

    @Id
    private String term;

    @Id
    @Column(name = "workflow_id")
    private UUID workflowId;

    protected WorkflowTerm() {
    }

    /** The primary key: term and workflow. */
    public record Key(String term, UUID workflowId) implements Serializable {
    }
}
