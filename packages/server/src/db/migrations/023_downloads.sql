-- Issue 17 item 6: digital delivery. A digital product's file (one per product), and what a paid order grants
-- of it: a download link that expires and can be used a limited number of times (downloads/).

-- The file's bytes live in the download store (DATA_DIR/downloads by default) under storage_key; this row
-- is its description. A new upload writes a new key and replaces the row, so a grant never sees half a file.
CREATE TABLE product_files (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  product_id text NOT NULL UNIQUE REFERENCES products(id) ON DELETE CASCADE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  byte_size bigint NOT NULL CHECK (byte_size > 0),
  sha256 text NOT NULL,
  storage_key text NOT NULL,
  -- Downloads each bought unit allows, and how many days a link lives after payment.
  download_limit integer NOT NULL DEFAULT 5 CHECK (download_limit BETWEEN 1 AND 100),
  link_days integer NOT NULL DEFAULT 7 CHECK (link_days BETWEEN 1 AND 365),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_files_website_idx ON product_files (website_id);

-- One grant per digital order line: the link's expiry and its downloads, counted race-safe by one UPDATE
-- (downloads_used < download_limit AND expires_at > now()). The file is kept by id, not by key: a grant
-- serves the product's current file, and stops when the owner removes it.
CREATE TABLE download_grants (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  order_id text NOT NULL REFERENCES orders(id),
  order_item_id text NOT NULL UNIQUE REFERENCES order_items(id),
  product_file_id text REFERENCES product_files(id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  download_limit integer NOT NULL CHECK (download_limit >= 1),
  downloads_used integer NOT NULL DEFAULT 0 CHECK (downloads_used >= 0 AND downloads_used <= download_limit),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX download_grants_order_idx ON download_grants (order_id);
