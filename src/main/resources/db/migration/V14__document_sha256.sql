-- An upload whose bytes are already stored names the earlier document (duplicate_of): found by its SHA-256.
CREATE INDEX ix_document_sha256 ON document (sha256, uploaded_at, id);
