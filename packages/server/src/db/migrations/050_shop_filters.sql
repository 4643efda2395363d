-- Issue 38 item 1: the shop's filters and sorts (catalog/facets.ts, orders/best-selling.ts).
-- The facet statement reads a website's listed products of one collection, then their live variants by product:
-- products by (website, collection) among those not archived, and variants by (website, product) among those on sale.
CREATE INDEX products_listed_by_collection_idx ON products (website_id, collection_id, display_index) WHERE archived_at IS NULL;
CREATE INDEX variants_live_by_product_idx ON variants (website_id, product_id, display_index) WHERE archived_at IS NULL;
-- "Best selling" sums a website's order lines by product, with their quantity in the index (an index-only scan).
CREATE INDEX order_items_units_by_product_idx ON order_items (website_id, product_id) INCLUDE (order_id, quantity);
