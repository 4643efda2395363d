-- Issue 33 item 2: site styles, a website's design tokens (the values of its theme's settings schema, theme.json).
-- One row per website is its draft (published_at NULL, edited in place); every publish adds a row that is never
-- changed again, so an owner can restore any past version. style_values holds only overrides of the theme's
-- defaults; stylesheet is that version compiled (@vitrine/design's compileStylesheet), stylesheet_hash the start of
-- its SHA-256, the file name of /assets/site-styles/{hash}.css.
CREATE TABLE site_style_versions (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  style_values jsonb NOT NULL DEFAULT '{}'::jsonb,
  stylesheet text NOT NULL,
  stylesheet_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  published_at timestamptz
);
CREATE UNIQUE INDEX site_style_versions_draft ON site_style_versions (website_id) WHERE published_at IS NULL;
CREATE INDEX site_style_versions_published ON site_style_versions (website_id, published_at DESC, id DESC) WHERE published_at IS NOT NULL;
CREATE INDEX site_style_versions_hash ON site_style_versions (website_id, stylesheet_hash);
-- What every page needs of the live version without reading it: { "versionId", "stylesheetUrl", "preload": [urls],
-- "options": { settingId: value } } (the layout options), written at publish; NULL = the theme's defaults. On the
-- website row, so other processes see a publish within WEBSITE_FRESH_MS, as they see identity changes.
ALTER TABLE websites ADD COLUMN site_styles jsonb;
