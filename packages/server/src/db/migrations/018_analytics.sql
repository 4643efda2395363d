-- Shopper analytics (issue 15; server/src/analytics/). Raw rows are appended in batches (one INSERT per table
-- per batch) and deleted after ANALYTICS_RETENTION_DAYS; daily rollups per website (UTC days) are recomputed
-- and replaced by jobs. No client address is stored anywhere here.

-- Census hits: page views (RecordHit) and the other census calls.
CREATE TABLE analytics_hits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  -- page-view, button-click, button-render, form-render, overlay, quick-view
  kind text NOT NULL,
  received_at timestamptz NOT NULL,
  -- From the ss_cvr cookie (@vitrine/tracking): a visit is (visitor_id, visit_number).
  visitor_id text,
  visit_number integer,
  page_path text NOT NULL DEFAULT '',
  -- The referrer's host when it is another site's (NULL: none, or this site).
  referrer_host text,
  user_agent text NOT NULL DEFAULT '',
  is_bot boolean NOT NULL DEFAULT false,
  item_id text,
  data jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX analytics_hits_day_idx ON analytics_hits (website_id, received_at);

-- Events of the newer tracker (clanker) and of the legacy tracker.
CREATE TABLE analytics_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  -- The content's event_id (legacy events: one made by the server): a retried event is stored once.
  event_id text NOT NULL,
  -- clanker or legacy
  tracker text NOT NULL,
  schema_name text NOT NULL,
  received_at timestamptz NOT NULL,
  occurred_at timestamptz,
  visitor_id text,
  visit_number integer,
  analytics_id text,
  session_id text,
  page_path text NOT NULL DEFAULT '',
  product_id text,
  user_agent text NOT NULL DEFAULT '',
  is_bot boolean NOT NULL DEFAULT false,
  content jsonb NOT NULL
);
CREATE UNIQUE INDEX analytics_events_event_id_idx ON analytics_events (website_id, event_id);
CREATE INDEX analytics_events_day_idx ON analytics_events (website_id, received_at);

-- What was sent and refused, with the reason: nothing is dropped silently.
CREATE TABLE analytics_failed_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  received_at timestamptz NOT NULL,
  -- clanker, legacy, census, performance, js-error
  source text NOT NULL,
  schema_name text,
  reason text NOT NULL,
  errors jsonb,
  -- What was sent, as text (JSON or the form field), at most 64 KB.
  body text NOT NULL,
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX analytics_failed_events_day_idx ON analytics_failed_events (website_id, received_at);

-- JavaScript errors grouped per UTC day by message and first stack frame.
CREATE TABLE analytics_js_errors (
  website_id text NOT NULL REFERENCES websites(id),
  day text NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  fingerprint text NOT NULL,
  message text NOT NULL,
  first_frame text NOT NULL,
  sample_stack text NOT NULL DEFAULT '',
  page_path text NOT NULL DEFAULT '',
  count integer NOT NULL DEFAULT 0,
  bot_count integer NOT NULL DEFAULT 0,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (website_id, day, fingerprint)
);

-- Performance collector records (web vitals and other timings).
CREATE TABLE analytics_performance (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  received_at timestamptz NOT NULL,
  page_load_id text NOT NULL,
  app text NOT NULL,
  event text NOT NULL,
  -- FCP, LCP, INP, CLS or TTFB for a web vital; NULL for other records.
  metric text,
  value double precision,
  page_path text NOT NULL DEFAULT '',
  is_bot boolean NOT NULL DEFAULT false,
  client_ts bigint,
  data jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX analytics_performance_day_idx ON analytics_performance (website_id, received_at);

-- Daily rollups (kept after the raw rows are gone).
CREATE TABLE analytics_daily_totals (
  website_id text NOT NULL REFERENCES websites(id),
  day text NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  visits integer NOT NULL,
  unique_visitors integer NOT NULL,
  page_views integer NOT NULL,
  product_views integer NOT NULL,
  add_to_cart integer NOT NULL,
  product_view_visits integer NOT NULL,
  add_to_cart_visits integer NOT NULL,
  checkout_visits integer NOT NULL,
  orders integer NOT NULL,
  revenue_cents bigint NOT NULL,
  currency text NOT NULL,
  events integer NOT NULL,
  failed_events integer NOT NULL,
  bot_hits integer NOT NULL,
  js_errors integer NOT NULL,
  computed_at timestamptz NOT NULL,
  PRIMARY KEY (website_id, day)
);

-- Counts by dimension: page, referrer, device, browser, os, product-view, product-add, js-error (top keys per day).
CREATE TABLE analytics_daily_counts (
  website_id text NOT NULL REFERENCES websites(id),
  day text NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  dimension text NOT NULL,
  key text NOT NULL,
  label text NOT NULL DEFAULT '',
  detail text NOT NULL DEFAULT '',
  count integer NOT NULL,
  PRIMARY KEY (website_id, day, dimension, key)
);

-- Web vitals per day, metric and page ('' = every page): the exact p75 and a mergeable histogram for ranges.
CREATE TABLE analytics_daily_vitals (
  website_id text NOT NULL REFERENCES websites(id),
  day text NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  metric text NOT NULL,
  page_path text NOT NULL,
  samples integer NOT NULL,
  p75 double precision NOT NULL,
  histogram jsonb NOT NULL,
  PRIMARY KEY (website_id, day, metric, page_path)
);

-- One rollup job per website and day, claimed with FOR UPDATE SKIP LOCKED by any process.
CREATE TABLE analytics_rollup_jobs (
  website_id text NOT NULL REFERENCES websites(id),
  day text NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  -- When it should run next; NULL once the day is final.
  due_at timestamptz,
  -- A claim lasts until then; a process that died leaves the job to be claimed again after it.
  locked_until timestamptz,
  claim_token text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  computed_at timestamptz,
  PRIMARY KEY (website_id, day)
);
CREATE INDEX analytics_rollup_jobs_due_idx ON analytics_rollup_jobs (due_at) WHERE due_at IS NOT NULL;
