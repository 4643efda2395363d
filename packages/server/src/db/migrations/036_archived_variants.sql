-- Issue 31: a variant that a cart, an order, a restock sign-up or a subscription points at is archived, never
-- deleted, when the owner reshapes the product's options (catalog/manage.ts saveProduct): the order keeps reading
-- the variant it bought. An archived variant is never sold, listed, counted in stock or shown to the owner's
-- variant table; variants nothing points at are still deleted.
ALTER TABLE variants ADD COLUMN archived_at timestamptz;

-- A sku names one variant on sale: an archived variant keeps its sku (as bought), and a new variant may take it.
ALTER TABLE variants DROP CONSTRAINT variants_website_id_sku_key;
CREATE UNIQUE INDEX variants_live_sku ON variants (website_id, sku) WHERE archived_at IS NULL;

-- Search matches the option values on sale only (an archived Blue no longer finds the vase).
CREATE OR REPLACE FUNCTION product_option_values_text(product text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT COALESCE(string_agg(DISTINCT option_value.value, ' ' ORDER BY option_value.value), '')
  FROM variants v, jsonb_to_recordset(v.option_values) AS option_value(value text)
  WHERE v.product_id = product AND v.archived_at IS NULL
$$;

DROP TRIGGER variants_option_values_changed ON variants;
CREATE TRIGGER variants_option_values_changed
  AFTER INSERT OR DELETE OR UPDATE OF option_values, product_id, archived_at ON variants
  FOR EACH ROW EXECUTE FUNCTION variants_refresh_product_option_values();
