-- Issue 38 item 5: automatic discounts (discounts/), applied without a code by the shared engine
-- (@vitrine/commerce checkout/automatic-discounts.ts, which also writes down the stacking rules).

-- A website's automatic discounts. kind says which fields matter: spend-over (min_subtotal_cents and
-- percent_basis_points or amount_cents), buy-x-get-y (buy_quantity, get_quantity, percent_basis_points, scope),
-- quantity-tiers (tiers, scope), free-shipping (min_subtotal_cents). starts_at inclusive, ends_at exclusive.
CREATE TABLE automatic_discounts (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  title text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('spend-over', 'buy-x-get-y', 'quantity-tiers', 'free-shipping')),
  active boolean NOT NULL DEFAULT true,
  starts_at timestamptz,
  ends_at timestamptz,
  min_subtotal_cents bigint CHECK (min_subtotal_cents >= 0),
  percent_basis_points integer CHECK (percent_basis_points BETWEEN 1 AND 10000),
  amount_cents bigint CHECK (amount_cents > 0),
  buy_quantity integer CHECK (buy_quantity >= 1),
  get_quantity integer CHECK (get_quantity >= 1),
  -- { kind: 'all' } | { kind: 'products', productIds } | { kind: 'collections', collectionIds }, as a coupon's.
  scope jsonb NOT NULL DEFAULT '{"kind":"all"}',
  -- [{ minQuantity, percentBasisPoints }], ascending by minQuantity.
  tiers jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);
-- Every cart reads its store's live discounts: by website, the active ones.
CREATE INDEX automatic_discounts_by_website ON automatic_discounts (website_id, active, created_at);

-- What an order got from automatic discounts: [{ id, title, kind, discountCents }] (kept when a discount is deleted).
ALTER TABLE orders ADD COLUMN automatic_discounts jsonb NOT NULL DEFAULT '[]';

-- Whether a coupon stacks on automatic discounts; otherwise the better of the two applies.
ALTER TABLE coupons ADD COLUMN combines_with_automatic boolean NOT NULL DEFAULT false;
