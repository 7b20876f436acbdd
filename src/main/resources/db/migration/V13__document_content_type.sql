-- What was uploaded: a PDF, or an XML e-invoice (kept as it came, its pages docex's rendering of it).
ALTER TABLE document ADD COLUMN content_type VARCHAR(64) DEFAULT 'application/pdf' NOT NULL;
