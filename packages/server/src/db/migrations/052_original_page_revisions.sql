-- Issue 34 item 6: "Restore the original" works for every page. A page as the template or the seed made it is kept
-- as an 'original' revision (content/revisions.ts keepOriginalPageRevision, before an owner's first publish); this
-- backfills the pages live today that have no revision yet, with their current content, dated at their creation.
-- (A page an owner already published before this migration keeps its first publish as its oldest revision.)
INSERT INTO content_revisions (id, website_id, target_kind, target_id, version, reason, snapshot, created_by, created_at)
SELECT
  'original-' || page.id, page.website_id, 'page', page.id, page.version, 'original',
  jsonb_build_object(
    'title', page.title, 'navigationTitle', page.navigation_title, 'description', page.description,
    'seoTitle', page.seo_title, 'seoDescription', page.seo_description, 'status', page.status, 'publishAt', NULL, 'body', page.body
  ),
  NULL, page.created_at
FROM site_pages AS page
WHERE page.deleted_at IS NULL
  AND page.status = 'published'
  AND NOT EXISTS (
    SELECT 1 FROM content_revisions AS kept
    WHERE kept.website_id = page.website_id AND kept.target_kind = 'page' AND kept.target_id = page.id
  );
