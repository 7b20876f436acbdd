-- Claiming takes turns between users (the fewest running, then the one served longest ago, each
-- user's own workflows oldest first), and a user may have a bounded number of workflows queued:
-- both look workflows up by the user who started them.
CREATE INDEX ix_workflow_creator_status ON extraction_workflow (created_by, status, created_at);
CREATE INDEX ix_workflow_creator_started ON extraction_workflow (created_by, started_at);
