-- Vitrine: initial schema. Money is always integer minor units (bigint where sums can grow).
-- Every domain table carries website_id: one server hosts many sites.

CREATE TABLE websites (
  id text PRIMARY KEY,
  identifier text NOT NULL UNIQUE,
  site_title text NOT NULL,
  currency char(3) NOT NULL DEFAULT 'USD',
  locale text NOT NULL DEFAULT 'en-US',
  time_zone text NOT NULL DEFAULT 'America/New_York',
  -- storeSettings and websiteSettings (multipleQuantityAllowedForServices, installments, comments...)
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  captcha_site_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE collections (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  url_id text NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- platform enumeration: products 13
  type integer NOT NULL DEFAULT 13,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (website_id, url_id)
);

CREATE TABLE products (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  collection_id text NOT NULL REFERENCES collections(id),
  url_id text NOT NULL,
  title text NOT NULL,
  excerpt text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  asset_url text,
  -- physical 1, digital 2, service 3, gift card 4
  product_type integer NOT NULL CHECK (product_type BETWEEN 1 AND 4),
  -- product-level price and sale flag (used by digital products)
  price_cents bigint NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  sale_price_cents bigint NOT NULL DEFAULT 0 CHECK (sale_price_cents >= 0),
  on_sale boolean NOT NULL DEFAULT false,
  is_subscribable boolean NOT NULL DEFAULT false,
  -- { billingPeriod: { value, unit: WEEK|MONTH|YEAR }, numBillingCycles }
  subscription_plan jsonb,
  additional_fields_form_id text,
  additional_fields_form jsonb,
  use_custom_add_button_text boolean NOT NULL DEFAULT false,
  custom_add_button_text text NOT NULL DEFAULT '',
  variant_option_ordering jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- scarcityEnabled, scarcityText, scarcityShownByDefault, customSoldOutText, restock..., mailingList...
  merchandising jsonb NOT NULL DEFAULT '{}'::jsonb,
  display_index integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (website_id, url_id)
);
CREATE INDEX products_collection_idx ON products (collection_id, display_index);

CREATE TABLE variants (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  product_id text NOT NULL REFERENCES products(id),
  sku text NOT NULL,
  -- [{ optionName, value }] in option order
  option_values jsonb NOT NULL DEFAULT '[]'::jsonb,
  price_cents bigint NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  sale_price_cents bigint NOT NULL DEFAULT 0 CHECK (sale_price_cents >= 0),
  on_sale boolean NOT NULL DEFAULT false,
  -- stock can never go below zero, whatever races happen
  qty_in_stock integer NOT NULL DEFAULT 0 CHECK (qty_in_stock >= 0),
  unlimited boolean NOT NULL DEFAULT false,
  image_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  display_index integer NOT NULL DEFAULT 0,
  UNIQUE (website_id, sku)
);
CREATE INDEX variants_product_idx ON variants (product_id, display_index);

CREATE TABLE site_users (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  email text NOT NULL,
  -- scrypt$N$r$p$salt$hash
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (website_id, email)
);

CREATE TABLE site_user_sessions (
  -- sha256 of the session cookie value: a database leak does not leak sessions
  token_hash text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  site_user_id text NOT NULL REFERENCES site_users(id),
  xsrf_token text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE carts (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  -- the secret that the cart cookie and cartToken carry
  token text NOT NULL UNIQUE,
  -- standard (the visitor's cart), express (one item, straight to checkout), subscription
  kind text NOT NULL DEFAULT 'standard' CHECK (kind IN ('standard', 'express', 'subscription')),
  site_user_id text REFERENCES site_users(id),
  is_purchased boolean NOT NULL DEFAULT false,
  order_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carts_site_user_idx ON carts (site_user_id) WHERE site_user_id IS NOT NULL AND NOT is_purchased;

CREATE TABLE cart_entries (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  cart_id text NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  product_id text NOT NULL REFERENCES products(id),
  variant_id text NOT NULL REFERENCES variants(id),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 9999),
  -- the additional-fields form answers, as the JSON string the browser sent
  additional_fields text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cart_entries_cart_idx ON cart_entries (cart_id, created_at);

CREATE TABLE orders (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  purchased_cart_id text NOT NULL UNIQUE REFERENCES carts(id),
  email text NOT NULL,
  test_mode boolean NOT NULL,
  currency char(3) NOT NULL,
  subtotal_cents bigint NOT NULL,
  shipping_total_cents bigint NOT NULL DEFAULT 0,
  tax_total_cents bigint NOT NULL DEFAULT 0,
  grand_total_cents bigint NOT NULL,
  payment_provider text NOT NULL,
  payment_reference text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE order_items (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  order_id text NOT NULL REFERENCES orders(id),
  product_id text NOT NULL REFERENCES products(id),
  variant_id text NOT NULL REFERENCES variants(id),
  sku text NOT NULL,
  product_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_cents bigint NOT NULL,
  -- physical, digital, service, gift-card, subscription: each kind is fulfilled differently
  line_kind text NOT NULL,
  subscription_plan jsonb,
  additional_fields text,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX order_items_order_idx ON order_items (order_id, position);

-- Per-visitor request counters, fixed windows, shared by every server process.
-- UNLOGGED: counters need no crash safety, so their writes skip the WAL and its flush on every hit.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  window_start bigint NOT NULL,
  hits integer NOT NULL
);

-- Server-wide secrets (the crumb signing key), shared by every process on the database.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
