-- Catalog management (issue 12): archiving, categories on products, stores' navigation titles and
-- their categories (platform spec §3 "Site-owner helper entities", §4 store creation).

-- An archived product leaves the storefront (store and product pages, search, related products, add
-- to cart) but keeps its row: orders and carts still name it, and restoring brings it back as it was.
ALTER TABLE products ADD COLUMN archived_at timestamptz;

-- The merchant's categories, each at most 25 characters (platform spec §5), like tags a JSON array.
ALTER TABLE products ADD COLUMN categories jsonb NOT NULL DEFAULT '[]'::jsonb;

-- The title a store shows in the navigation (store creation's navigationTitle).
ALTER TABLE collections ADD COLUMN navigation_title text NOT NULL DEFAULT '';

-- A store's categories: store creation makes its ROOT category (LIST_VIEW, displayIndex 1).
CREATE TABLE categories (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  collection_id text NOT NULL REFERENCES collections(id),
  parent_category_id text REFERENCES categories(id),
  display_name text NOT NULL,
  type text NOT NULL CHECK (type IN ('ROOT', 'CATEGORY')),
  page_rendering text NOT NULL DEFAULT 'LIST_VIEW',
  display_index integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One root per store: two racing creations cannot both make one.
CREATE UNIQUE INDEX categories_one_root_idx ON categories (collection_id) WHERE type = 'ROOT';

-- The inventory panel sorts by name with the id as tie-break.
CREATE INDEX products_inventory_name_idx ON products (website_id, lower(title), id);
