-- Accounts. E-mail addresses are stored lower-case; the hash carries its own parameters.
CREATE TABLE app_user (
    id UUID PRIMARY KEY,
    email VARCHAR(254) NOT NULL,
    password_hash VARCHAR(200) NOT NULL,
    role VARCHAR(20) NOT NULL,
    active BOOLEAN NOT NULL,
    mfa_enabled BOOLEAN NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE NOT NULL,
    row_version BIGINT NOT NULL
);
CREATE UNIQUE INDEX ux_app_user_email ON app_user (email);

-- One row per issued token (its jti): a token is honoured only while its row is not revoked,
-- which makes logout and revocation immediate on every node sharing the database.
CREATE TABLE user_session (
    id VARCHAR(64) PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    mfa BOOLEAN NOT NULL,
    issued_at TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL,
    revoked_at TIMESTAMP WITH TIME ZONE
);
CREATE INDEX ix_user_session_user ON user_session (user_id);

-- Consecutive failed logins per submitted username (known or not, so that the answer does not
-- reveal which accounts exist).
CREATE TABLE login_throttle (
    username VARCHAR(254) PRIMARY KEY,
    failures INTEGER NOT NULL,
    blocked_until TIMESTAMP WITH TIME ZONE
);
