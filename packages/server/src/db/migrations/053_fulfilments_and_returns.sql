-- Issue 38 item 2: fulfilments with tracking, and returns (orders/fulfilments.ts, orders/returns.ts).
-- An order may be shipped in parts: 'partially_fulfilled' until every line's quantity is in some fulfilment.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('placed', 'partially_fulfilled', 'fulfilled', 'cancelled', 'refunded'));

-- The history gains the steps of fulfilments and returns.
ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check
  CHECK (kind IN ('fulfilled', 'partially_fulfilled', 'cancelled', 'refunded', 'return_requested', 'return_approved', 'return_declined', 'return_received', 'return_refunded'));

-- One parcel: its carrier, tracking number and the tracking link worked out when it was made (or the owner's, for 'other').
CREATE TABLE order_fulfilments (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  order_id text NOT NULL REFERENCES orders(id),
  carrier text NOT NULL,
  tracking_number text NOT NULL DEFAULT '',
  tracking_url text,
  actor_label text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_fulfilments_order_idx ON order_fulfilments (website_id, order_id, created_at);

CREATE TABLE order_fulfilment_lines (
  fulfilment_id text NOT NULL REFERENCES order_fulfilments(id),
  order_item_id text NOT NULL REFERENCES order_items(id),
  quantity integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (fulfilment_id, order_item_id)
);
CREATE INDEX order_fulfilment_lines_item_idx ON order_fulfilment_lines (order_item_id);

-- A return, asked for by the shopper: requested → approved | declined; approved → received → refunded.
CREATE TABLE order_returns (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  order_id text NOT NULL REFERENCES orders(id),
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'approved', 'declined', 'received', 'refunded')),
  reason text NOT NULL,
  note text NOT NULL DEFAULT '',
  decline_message text NOT NULL DEFAULT '',
  refunded_cents bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_returns_order_idx ON order_returns (website_id, order_id, created_at);

CREATE TABLE order_return_lines (
  return_id text NOT NULL REFERENCES order_returns(id),
  order_item_id text NOT NULL REFERENCES order_items(id),
  quantity integer NOT NULL CHECK (quantity > 0),
  restock boolean NOT NULL DEFAULT false,
  PRIMARY KEY (return_id, order_item_id)
);
CREATE INDEX order_return_lines_item_idx ON order_return_lines (order_item_id);
