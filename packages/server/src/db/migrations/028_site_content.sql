-- Issue 18: the website's content. Pages (page 2, splash 3), collections (blog, events, gallery) and folders
-- are one tree of site_pages; posts, events and gallery items are site_items of a collection; every publish,
-- restore and unpublish keeps a content_revisions row. Bodies are versioned JSON ({ schemaVersion, sections:
-- [{ id, blocks: [{ id, type, settings }] }] }, @vitrine/blocks). Where a page sits in the site's navigation
-- (order, folders, hidden) stays the site settings' navigation (site_navigations), which links a page by id.

CREATE TABLE site_pages (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  -- page, splash, blog, events, gallery, folder
  kind text NOT NULL,
  url_id text NOT NULL,
  title text NOT NULL,
  navigation_title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  -- folders only: index 1, redirect 2, none 3 (platform §3)
  folder_behaviour smallint NOT NULL DEFAULT 1,
  -- published, draft, scheduled, needs-review, private
  status text NOT NULL DEFAULT 'draft',
  -- when a scheduled page goes live; a scheduled page whose time has passed is live
  publish_at timestamptz,
  seo_title text NOT NULL DEFAULT '',
  seo_description text NOT NULL DEFAULT '',
  -- what visitors see
  body jsonb NOT NULL DEFAULT '{"schemaVersion":1,"sections":[{"id":"section-1","blocks":[]}]}',
  -- the editor's unpublished changes (autosaved); null when there are none
  draft_body jsonb,
  -- bumped by every change: an edit names the version it was made on (409 when another edit came first)
  version integer NOT NULL DEFAULT 1,
  is_home boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT site_pages_kind CHECK (kind IN ('page', 'splash', 'blog', 'events', 'gallery', 'folder')),
  CONSTRAINT site_pages_status CHECK (status IN ('published', 'draft', 'scheduled', 'needs-review', 'private')),
  CONSTRAINT site_pages_scheduled_has_time CHECK (status <> 'scheduled' OR publish_at IS NOT NULL),
  CONSTRAINT site_pages_folder_behaviour CHECK (folder_behaviour IN (1, 2, 3))
);
CREATE UNIQUE INDEX site_pages_url ON site_pages (website_id, url_id) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX site_pages_home ON site_pages (website_id) WHERE is_home AND deleted_at IS NULL;

CREATE TABLE site_items (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  collection_id text NOT NULL REFERENCES site_pages(id),
  -- record types (platform §3): text 1 (a post), event 12, gallery 14
  record_type smallint NOT NULL,
  url_id text NOT NULL,
  title text NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  publish_at timestamptz,
  -- when it first went live: the date a post shows and the order of the blog
  published_at timestamptz,
  excerpt text NOT NULL DEFAULT '',
  body jsonb NOT NULL DEFAULT '{"schemaVersion":1,"sections":[{"id":"section-1","blocks":[]}]}',
  draft_body jsonb,
  version integer NOT NULL DEFAULT 1,
  author_name text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  categories text[] NOT NULL DEFAULT '{}',
  -- 0 off, 1 on (storefront §4: comments show when 1 or when the public count is above 0)
  comment_state smallint NOT NULL DEFAULT 0,
  starred boolean NOT NULL DEFAULT false,
  -- events
  start_at timestamptz,
  end_at timestamptz,
  -- { addressLine1, addressLine2, addressCountry, mapLat, mapLng }
  location jsonb,
  -- the main image: { imageId, altText, focalPoint: { x, y } }
  image jsonb,
  seo_title text NOT NULL DEFAULT '',
  seo_description text NOT NULL DEFAULT '',
  -- the owner's order in a user-orderable collection (gallery)
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT site_items_status CHECK (status IN ('published', 'draft', 'scheduled', 'needs-review', 'private')),
  CONSTRAINT site_items_scheduled_has_time CHECK (status <> 'scheduled' OR publish_at IS NOT NULL),
  CONSTRAINT site_items_record_type CHECK (record_type IN (1, 12, 14)),
  CONSTRAINT site_items_event_times CHECK (end_at IS NULL OR start_at IS NULL OR end_at >= start_at)
);
CREATE UNIQUE INDEX site_items_url ON site_items (collection_id, url_id) WHERE deleted_at IS NULL;
CREATE INDEX site_items_listing ON site_items (collection_id, published_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX site_items_events ON site_items (collection_id, start_at) WHERE deleted_at IS NULL AND record_type = 12;

CREATE TABLE content_revisions (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  -- 'page' (site_pages) or 'item' (site_items)
  target_kind text NOT NULL,
  target_id text NOT NULL,
  -- the target's version this snapshot was taken at
  version integer NOT NULL,
  -- published, unpublished, restored, scheduled
  reason text NOT NULL,
  -- everything the editor edits: title, body, seo, item fields…
  snapshot jsonb NOT NULL,
  -- the site user who made it; null for the system (seed, jobs)
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT content_revisions_kind CHECK (target_kind IN ('page', 'item'))
);
CREATE INDEX content_revisions_target ON content_revisions (target_id, created_at DESC);

-- Issue 14's content pages become published pages with one section of blocks in the new shape.
INSERT INTO site_pages (id, website_id, kind, url_id, title, description, status, body, created_at, updated_at)
SELECT
  page.id, page.website_id, 'page', page.url_id, page.title, page.description, 'published',
  jsonb_build_object('schemaVersion', 1, 'sections', jsonb_build_array(jsonb_build_object(
    'id', 'section-1',
    'blocks', COALESCE((
      SELECT jsonb_agg(
        CASE old.block->>'type'
          WHEN 'text' THEN jsonb_build_object('id', old.block->>'id', 'type', 2, 'settings', jsonb_build_object('html', old.block->'html'))
          WHEN 'form' THEN jsonb_build_object('id', old.block->>'id', 'type', 9, 'settings', jsonb_build_object('formId', old.block->'formId'))
          ELSE jsonb_build_object('id', old.block->>'id', 'type', 51, 'settings', jsonb_build_object('formId', old.block->'formId'))
        END ORDER BY old.position)
      FROM jsonb_array_elements(page.blocks) WITH ORDINALITY AS old(block, position)
    ), '[]'::jsonb)
  ))),
  page.created_at, page.updated_at
FROM content_pages AS page;

DROP TABLE content_pages;
