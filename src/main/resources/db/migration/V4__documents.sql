-- Uploaded PDFs. The file itself lives in the file store under the document's id. Strings read
-- from the PDF are trimmed and capped at 1000 characters before they get here.
CREATE TABLE document (
    id UUID PRIMARY KEY,
    filename VARCHAR(255) NOT NULL,
    filename_folded VARCHAR(255) NOT NULL,
    title_folded VARCHAR(1000),
    size_bytes BIGINT NOT NULL,
    sha256 VARCHAR(64) NOT NULL,
    page_count INTEGER NOT NULL,
    pdf_version VARCHAR(10),
    title VARCHAR(1000),
    author VARCHAR(1000),
    subject VARCHAR(1000),
    keywords VARCHAR(1000),
    creator VARCHAR(1000),
    producer VARCHAR(1000),
    pdf_created TIMESTAMP WITH TIME ZONE,
    pdf_modified TIMESTAMP WITH TIME ZONE,
    encrypted BOOLEAN NOT NULL,
    has_forms BOOLEAN NOT NULL,
    uploaded_by UUID NOT NULL,
    uploaded_by_email VARCHAR(254) NOT NULL,
    uploaded_at TIMESTAMP WITH TIME ZONE NOT NULL
);
-- Lists are sorted by upload time or file name (both directions) and cut with LIMIT.
CREATE INDEX ix_document_uploaded_at ON document (uploaded_at, id);
CREATE INDEX ix_document_filename ON document (filename_folded, id);
