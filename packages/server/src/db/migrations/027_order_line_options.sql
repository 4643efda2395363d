-- Issue 17: an order line keeps the option values the shopper chose (Size: M, Colour: Navy), as it keeps its SKU and
-- price: the catalog's variant may change or go later. Lines of earlier orders take their variant's values now.
ALTER TABLE order_items ADD COLUMN option_values jsonb NOT NULL DEFAULT '[]'::jsonb;
UPDATE order_items SET option_values = v.option_values FROM variants v WHERE v.id = order_items.variant_id;

-- The signed-in site user who placed an order, if any: an account lists what it bought by this, never by email
-- (an account's email is not proven: anyone may sign up with someone else's address).
ALTER TABLE orders ADD COLUMN site_user_id text REFERENCES site_users(id) ON DELETE SET NULL;
