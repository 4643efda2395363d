-- Issue 33 item 7: themes an admin uploads (Design → Themes), each available to its own website only, and the one
-- the website renders with. The archive itself lives in the theme store (themes/store.ts) under storage_key; sha256
-- is its content hash, which the theme registry keys compiled themes by (the same archive compiles once).
CREATE TABLE website_themes (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  name text NOT NULL,
  version text NOT NULL,
  byte_size integer NOT NULL,
  sha256 text NOT NULL,
  storage_key text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  uploaded_by text
);
CREATE INDEX website_themes_by_website ON website_themes (website_id, uploaded_at DESC);

-- The theme a website renders with: no row (or a null theme) is the platform's default theme.
CREATE TABLE website_theme_choices (
  website_id text PRIMARY KEY REFERENCES websites(id) ON DELETE CASCADE,
  theme_id text REFERENCES website_themes(id) ON DELETE SET NULL,
  chosen_at timestamptz NOT NULL DEFAULT now()
);
