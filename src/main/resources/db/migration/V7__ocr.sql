-- OCR: the option a workflow was started with, and the text lines of each page of a result with
-- their boxes and confidences (what the page-detail endpoint serves), written once with the result.
ALTER TABLE extraction_workflow ADD COLUMN ocr_mode VARCHAR(10) DEFAULT 'auto' NOT NULL;

CREATE TABLE extraction_page (
    workflow_id UUID NOT NULL REFERENCES extraction_workflow (id) ON DELETE CASCADE,
    page_number INTEGER NOT NULL,
    -- JSON: {"source", "text", "lines": [{"text", "bbox", "confidence"}]}
    page_json TEXT NOT NULL,
    PRIMARY KEY (workflow_id, page_number)
);
