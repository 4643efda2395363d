-- Product search (storefront /search): PostgreSQL full-text search, the same SQL on PGlite.
--
-- Products get tags (a JSON array of strings, like images in 003) and a search document kept by the
-- database itself: a generated tsvector of the title (weight A), the tags (B), the excerpt (C) and the
-- body (D). The text-search parser skips HTML tags and entities, so the excerpt and body need no
-- stripping here. The variants' option values ('Navy', 'Large') live in another table and join the
-- document when a search runs (catalog/search.ts), with weight B, so a query may mix words from the
-- title, the description, the tags and the options in any order.
--
-- One configuration, 'english' (stemming: 'blankets' finds 'Blanket'), named in every call so the
-- column's expression is immutable and does not depend on default_text_search_config.
ALTER TABLE products ADD COLUMN tags jsonb NOT NULL DEFAULT '[]'::jsonb;

ALTER TABLE products ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, title), 'A') ||
  setweight(jsonb_to_tsvector('english'::regconfig, tags, '["string"]'::jsonb), 'B') ||
  setweight(to_tsvector('english'::regconfig, excerpt), 'C') ||
  setweight(to_tsvector('english'::regconfig, body), 'D')
) STORED;
