-- Order management, API keys and the product feed (issue 12).

-- What has happened to an order. placed → fulfilled, placed → cancelled (stock returned); a refund that
-- reaches the amount paid makes it refunded (from placed, fulfilled or cancelled). Partial refunds keep
-- the status and add to refunded_cents, which never passes grand_total_cents.
ALTER TABLE orders ADD COLUMN status text NOT NULL DEFAULT 'placed'
  CHECK (status IN ('placed', 'fulfilled', 'cancelled', 'refunded'));
ALTER TABLE orders ADD COLUMN fulfilled_at timestamptz;
ALTER TABLE orders ADD COLUMN cancelled_at timestamptz;
ALTER TABLE orders ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0;
ALTER TABLE orders ADD CONSTRAINT orders_refund_at_most_paid CHECK (refunded_cents >= 0 AND refunded_cents <= grand_total_cents);

-- The owner's order list: newest first with the id as tie-break (cursor pages), and the email filter
-- (exact or prefix, case-insensitive; text_pattern_ops lets LIKE 'prefix%' use the index).
CREATE INDEX orders_website_created_idx ON orders (website_id, created_at DESC, id DESC);
CREATE INDEX orders_website_email_idx ON orders (website_id, lower(email) text_pattern_ops);

-- An order's history: fulfilment, cancellation and each refund, with who did it. A refund carries the
-- caller's idempotency key, unique per order, so the same request never refunds twice.
CREATE TABLE order_events (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  order_id text NOT NULL REFERENCES orders(id),
  kind text NOT NULL CHECK (kind IN ('fulfilled', 'cancelled', 'refunded')),
  amount_cents bigint CHECK (amount_cents IS NULL OR amount_cents > 0),
  idempotency_key text,
  payment_reference text,
  note text NOT NULL DEFAULT '',
  -- Who did it, as shown in the history: the owner's email, 'API key vk_abcd1234…', or a job's name.
  actor_label text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order_idx ON order_events (order_id, created_at);
CREATE UNIQUE INDEX order_events_idempotency_idx ON order_events (order_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- API keys for headless use of the owner API. The secret (vk_…) is shown once; only its SHA-256 is kept,
-- with a short prefix so the owner can tell keys apart. scopes: permission names (owner-roles.ts).
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  name text NOT NULL,
  secret_hash text NOT NULL UNIQUE,
  display_prefix text NOT NULL,
  scopes jsonb NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX api_keys_website_idx ON api_keys (website_id, created_at);

-- The dynamic ads feed: the feed URL's token (rotatable) and the saved pixel id, one row per website.
CREATE TABLE product_feeds (
  website_id text PRIMARY KEY REFERENCES websites(id),
  token text NOT NULL UNIQUE,
  pixel_id text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
