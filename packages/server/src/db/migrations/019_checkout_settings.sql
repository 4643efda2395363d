-- Checkout settings (issue 17): where the store ships and at what price, the tax rules, and coupons with
-- their uses. The rules' shapes are the checkout engine's (@vitrine/commerce checkout/); the server keeps them
-- here and hands them to the engine (checkout-settings/ checkoutRulesFor). Money in minor units, rates in basis
-- points (825 = 8.25 %). Whether prices include tax is a commerce preference (websites.settings.pricesIncludeTax).

-- A shipping zone: the places it covers, as a list of { country, regions } (country ISO 3166-1 alpha-2; regions
-- null for the whole country, or ISO 3166-2 subdivision codes without the country prefix). Zones are listed by
-- position; a place is matched by the most specific zone (the engine's rule), not by position.
CREATE TABLE shipping_zones (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  name text NOT NULL,
  locations jsonb NOT NULL,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shipping_zones_website_idx ON shipping_zones (website_id, position, id);

-- A zone's rates (the shopper's shipping options there): a flat price, a price by weight (the first tier whose
-- upToGrams is at least the parcel's weight), or a price that becomes free over a subtotal. Saved with their zone,
-- whole (checkout-settings/ replaceShippingZone), so they go with it.
CREATE TABLE shipping_rates (
  id text PRIMARY KEY,
  zone_id text NOT NULL REFERENCES shipping_zones(id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('flat', 'weight', 'free-over')),
  amount_cents bigint NOT NULL DEFAULT 0 CHECK (amount_cents >= 0),
  free_over_cents bigint CHECK (free_over_cents IS NULL OR free_over_cents >= 0),
  -- [{ upToGrams, amountCents }], upToGrams ascending (checked in code)
  weight_tiers jsonb,
  position integer NOT NULL DEFAULT 0,
  CHECK (kind <> 'free-over' OR free_over_cents IS NOT NULL),
  CHECK (kind <> 'weight' OR weight_tiers IS NOT NULL)
);
CREATE INDEX shipping_rates_zone_idx ON shipping_rates (zone_id, position, id);

-- A tax rule: a rate for a country (region null) or one of its regions. Rules of one place add up (a state rate
-- on top of a country rate).
CREATE TABLE tax_rules (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  name text NOT NULL,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  region text,
  rate_basis_points integer NOT NULL CHECK (rate_basis_points BETWEEN 0 AND 10000),
  shipping_taxable boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tax_rules_website_idx ON tax_rules (website_id, country, region);

-- A coupon. code is kept as the owner wrote it; code_normalised (trimmed, upper case) is what shoppers' codes are
-- compared with, and is unique per website. times_used counts claimed uses: a checkout claims one inside the
-- order's transaction with
--   UPDATE coupons SET times_used = times_used + 1 WHERE id = $1 AND (usage_limit IS NULL OR times_used < usage_limit)
-- so two shoppers racing for the last use cannot both get it (checkout-settings/ claimCouponUse).
CREATE TABLE coupons (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  code text NOT NULL,
  code_normalised text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('percentage', 'fixed', 'free-shipping')),
  percent_basis_points integer CHECK (percent_basis_points IS NULL OR percent_basis_points BETWEEN 1 AND 10000),
  amount_cents bigint CHECK (amount_cents IS NULL OR amount_cents > 0),
  min_subtotal_cents bigint CHECK (min_subtotal_cents IS NULL OR min_subtotal_cents >= 0),
  starts_at timestamptz,
  ends_at timestamptz,
  usage_limit integer CHECK (usage_limit IS NULL OR usage_limit >= 1),
  per_customer_limit integer CHECK (per_customer_limit IS NULL OR per_customer_limit >= 1),
  -- { kind: 'all' } | { kind: 'products', productIds } | { kind: 'collections', collectionIds }
  scope jsonb NOT NULL DEFAULT '{"kind":"all"}',
  active boolean NOT NULL DEFAULT true,
  times_used integer NOT NULL DEFAULT 0 CHECK (times_used >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (website_id, code_normalised),
  CHECK (kind <> 'percentage' OR percent_basis_points IS NOT NULL),
  CHECK (kind <> 'fixed' OR amount_cents IS NOT NULL),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at)
);

-- One claimed use of a coupon by an order (several coupons may serve one order; one coupon serves an order once).
-- customer_email is trimmed and lower case: the per-customer limit counts these rows. order_id has no foreign
-- key: the checkout may claim before it writes the order row, in the same transaction.
CREATE TABLE coupon_redemptions (
  coupon_id text NOT NULL REFERENCES coupons(id) ON DELETE CASCADE,
  order_id text NOT NULL,
  customer_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (coupon_id, order_id)
);
CREATE INDEX coupon_redemptions_customer_idx ON coupon_redemptions (coupon_id, customer_email);
