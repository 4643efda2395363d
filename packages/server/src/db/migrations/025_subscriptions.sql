-- Subscriptions (issue 17 item 8; subscriptions/). A paid order's subscription line starts one; a job renews it on
-- schedule through the payment provider (a renewal order each cycle) until it is cancelled or its cycles run out.

CREATE TABLE subscriptions (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  first_order_id text NOT NULL REFERENCES orders(id),
  -- One subscription per order line: starting it again for the same line does nothing.
  order_item_id text NOT NULL UNIQUE REFERENCES order_items(id),
  product_id text NOT NULL REFERENCES products(id),
  variant_id text NOT NULL REFERENCES variants(id),
  product_name text NOT NULL,
  sku text NOT NULL,
  email text NOT NULL,
  site_user_id text REFERENCES site_users(id),
  -- The plan as it was bought ({billingPeriod: {value, unit}, numBillingCycles}): later edits of the product do not
  -- change a running subscription.
  plan jsonb NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents >= 0),
  currency char(3) NOT NULL,
  test_mode boolean NOT NULL,
  -- active → past_due (a renewal failed, retried) → active | cancelled; active → completed (last cycle billed);
  -- active | past_due → cancelled (the shopper, the owner, or the last failed retry).
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled', 'completed', 'past_due')),
  -- Cycles paid so far: the first order is cycle 1.
  cycles_billed integer NOT NULL DEFAULT 1 CHECK (cycles_billed >= 1),
  -- 0 = indefinite.
  total_cycles integer NOT NULL DEFAULT 0 CHECK (total_cycles >= 0),
  -- Every due date is computed from this (month-end clamped, never drifting): the first order's payment time.
  started_at timestamptz NOT NULL,
  -- When the next renewal (or retry) is due; null once cancelled or completed.
  next_renewal_at timestamptz,
  -- Failed attempts of the cycle now due (0 while active): 1, 2, 3 are retried after 1, 3, 5 days, the 4th cancels.
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  -- The first order's payment and the provider's customer, to charge renewals off-session.
  payment_reference text NOT NULL,
  customer_reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz,
  -- Who cancelled: 'shopper', 'owner' or 'payment' (the last retry failed).
  cancelled_by text CHECK (cancelled_by IN ('shopper', 'owner', 'payment')),
  completed_at timestamptz,
  -- The renewal job's claim (subscriptions/renewals.ts): a process that dies mid-renewal leaves it to another once
  -- locked_until has passed. attempts counts claims, for diagnosis.
  locked_until timestamptz,
  claim_token text,
  attempts integer NOT NULL DEFAULT 0
);
-- What the renewal job looks for: due rows of live subscriptions.
CREATE INDEX subscriptions_due_idx ON subscriptions (next_renewal_at) WHERE status IN ('active', 'past_due');
-- The owner's list (newest first, id breaking ties) and the shopper's account (by user, or by email).
CREATE INDEX subscriptions_website_created_idx ON subscriptions (website_id, created_at DESC, id DESC);
CREATE INDEX subscriptions_website_email_idx ON subscriptions (website_id, lower(email));
CREATE INDEX subscriptions_site_user_idx ON subscriptions (site_user_id) WHERE site_user_id IS NOT NULL;

-- Each renewal attempt: paid (with its renewal order) or failed (with the provider's or the stock's reason).
CREATE TABLE subscription_renewals (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  subscription_id text NOT NULL REFERENCES subscriptions(id),
  -- 2 for the first renewal (the first order was cycle 1).
  cycle integer NOT NULL CHECK (cycle >= 2),
  -- 1 for the first try of a cycle, 2… for its retries.
  attempt integer NOT NULL CHECK (attempt >= 1),
  status text NOT NULL CHECK (status IN ('paid', 'failed')),
  order_id text REFERENCES orders(id),
  reference text,
  message text NOT NULL DEFAULT '',
  attempted_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subscription_id, cycle, attempt),
  CHECK ((status = 'paid') = (order_id IS NOT NULL))
);
-- A cycle is paid once, whatever races.
CREATE UNIQUE INDEX subscription_renewals_paid_idx ON subscription_renewals (subscription_id, cycle) WHERE status = 'paid';
CREATE INDEX subscription_renewals_order_idx ON subscription_renewals (order_id) WHERE order_id IS NOT NULL;
