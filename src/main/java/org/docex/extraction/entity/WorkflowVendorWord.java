package org.docex.extraction.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.UUID;

/** A folded word of a workflow's vendor name, for the vendor filter; read in queries, written in bulk. */
@Entity
@Table(name = "workflow_vendor_word")
@IdClass(WorkflowVendorWord.Key.class)
public class WorkflowVendorWord {

    @Id
    private String word;

    @Id
    @Column(name = "workflow_id")
    private UUID workflowId;

    protected WorkflowVendorWord() {
    }

    /** The primary key: word and workflow. */
    public record Key(String word, UUID workflowId) implements Serializable {
    }
}
