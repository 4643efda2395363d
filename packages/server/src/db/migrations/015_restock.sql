-- Back-in-stock notices (issue 13): a shopper who meets a sold-out variant leaves an address; the owner
-- sends the notices once the variant is back. One active sign-up per address and variant (a repeat is a
-- success, not a duplicate); notified_at is set once, by the send that mails it (a conditional update, so
-- two owners pressing send at once notify each shopper once).
CREATE TABLE restock_signups (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  product_id text NOT NULL REFERENCES products(id),
  variant_id text NOT NULL REFERENCES variants(id),
  email text NOT NULL,
  join_mailing_list boolean NOT NULL DEFAULT false,
  language text,
  created_at timestamptz NOT NULL DEFAULT now(),
  notified_at timestamptz
);
CREATE UNIQUE INDEX restock_signups_active_idx ON restock_signups (website_id, variant_id, email) WHERE notified_at IS NULL;
CREATE INDEX restock_signups_variant_idx ON restock_signups (website_id, product_id, variant_id, created_at, id);

-- The store's newsletter list (the restock box's opt-in adds to it; site forms and the newsletter block
-- of issue 14 manage it further). One row per address.
CREATE TABLE newsletter_subscribers (
  website_id text NOT NULL REFERENCES websites(id),
  email text NOT NULL,
  -- where the address came from: 'restock', 'form', …
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, email)
);
