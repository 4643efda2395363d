-- Issue 37 item 4: whole-site archives (site-archives/). One row per export the owner asked for: queued in the
-- request's transaction, claimed by a background job (FOR UPDATE SKIP LOCKED, with a lease so a process that dies
-- mid-export gives it back), its progress counted in steps (a table's batch of rows or a file), and the archive
-- stored through the storage port under storage_key once whole.
CREATE TABLE site_archives (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed')),
  include_personal_data boolean NOT NULL DEFAULT false,
  steps_done integer NOT NULL DEFAULT 0 CHECK (steps_done >= 0),
  steps_total integer NOT NULL DEFAULT 0 CHECK (steps_total >= 0),
  storage_key text,
  byte_size bigint,
  failure text,
  attempts integer NOT NULL DEFAULT 0,
  claimed_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- The job's claim: the oldest waiting export.
CREATE INDEX site_archives_waiting ON site_archives (created_at) WHERE status IN ('queued', 'running');
-- Settings → Export and import: a website's exports, newest first.
CREATE INDEX site_archives_by_website ON site_archives (website_id, created_at DESC);
