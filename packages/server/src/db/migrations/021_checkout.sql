-- Issue 17: what checkout asks of a cart, and what an order keeps of it.

-- The cart's checkout answers so far: email, addresses, chosen shipping option, coupon and gift card codes
-- (cart/checkout-state.ts reads and writes it; the totals are always recomputed, never stored here).
ALTER TABLE carts ADD COLUMN checkout jsonb NOT NULL DEFAULT '{}'::jsonb;

ALTER TABLE orders ADD COLUMN discount_total_cents bigint NOT NULL DEFAULT 0 CHECK (discount_total_cents >= 0);
-- What gift cards paid of the grand total; the payment provider was asked for the rest.
ALTER TABLE orders ADD COLUMN gift_card_total_cents bigint NOT NULL DEFAULT 0 CHECK (gift_card_total_cents >= 0);
ALTER TABLE orders ADD COLUMN shipping_address jsonb;
ALTER TABLE orders ADD COLUMN billing_address jsonb;
-- {id, name, amountCents} of the option chosen, as it was priced.
ALTER TABLE orders ADD COLUMN shipping_option jsonb;
ALTER TABLE orders ADD COLUMN coupon_codes jsonb NOT NULL DEFAULT '[]'::jsonb;
-- pending: the shopper still confirms with the provider (stock held until payment_expires_at);
-- failed/expired: the order was cancelled and its stock, coupon uses and gift card amounts given back.
ALTER TABLE orders ADD COLUMN payment_status text NOT NULL DEFAULT 'paid'
  CHECK (payment_status IN ('pending', 'paid', 'failed', 'expired'));
ALTER TABLE orders ADD COLUMN payment_expires_at timestamptz;
ALTER TABLE orders ADD COLUMN paid_at timestamptz;
-- The provider's customer, kept to charge subscription renewals off-session.
ALTER TABLE orders ADD COLUMN payment_customer_reference text;
UPDATE orders SET paid_at = created_at;
CREATE INDEX orders_pending_payment_idx ON orders (payment_expires_at) WHERE payment_status = 'pending';

-- Per line: the discount allocated to it and its tax (both already in the order's totals).
ALTER TABLE order_items ADD COLUMN discount_cents bigint NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN tax_cents bigint NOT NULL DEFAULT 0;
