-- Site settings at the platform's paths (issue 12; platform spec §3, §5, §7). Commerce preferences live
-- in websites.settings and websites.currency (the storefront reads them there); these tables hold the rest.

-- The site's navigations, one row each; field_name 'mainNav' is the main navigation. A website with no
-- row at all has never saved one: its main navigation is then built from the catalog (Home, each store,
-- Cart), and the first save stores it. items: nested navigation items (site-settings/navigation-rules.ts).
CREATE TABLE site_navigations (
  website_id text NOT NULL REFERENCES websites(id),
  field_name text NOT NULL CHECK (field_name ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'),
  template_id text NOT NULL DEFAULT '',
  items jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(items) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, field_name)
);

-- The owner's header and footer HTML, stored sanitised (site-settings/html-sanitiser.ts).
CREATE TABLE site_header_footer (
  website_id text PRIMARY KEY REFERENCES websites(id),
  header_html text NOT NULL DEFAULT '',
  footer_html text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Multilingual: the site's extra languages, and whether the owner disconnected the translation service.
CREATE TABLE site_languages (
  website_id text PRIMARY KEY REFERENCES websites(id),
  languages jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(languages) = 'array'),
  translation_disconnected boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A signed-in site user's language (POST /api/site-users/account/locale), kept apart from site_users.
CREATE TABLE site_user_locales (
  website_id text NOT NULL REFERENCES websites(id),
  site_user_id text NOT NULL REFERENCES site_users(id) ON DELETE CASCADE,
  language text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, site_user_id)
);
