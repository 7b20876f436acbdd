-- The work queue's vendor filter: each folded word of a workflow's vendor name (as its summary
-- holds it), so that "globex" or "handels" finds "Globex Handels AG" by a range on the primary key
-- instead of reading every row. Rewritten with the summary's vendor on every summary and review.
CREATE TABLE workflow_vendor_word (
    word VARCHAR(40) NOT NULL,
    workflow_id UUID NOT NULL REFERENCES extraction_workflow (id) ON DELETE CASCADE,
    PRIMARY KEY (word, workflow_id)
);
CREATE INDEX ix_workflow_vendor_word_workflow ON workflow_vendor_word (workflow_id);

-- Workflows summarised before this version have a vendor and no words yet: the background pass
-- after start-up summarises them again (until then the queue lists them without a summary).
UPDATE extraction_workflow SET queue_indexed_at = NULL WHERE summary_vendor IS NOT NULL;
