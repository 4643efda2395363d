-- Issue 32 item 7: the platform operator, and requests a day per website.

-- A platform account that is an operator of the whole install (the page at {PLATFORM_DOMAIN}/operator). Separate
-- from site roles: it gives no role on any website, and no role on a website gives it. Granted and revoked only
-- from the shell (`npm run platform -- operators add EMAIL | remove EMAIL`); null: not an operator.
ALTER TABLE platform_accounts ADD COLUMN operator_since timestamptz;

-- The requests each website answered per UTC day. Each process counts in memory and adds its counts here every few
-- seconds (INSERT … ON CONFLICT DO UPDATE SET requests = requests + excluded.requests), so several processes add up;
-- a crash loses at most the counts since the last flush. The purge removes a website's rows with it (website_id).
CREATE TABLE website_request_days (
  website_id text NOT NULL REFERENCES websites(id),
  day date NOT NULL,
  requests bigint NOT NULL DEFAULT 0 CHECK (requests >= 0),
  PRIMARY KEY (website_id, day)
);
