-- Issue 37 item 2: URL redirects and the not-found report (redirects/).

-- A website's redirect rules. source_key is the path a request is matched on: lower case, percent-decoded, no
-- trailing slash, no query; a wildcard rule's ends in "/*" (the rest of the path is carried to a "*" in the target).
-- source is the path as the owner wrote it (shown and exported). origin says who made the rule: the owner (by hand
-- or CSV), 'automatic' (a page's, post's or product's address changed) or 'import' (a Shopify product CSV).
CREATE TABLE url_redirects (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  source text NOT NULL,
  source_key text NOT NULL,
  target text NOT NULL,
  status smallint NOT NULL CHECK (status IN (301, 302)),
  keep_query boolean NOT NULL DEFAULT true,
  origin text NOT NULL CHECK (origin IN ('owner', 'automatic', 'import')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (website_id, source_key)
);
-- Chains are collapsed on write: the rules whose target is a given path.
CREATE INDEX url_redirects_by_target ON url_redirects (website_id, target);

-- Addresses visitors asked for that answered 404, per website: each process counts in memory and adds its counts
-- here every few seconds (hits = hits + excluded.hits), at most a capped number of distinct paths per website.
CREATE TABLE not_found_paths (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  path text NOT NULL,
  hits bigint NOT NULL DEFAULT 0 CHECK (hits >= 0),
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (website_id, path)
);
CREATE INDEX not_found_paths_by_hits ON not_found_paths (website_id, hits DESC, id);
