-- The vendor memory: what committed reviews taught about each vendor's invoices. Everything here
-- comes from committed workflows and goes with them: a rule with the workflow it was learned from,
-- a vendor once no workflow of its own is left (removed by the application, see VendorLearner).
CREATE TABLE vendor (
    id UUID PRIMARY KEY,
    -- The name the last committed review gave, as the reviewer wrote it.
    name VARCHAR(500),
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE NOT NULL,
    row_version BIGINT NOT NULL
);

-- What identifies a vendor on its invoices (kind: vat_id, iban, domain, name), compact as the
-- application writes it. The primary key is what keeps two vendors from sharing one.
CREATE TABLE vendor_identifier (
    kind VARCHAR(20) NOT NULL,
    identifier VARCHAR(500) NOT NULL,
    vendor_id UUID NOT NULL REFERENCES vendor (id) ON DELETE CASCADE,
    PRIMARY KEY (kind, identifier)
);
CREATE INDEX ix_vendor_identifier_vendor ON vendor_identifier (vendor_id);

-- The committed workflows a vendor learned from.
CREATE TABLE vendor_document (
    workflow_id UUID PRIMARY KEY REFERENCES extraction_workflow (id) ON DELETE CASCADE,
    vendor_id UUID NOT NULL REFERENCES vendor (id) ON DELETE CASCADE,
    learned_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX ix_vendor_document_vendor ON vendor_document (vendor_id);

-- One rule per vendor and field. rule is JSON: {"type", "relation", "anchor", "words", "literal"?,
-- "page", "x", "y"}; a literal (a name written the same on every invoice) is committed text.
CREATE TABLE vendor_rule (
    vendor_id UUID NOT NULL REFERENCES vendor (id) ON DELETE CASCADE,
    field VARCHAR(100) NOT NULL,
    rule TEXT NOT NULL,
    learned_from UUID NOT NULL REFERENCES extraction_workflow (id) ON DELETE CASCADE,
    learned_at TIMESTAMP WITH TIME ZONE NOT NULL,
    times_confirmed INTEGER NOT NULL,
    times_corrected INTEGER NOT NULL,
    failures INTEGER NOT NULL,
    added_by_reviewer BOOLEAN NOT NULL,
    PRIMARY KEY (vendor_id, field)
);

-- Committed workflows not yet learned from: a row is added in the transaction that commits the
-- review and removed in the one that learns from it, so a crash in between loses nothing.
CREATE TABLE vendor_learning (
    workflow_id UUID PRIMARY KEY REFERENCES extraction_workflow (id) ON DELETE CASCADE,
    queued_at TIMESTAMP WITH TIME ZONE NOT NULL,
    attempts INTEGER NOT NULL
);
