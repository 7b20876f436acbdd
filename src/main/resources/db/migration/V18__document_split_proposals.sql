-- Where a new invoice seems to start within a document (split proposals for a person to confirm), as "1-2,3-5":
-- empty where it seems to be one invoice, null where that was not looked for yet.
ALTER TABLE document ADD COLUMN proposed_splits VARCHAR(4000);
