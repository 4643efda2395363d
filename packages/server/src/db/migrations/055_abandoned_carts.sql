-- Issue 38 item 3: abandoned-cart recovery (abandoned-carts/). Off until the owner chooses a delay.
-- enabled_at: when reminders were last switched on (kept while only the delay changes): only carts left after it
-- are reminded, so switching them on never mails every shopper of the past week at once.
CREATE TABLE abandoned_cart_settings (
  website_id text PRIMARY KEY REFERENCES websites(id),
  delay_hours integer CHECK (delay_hours IN (1, 4, 24)),
  enabled_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One reminder per cart, ever: the primary key is the cart, so two processes queueing the same cart make one row.
-- queued → sent (its mail written to the outbox in the same transaction) | skipped (bought, suppressed or emptied
-- before it went). restored_at: when the mail's link first restored the cart (an order from it counts as recovered).
CREATE TABLE abandoned_cart_reminders (
  cart_id text PRIMARY KEY REFERENCES carts(id),
  website_id text NOT NULL REFERENCES websites(id),
  email text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'skipped')),
  skip_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  restored_at timestamptz
);
CREATE INDEX abandoned_cart_reminders_queued_idx ON abandoned_cart_reminders (created_at) WHERE status = 'queued';
CREATE INDEX abandoned_cart_reminders_website_idx ON abandoned_cart_reminders (website_id, status);

-- The round's search: carts of a website idle since before the delay, not bought.
CREATE INDEX carts_idle_idx ON carts (website_id, updated_at) WHERE is_purchased = false;
