-- Issue 17 item 7: gift cards (gift-cards/). A card is issued per unit of a paid gift-card line, mailed to its
-- recipient (or the buyer) on the chosen date, and redeemed at checkout, partly or wholly.

-- The code itself is never stored: code_hash is HMAC-SHA256 (server secret 'gift-cards') of the normalised code
-- (upper case, no spaces or dashes), so a copy of the database cannot spend cards. Only the last four
-- characters are kept in clear, to tell cards apart. send_on is the store's calendar date (YYYY-MM-DD) as text:
-- the same string on PGlite and PostgreSQL, never shifted by a driver's time zone.
CREATE TABLE gift_cards (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  code_hash text NOT NULL,
  code_last4 text NOT NULL,
  initial_cents bigint NOT NULL CHECK (initial_cents > 0),
  balance_cents bigint NOT NULL,
  currency text NOT NULL,
  order_id text REFERENCES orders(id),
  order_item_id text,
  -- Which unit of its line (0 … quantity − 1): a line of 3 cards issues 3, and issuing again issues none.
  unit_index integer,
  purchaser_email text,
  recipient_email text,
  recipient_name text,
  sender_name text,
  message text,
  send_on text CHECK (send_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  -- The outbox message carrying the code (mail_outbox.id).
  delivery_mail_id text,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (balance_cents >= 0 AND balance_cents <= initial_cents),
  UNIQUE (website_id, code_hash),
  UNIQUE (order_item_id, unit_index)
);
CREATE INDEX gift_cards_website_idx ON gift_cards (website_id, created_at DESC, id DESC);
CREATE INDEX gift_cards_last4_idx ON gift_cards (website_id, code_last4);

-- What an order took from a card. order_id has no foreign key: the checkout redeems before it writes the order
-- row, in the same transaction. released_at: the order's payment failed and the amount went back on the card.
CREATE TABLE gift_card_redemptions (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  gift_card_id text NOT NULL REFERENCES gift_cards(id),
  order_id text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz,
  UNIQUE (gift_card_id, order_id)
);
CREATE INDEX gift_card_redemptions_order_idx ON gift_card_redemptions (order_id);

-- What the buyer typed on the gift card page before paying ("Send to someone else"), for the cart being bought.
CREATE TABLE gift_card_deliveries (
  cart_id text PRIMARY KEY REFERENCES carts(id) ON DELETE CASCADE,
  website_id text NOT NULL REFERENCES websites(id),
  recipient_email text NOT NULL,
  recipient_name text,
  sender_name text,
  message text,
  send_on text NOT NULL CHECK (send_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  updated_at timestamptz NOT NULL DEFAULT now()
);
