-- The work queue: what the list of workflows shows and filters on without reading results.
-- The summary columns hold the invoice's key values as they stand (the committed record, else the
-- draft, else what was extracted); min_confidence and failed_checks come from the extraction.
-- queue_indexed_at is null until a workflow's result has been summarised: workflows extracted
-- before this version are summarised in the background after start-up.
ALTER TABLE extraction_workflow ADD COLUMN summary_vendor VARCHAR(300);
ALTER TABLE extraction_workflow ADD COLUMN summary_vendor_folded VARCHAR(300);
ALTER TABLE extraction_workflow ADD COLUMN summary_invoice_number VARCHAR(200);
ALTER TABLE extraction_workflow ADD COLUMN summary_invoice_date DATE;
ALTER TABLE extraction_workflow ADD COLUMN summary_due_date DATE;
ALTER TABLE extraction_workflow ADD COLUMN summary_total NUMERIC(24, 6);
ALTER TABLE extraction_workflow ADD COLUMN summary_currency VARCHAR(3);
ALTER TABLE extraction_workflow ADD COLUMN min_confidence DOUBLE PRECISION;
ALTER TABLE extraction_workflow ADD COLUMN failed_checks INTEGER;
ALTER TABLE extraction_workflow ADD COLUMN queue_indexed_at TIMESTAMP WITH TIME ZONE;
CREATE INDEX ix_workflow_due ON extraction_workflow (summary_due_date, created_at);
CREATE INDEX ix_workflow_invoice_date ON extraction_workflow (summary_invoice_date, created_at);
CREATE INDEX ix_workflow_total ON extraction_workflow (summary_total, created_at);
CREATE INDEX ix_workflow_vendor ON extraction_workflow (summary_vendor_folded, created_at);

-- Full-text search over a workflow's text and field values: each distinct folded word (letters and
-- digits only, 2 to 40 characters; "RE-2026/0042" gives re20260042, re and 20260042) with the
-- workflows that contain it. A query word matches the terms it begins, a range on the primary key.
CREATE TABLE workflow_term (
    term VARCHAR(40) NOT NULL,
    workflow_id UUID NOT NULL REFERENCES extraction_workflow (id) ON DELETE CASCADE,
    PRIMARY KEY (term, workflow_id)
);
CREATE INDEX ix_workflow_term_workflow ON workflow_term (workflow_id);
