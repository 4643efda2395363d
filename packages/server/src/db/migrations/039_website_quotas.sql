-- Issue 32, "fair and bounded": operator-set quotas per website, and mail claimed fairly across websites.

-- What the operator allows one website (quotas/). A null column means the platform's default (QUOTA_* in the
-- environment; none set: unlimited, as a one-site install wants). The row is also what a create locks (FOR UPDATE)
-- while it counts, so two creates at the limit cannot both pass; a website gets its row the first time a limit
-- applies to it.
CREATE TABLE website_quotas (
  website_id text PRIMARY KEY REFERENCES websites(id),
  max_products integer CHECK (max_products >= 0),
  -- pictures' originals, digital products' files and lessons' videos together
  max_storage_bytes bigint CHECK (max_storage_bytes >= 0),
  max_contributors integer CHECK (max_contributors >= 0),
  -- mail written to the outbox in any 24 hours (mail a purchase or an account needs is counted, never refused)
  max_mails_per_day integer CHECK (max_mails_per_day >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A picture's stored size (its original; renditions are a cache drawn from it). Pictures uploaded before this
-- migration and the bundled demo pictures count as 0.
ALTER TABLE images ADD COLUMN byte_size bigint NOT NULL DEFAULT 0;

-- Fair claiming (mail/worker.ts): each round serves the websites with due mail that were served longest ago
-- (never served first), a share of the batch each, transactional mail before marketing within a website. One row
-- per website that has had mail claimed: when it was last served.
CREATE TABLE mail_website_turns (
  website_id text PRIMARY KEY REFERENCES websites(id),
  last_claimed_at timestamptz NOT NULL
);

-- The claim's reads: the websites with due mail (a skip scan over website_id) and, per website, its next due
-- messages in order (transactional first).
CREATE INDEX mail_outbox_fair_due_idx ON mail_outbox (website_id, (kind = 'marketing'), next_attempt_at, id)
  WHERE status IN ('pending', 'sending');

-- The same fairness for the other jobs that could let one website's backlog hold back the others'
-- (subscriptions/renewals.ts, orders/payment-lifecycle-expiry.ts): a skip scan over the websites with due work,
-- then each website's most overdue rows.
CREATE INDEX subscriptions_fair_due_idx ON subscriptions (website_id, next_renewal_at, id) WHERE status IN ('active', 'past_due');
CREATE INDEX orders_pending_payment_website_idx ON orders (website_id, payment_expires_at, id) WHERE payment_status = 'pending';
