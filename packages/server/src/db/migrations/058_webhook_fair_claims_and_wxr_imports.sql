-- Session 19 (issue 37's leftovers and item 5).

-- Webhook deliveries claimed fairly across websites (webhooks/delivery-job.ts), as mail's outbox is (migration 039):
-- each round serves the websites with due deliveries that were served longest ago (never served first), a share of
-- the batch each. One row per website that has had a delivery claimed: when it was last served.
CREATE TABLE webhook_website_turns (
  website_id text PRIMARY KEY REFERENCES websites(id) ON DELETE CASCADE,
  last_claimed_at timestamptz NOT NULL
);

-- The claim's reads: the websites with due deliveries (a skip scan over website_id, one probe per website however
-- many it has queued) and, per website, its most overdue deliveries.
CREATE INDEX webhook_deliveries_fair_due_idx ON webhook_deliveries (website_id, next_attempt_at, id)
  WHERE status IN ('pending', 'sending');
