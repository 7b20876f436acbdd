-- Where a document taken from a mailbox came from: the mail's sender, subject, Message-ID and the time the
-- mailbox received it, as the document shows them (null for uploads and the watched folder).
ALTER TABLE document ADD COLUMN source_from VARCHAR(320);
ALTER TABLE document ADD COLUMN source_subject VARCHAR(500);
ALTER TABLE document ADD COLUMN source_message_id VARCHAR(300);
ALTER TABLE document ADD COLUMN source_received_at TIMESTAMP WITH TIME ZONE;
