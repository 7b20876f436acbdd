-- Extraction workflows: the durable queue and their results. A workflow belongs to one document
-- and goes with it.
CREATE TABLE extraction_workflow (
    id UUID PRIMARY KEY,
    document_id UUID NOT NULL REFERENCES document (id) ON DELETE CASCADE,
    status VARCHAR(20) NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX ix_workflow_document ON extraction_workflow (document_id, created_at);
CREATE INDEX ix_workflow_status ON extraction_workflow (status, created_at);
