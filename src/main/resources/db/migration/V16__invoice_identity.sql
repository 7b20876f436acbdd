-- What identifies each extracted invoice (its number, total and vendor, folded), so that a later document
-- with the same invoice is told it is a duplicate. It goes with its workflow.
CREATE TABLE invoice_identity (
    workflow_id UUID PRIMARY KEY REFERENCES extraction_workflow (id) ON DELETE CASCADE,
    document_id UUID NOT NULL,
    invoice_number VARCHAR(200) NOT NULL,
    total VARCHAR(40) NOT NULL,
    vendor VARCHAR(300),
    recorded_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX ix_invoice_identity ON invoice_identity (invoice_number, total);
