-- Extraction workflows: the durable queue and their results. A workflow belongs to one document
-- and goes with it. Status values are the API's lower-case names.
--
-- The queue: a node runs a workflow only after moving it from 'queued' to 'running' in a
-- version-checked update (row_version) that names itself (claimed_by) and the attempt; it keeps
-- lease_until in the future while it works. A 'running' row whose lease ran out belonged to a
-- stopped node and is queued again, up to a bounded number of attempts.
CREATE TABLE extraction_workflow (
    id UUID PRIMARY KEY,
    document_id UUID NOT NULL REFERENCES document (id) ON DELETE CASCADE,
    status VARCHAR(20) NOT NULL,
    template VARCHAR(20) NOT NULL,
    custom_fields TEXT,
    created_by UUID NOT NULL,
    created_by_email VARCHAR(254) NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    started_at TIMESTAMP WITH TIME ZONE,
    finished_at TIMESTAMP WITH TIME ZONE,
    error VARCHAR(2000),
    pages_done INTEGER NOT NULL,
    pages_total INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    claimed_by VARCHAR(200),
    lease_until TIMESTAMP WITH TIME ZONE,
    -- The API's version: 1 when created, one more with every accepted review.
    review_version BIGINT NOT NULL,
    draft_fields TEXT,
    draft_saved_by VARCHAR(254),
    draft_saved_at TIMESTAMP WITH TIME ZONE,
    committed_fields TEXT,
    committed_by VARCHAR(254),
    committed_at TIMESTAMP WITH TIME ZONE,
    row_version BIGINT NOT NULL
);
CREATE INDEX ix_workflow_document ON extraction_workflow (document_id, created_at);
CREATE INDEX ix_workflow_status ON extraction_workflow (status, created_at);
CREATE INDEX ix_workflow_created ON extraction_workflow (created_at, id);

-- The machine output of a workflow, written once in the transaction that marks it 'extracted'
-- (the primary key refuses a second one). Kept apart so that lists of workflows never read it.
CREATE TABLE extraction_result (
    workflow_id UUID PRIMARY KEY REFERENCES extraction_workflow (id) ON DELETE CASCADE,
    result_json TEXT NOT NULL
);
