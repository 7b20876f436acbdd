-- The document list's newest-first and reverse-name orders (the default list is newest first).
-- H2 reads an index only in its own direction: with the ascending indexes alone, the first page of
-- newest-first sorted every row of the table (100,000 rows: 14 ms, against 0.2 ms read in index
-- order). PostgreSQL could read the ascending ones backwards; the descending ones serve it as well.
CREATE INDEX ix_document_uploaded_at_desc ON document (uploaded_at DESC, id DESC);
CREATE INDEX ix_document_filename_desc ON document (filename_folded DESC, id DESC);
