-- Where a document came from: an upload, the watched folder (or, later, a mailbox). source_key is what an
-- intake took it from (a claimed file), unique, so that a file is taken once across restarts and nodes.
ALTER TABLE document ADD COLUMN source_channel VARCHAR(16) DEFAULT 'upload' NOT NULL;
ALTER TABLE document ADD COLUMN source_key VARCHAR(300);
CREATE UNIQUE INDEX ux_document_source_key ON document (source_key);
