-- The audit trail of reviews: one row per accepted review of a workflow, oldest first by the
-- workflow version the review produced. The application only ever adds rows; they go with their
-- workflow. Two reviews can never both be made from the same version: the unique key refuses
-- the second even if the version check on the workflow row were bypassed.
CREATE TABLE workflow_review (
    id UUID PRIMARY KEY,
    workflow_id UUID NOT NULL REFERENCES extraction_workflow (id) ON DELETE CASCADE,
    workflow_version BIGINT NOT NULL,
    action VARCHAR(20) NOT NULL,
    reviewed_by_id UUID NOT NULL,
    reviewed_by VARCHAR(254) NOT NULL,
    reviewed_by_role VARCHAR(20) NOT NULL,
    reviewed_at TIMESTAMP WITH TIME ZONE NOT NULL,
    -- Up to 2,000 characters, checked by the application (VARCHAR lengths count differently in H2 and PostgreSQL).
    review_comment TEXT,
    -- JSON: [{"field", "from", "to"}]
    changes TEXT NOT NULL,
    CONSTRAINT uq_workflow_review_version UNIQUE (workflow_id, workflow_version)
);
