-- Issue 37 item 1: outgoing webhooks. An owner's endpoints (Settings → Webhooks), the events the website's domains
-- record in the transaction that causes them (webhooks/index.ts recordWebhookEvent), one delivery per subscribed
-- endpoint (the queue, claimed with FOR UPDATE SKIP LOCKED by webhooks/delivery-job.ts) and each attempt's record
-- (the delivery log). The signing secrets are sealed with the server secret 'webhooks' (AES-256-GCM): the platform
-- must sign with them, so a hash would not do; the database alone does not give them away.
CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  events jsonb NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  -- Set when the platform switched the endpoint off after persistent failure; cleared when the owner switches it on.
  disabled_reason text,
  secret_sealed text NOT NULL,
  secret_prefix text NOT NULL,
  -- After a rotation the previous secret signs beside the new one until previous_secret_expires_at.
  previous_secret_sealed text,
  previous_secret_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_by_website ON webhook_endpoints (website_id, created_at DESC);

-- One row per event: its id is the webhook-id header (msg_…), the same on every attempt and every endpoint.
CREATE TABLE webhook_events (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  type text NOT NULL,
  -- The exact JSON body POSTed ({ type, timestamp, data }), written once so every attempt sends the same bytes.
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_events_by_website ON webhook_events (website_id, created_at);

CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  endpoint_id text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id text NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
  -- pending (waiting for its time) → sending (claimed until locked_until) → delivered | failed (gave up after the retry window).
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at DESC);

CREATE TABLE webhook_delivery_attempts (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  delivery_id text NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  response_status integer,
  response_body text NOT NULL DEFAULT '',
  duration_ms integer NOT NULL,
  error text
);
CREATE INDEX webhook_delivery_attempts_by_delivery ON webhook_delivery_attempts (delivery_id, attempt);
