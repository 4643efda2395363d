-- Issue 36 item 5: files removed once, across processes. A deletion writes the objects it leaves behind here, in its
-- own transaction (a product's pictures, a digital product's file, a lesson's video); the object-removal sweep of
-- every listening process (storage/removal-sweep.ts) claims rows FOR UPDATE SKIP LOCKED, removes the object unless
-- something still uses it, and deletes the row in the same transaction, so each object is removed once. A failed
-- removal stays queued and is tried again after `not_before`.
CREATE TABLE object_removals (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  -- 'picture': ref is an image id (its original and every copy); 'download', 'lesson-video': ref is the storage key.
  kind text NOT NULL CHECK (kind IN ('picture', 'download', 'lesson-video')),
  ref text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  not_before timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX object_removals_due_idx ON object_removals (not_before, id);

-- Issue 36 item 5: an archived product can be deleted for good (catalog/delete-product.ts). Orders keep their lines: an
-- order line holds its own snapshot (product_name, sku, unit_price_cents, line_kind, option_values), so it lets go of
-- the product and its variant (both NULL, set by the orders domain's releaseOrderLinesOfProduct) instead of keeping
-- them alive. The foreign keys to variants stay as they were: retiring a variant still learns from them whether
-- anything points at it (catalog/manage.ts retireVariant). Reviews point at the product only, and go with it.
ALTER TABLE order_items ALTER COLUMN product_id DROP NOT NULL, ALTER COLUMN variant_id DROP NOT NULL;
ALTER TABLE product_reviews DROP CONSTRAINT product_reviews_product_id_fkey, ADD CONSTRAINT product_reviews_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE CASCADE;
ALTER TABLE product_review_summaries DROP CONSTRAINT product_review_summaries_product_id_fkey, ADD CONSTRAINT product_review_summaries_product_id_fkey FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE CASCADE;
