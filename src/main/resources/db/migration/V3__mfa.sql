-- A user's TOTP secrets, AES-GCM encrypted under a key derived from the server key. The pending
-- secret waits for its first code (verify); the active one is checked at every challenge.
CREATE TABLE mfa_credential (
    user_id UUID PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
    pending_secret VARCHAR(200),
    active_secret VARCHAR(200)
);

-- Time steps whose code was accepted: the primary key lets each code count at most once per
-- user, on every node and after restarts. Steps that can no longer match are deleted.
CREATE TABLE mfa_used_step (
    user_id UUID NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    time_step BIGINT NOT NULL,
    used_at TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (user_id, time_step)
);

-- One-time recovery codes, stored only as SHA-256 hashes.
CREATE TABLE mfa_recovery_code (
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    code_hash VARCHAR(64) NOT NULL,
    used_at TIMESTAMP WITH TIME ZONE
);
CREATE UNIQUE INDEX ux_mfa_recovery_code_user_hash ON mfa_recovery_code (user_id, code_hash);

-- Wrong codes per user, kept in the database so that the limit holds across every node.
CREATE TABLE mfa_failure (
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    failed_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX ix_mfa_failure_user ON mfa_failure (user_id, failed_at);
