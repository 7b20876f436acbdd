-- Webhooks: subscriptions, the outbox of events and one delivery per event and subscription.
--
-- The outbox: an event row and its deliveries are inserted in the transaction that makes the
-- change they report, so a rolled-back change sends nothing and a committed one is never lost.
-- A node sends a delivery only after naming itself in lease_owner with lease_until in the future,
-- in a version-checked update (row_version); a delivery whose lease ran out belonged to a node
-- that stopped and is sent again by any node (at least once).
CREATE TABLE webhook_subscription (
    id UUID PRIMARY KEY,
    url VARCHAR(2000) NOT NULL,
    -- Event names joined by ',' or '*' for all.
    events VARCHAR(1000) NOT NULL,
    description VARCHAR(500),
    active BOOLEAN NOT NULL,
    -- The signing secret, encrypted with AES-GCM under a key derived from the server key.
    secret_encrypted VARCHAR(200) NOT NULL,
    created_by VARCHAR(254) NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    -- Why the server turned it off (a receiver answered 410), if it did.
    deactivated_reason VARCHAR(500),
    row_version BIGINT NOT NULL
);

CREATE TABLE webhook_event (
    id UUID PRIMARY KEY,
    event_type VARCHAR(50) NOT NULL,
    subject UUID NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    -- The CloudEvents JSON sent, byte for byte the same on every attempt.
    body TEXT NOT NULL
);

CREATE TABLE webhook_delivery (
    id UUID PRIMARY KEY,
    subscription_id UUID NOT NULL REFERENCES webhook_subscription (id) ON DELETE CASCADE,
    event_id UUID NOT NULL REFERENCES webhook_event (id) ON DELETE CASCADE,
    event_type VARCHAR(50) NOT NULL,
    status VARCHAR(20) NOT NULL,
    attempts INTEGER NOT NULL,
    last_status_code INTEGER,
    last_error VARCHAR(1000),
    -- At most 1 KiB of the receiver's last answer (1,024 bytes are at most 1,024 characters).
    last_response VARCHAR(1024),
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    next_attempt_at TIMESTAMP WITH TIME ZONE,
    give_up_at TIMESTAMP WITH TIME ZONE NOT NULL,
    delivered_at TIMESTAMP WITH TIME ZONE,
    lease_owner VARCHAR(200),
    lease_until TIMESTAMP WITH TIME ZONE,
    row_version BIGINT NOT NULL
);
-- The senders' question, in its order: pending, due, oldest first.
CREATE INDEX ix_delivery_due ON webhook_delivery (status, next_attempt_at, id);
CREATE INDEX ix_delivery_subscription ON webhook_delivery (subscription_id, created_at);
CREATE INDEX ix_delivery_event ON webhook_delivery (event_id);
