-- Issue 37 item 3: the headless read API (headless/). A publishable key names the website a browser (or any other
-- frontend) reads the catalog and content of; it grants nothing the storefront does not already show, so it is kept
-- as it is (like Stripe's pk_… keys and Shopify's Storefront API public tokens) and shown again in Settings. Revoking
-- deletes the row: the next read with it is a 401.
CREATE TABLE headless_keys (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  name text NOT NULL,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX headless_keys_by_website ON headless_keys (website_id, created_at);

-- The origins a browser may read the headless API from, per website (a CORS preflight carries no key, so the allowed
-- origins belong to the website, not to a key): exact origins (scheme, host, port), never '*'.
CREATE TABLE headless_settings (
  website_id text PRIMARY KEY REFERENCES websites(id) ON DELETE CASCADE,
  allowed_origins jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
