-- Product search, indexed (issue 11): the variants' option values join the product's stored search
-- document, so the whole search is one GIN-indexed match instead of a document built per product at
-- query time (migration 005 joined them in catalog/search.ts).
--
-- products.option_values_text holds the distinct option values of the product's variants ('Navy
-- Large …'), kept by a trigger on variants that fires only when a variant is added, removed, moved or
-- its option values change: stock changes (checkout) never touch the product row.
ALTER TABLE products ADD COLUMN option_values_text text NOT NULL DEFAULT '';

ALTER TABLE products DROP COLUMN search_document;

ALTER TABLE products ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, title), 'A') ||
  setweight(jsonb_to_tsvector('english'::regconfig, tags, '["string"]'::jsonb), 'B') ||
  setweight(to_tsvector('english'::regconfig, option_values_text), 'B') ||
  setweight(to_tsvector('english'::regconfig, excerpt), 'C') ||
  setweight(to_tsvector('english'::regconfig, body), 'D')
) STORED;

CREATE FUNCTION product_option_values_text(product text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT COALESCE(string_agg(DISTINCT option_value.value, ' ' ORDER BY option_value.value), '')
  FROM variants v, jsonb_to_recordset(v.option_values) AS option_value(value text)
  WHERE v.product_id = product
$$;

CREATE FUNCTION variants_refresh_product_option_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE products SET option_values_text = product_option_values_text(OLD.product_id) WHERE id = OLD.product_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE products SET option_values_text = product_option_values_text(NEW.product_id) WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER variants_option_values_changed
  AFTER INSERT OR DELETE OR UPDATE OF option_values, product_id ON variants
  FOR EACH ROW EXECUTE FUNCTION variants_refresh_product_option_values();

UPDATE products SET option_values_text = product_option_values_text(id);

CREATE INDEX products_search_document_idx ON products USING GIN (search_document);
