-- Issue 17 item 5: the payment provider's webhook events already acted on (payments/).
-- A webhook is recorded in the same transaction as its effect (an order marked paid or let go), so an event
-- delivered twice, replayed, or sent to two processes at once acts once: the second insert waits for the first
-- transaction and then finds the row. The website is part of the key: one Stripe account may serve several
-- websites of one database, each with its own endpoint, and each endpoint receives every event of the account.
CREATE TABLE payment_events (
  provider text NOT NULL,
  website_id text NOT NULL REFERENCES websites(id),
  event_id text NOT NULL,
  type text NOT NULL,
  -- The order the event was about, when it named one of this website's orders.
  order_id text REFERENCES orders(id),
  -- What came of it ('paid', 'already-paid', 'late', 'cancelled', 'ignored', …) and, for a failed attempt, why.
  outcome text NOT NULL,
  note text NOT NULL DEFAULT '',
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, website_id, event_id)
);
CREATE INDEX payment_events_order_idx ON payment_events (order_id, received_at) WHERE order_id IS NOT NULL;
