-- Issue 19: experiments and feature toggles, the platform feature flags per website, exposures, and
-- self-hosted session replay.

-- The website's status (platform §3: expired 1 … internal 6 … paid 8 …): the test-variant override is
-- honoured on internal websites. Existing websites are paid.
ALTER TABLE websites ADD COLUMN status smallint NOT NULL DEFAULT 8;

CREATE TABLE experiments (
  id text PRIMARY KEY,
  -- null: platform-wide (every website has it unless it defines one of the same name)
  website_id text REFERENCES websites(id),
  name text NOT NULL,
  -- FEATURE_TOGGLE or AB_TEST
  experiment_type text NOT NULL,
  -- [{ name, weight }]
  variants jsonb NOT NULL,
  -- { name, rules: { locales?, devices?, visitor?, signedIn? } } or null
  segment jsonb,
  -- draft, running, stopped
  status text NOT NULL DEFAULT 'draft',
  starts_at timestamptz,
  ends_at timestamptz,
  -- the analytics event that counts as a conversion in the results (add-to-cart, purchase, …)
  conversion_event text NOT NULL DEFAULT 'add-to-cart',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT experiments_type CHECK (experiment_type IN ('FEATURE_TOGGLE', 'AB_TEST')),
  CONSTRAINT experiments_status CHECK (status IN ('draft', 'running', 'stopped'))
);
CREATE UNIQUE INDEX experiments_name ON experiments (COALESCE(website_id, ''), name) WHERE deleted_at IS NULL;

-- A visitor's first exposure to an experiment: once per visitor (analytics id) and experiment.
CREATE TABLE experiment_exposures (
  website_id text NOT NULL REFERENCES websites(id),
  experiment_id text NOT NULL REFERENCES experiments(id),
  analytics_id text NOT NULL,
  variant text NOT NULL,
  exposed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, experiment_id, analytics_id)
);
CREATE INDEX experiment_exposures_variant ON experiment_exposures (website_id, experiment_id, variant);

-- The platform feature flags (1–70) a website has switched from their defaults.
CREATE TABLE website_feature_flags (
  website_id text NOT NULL REFERENCES websites(id),
  code smallint NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, code),
  CONSTRAINT website_feature_flags_code CHECK (code BETWEEN 1 AND 70)
);

-- Session replay: a recorded visit and its event batches (rrweb events, inputs masked in the browser).
CREATE TABLE replay_sessions (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  analytics_id text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  last_event_at timestamptz NOT NULL DEFAULT now(),
  first_path text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  event_count integer NOT NULL DEFAULT 0,
  byte_count bigint NOT NULL DEFAULT 0
);
CREATE INDEX replay_sessions_recent ON replay_sessions (website_id, started_at DESC);

CREATE TABLE replay_batches (
  session_id text NOT NULL REFERENCES replay_sessions(id),
  -- the browser's batch number: a retried batch is stored once
  sequence integer NOT NULL,
  events jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, sequence)
);
