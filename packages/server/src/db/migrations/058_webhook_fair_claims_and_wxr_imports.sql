-- Session 19 (issue 37's leftovers and item 5).

-- Webhook deliveries claimed fairly across websites (webhooks/delivery-job.ts), as mail's outbox is (migration 039):
-- each round serves the websites with due deliveries that were served longest ago (never served first), a share of
-- the batch each. One row per website that has had a delivery claimed: when it was last served.
CREATE TABLE webhook_website_turns (
  website_id text PRIMARY KEY REFERENCES websites(id) ON DELETE CASCADE,
  last_claimed_at timestamptz NOT NULL
);

-- The claim's reads: the websites with due deliveries (a skip scan over website_id, one probe per website however
-- many it has queued) and, per website, its most overdue deliveries.
CREATE INDEX webhook_deliveries_fair_due_idx ON webhook_deliveries (website_id, next_attempt_at, id)
  WHERE status IN ('pending', 'sending');

-- Issue 37 item 5: imports from WordPress and Squarespace (WXR files; site-imports/). The file is read and checked
-- by the call that sends it; what it holds (`plan`: the pages, posts, comments, pictures and old addresses, already
-- bounded) waits here for the import job of any listening process, which claims the row FOR UPDATE SKIP LOCKED with
-- a lease, writes its progress, and keeps the report (created, skipped as duplicates, pictures that failed).
CREATE TABLE site_imports (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  source text NOT NULL DEFAULT 'wxr' CHECK (source IN ('wxr')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  site_title text NOT NULL DEFAULT '',
  plan jsonb NOT NULL,
  steps_done integer NOT NULL DEFAULT 0,
  steps_total integer NOT NULL DEFAULT 0,
  report jsonb,
  failure text,
  attempts integer NOT NULL DEFAULT 0,
  claimed_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX site_imports_by_website ON site_imports (website_id, created_at DESC);
CREATE INDEX site_imports_waiting ON site_imports (created_at) WHERE status IN ('queued', 'running');
