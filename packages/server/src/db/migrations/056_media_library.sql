-- Issue 34 item 5: the media library. A picture gets a name of its own, which the owner may change: the served
-- file name (`filename`, part of its address, copied into products' pictures and cached by browsers for a year)
-- never changes, so a rename breaks no link. Existing pictures are named after their file, without the extension.
ALTER TABLE images ADD COLUMN name text NOT NULL DEFAULT '';
UPDATE images SET name = regexp_replace(filename, '\.[A-Za-z0-9]+$', '');

-- Issue 34 item 4: the footer the owner edits — { columns: [{ title, links: [{ label, url }] }], social: [{ network, url }],
-- legalText } — beside the footer HTML. NULL until the owner saves one: the footer is then made from the site's stores
-- and pages, so it links only to pages that exist.
ALTER TABLE site_header_footer ADD COLUMN footer_layout jsonb;
