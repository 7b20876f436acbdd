-- Search by substring of file name or title without reading every row: each distinct run of three
-- characters (trigram) of the folded file name and title, with the documents that contain it. A
-- search for q (three characters or more) looks only at documents that contain all of q's
-- trigrams, then checks q itself. Rows are written with the document and go with it.
CREATE TABLE document_trigram (
    trigram VARCHAR(3) NOT NULL,
    document_id UUID NOT NULL REFERENCES document (id) ON DELETE CASCADE,
    PRIMARY KEY (trigram, document_id)
);
CREATE INDEX ix_document_trigram_document ON document_trigram (document_id);
-- The documents stored before this version: positions 1..1000 (the longest folded title), each
-- trigram that starts there. SUBSTRING counts UTF-16 units on H2 and characters on PostgreSQL, as
-- the application does on H2; on PostgreSQL a name with characters outside the Basic Multilingual
-- Plane (emoji) stored before this version may miss trigrams across those characters.
CREATE TABLE trigram_position (p INTEGER PRIMARY KEY);
INSERT INTO trigram_position (p) WITH RECURSIVE n (p) AS (SELECT 1 UNION ALL SELECT p + 1 FROM n WHERE p < 1000) SELECT p FROM n;
INSERT INTO document_trigram (trigram, document_id)
SELECT DISTINCT SUBSTRING(t.s FROM n.p FOR 3), t.id
FROM (SELECT id, filename_folded AS s FROM document
      UNION SELECT id, title_folded AS s FROM document WHERE title_folded IS NOT NULL) t
JOIN trigram_position n ON n.p <= CHAR_LENGTH(t.s) - 2;
DROP TABLE trigram_position;
