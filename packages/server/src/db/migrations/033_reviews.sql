-- Native product reviews (issue 20 item 3; reviews/, feature flag 66). A buyer reviews a line of a paid order from
-- the review-request mail's signed link; the owner approves, hides and replies; approved reviews show on the
-- product page, and each product's count and rating total are kept in a rollup for the store's cards.

CREATE TABLE product_reviews (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  product_id text NOT NULL REFERENCES products(id),
  -- A buyer's review belongs to one line of one paid order (verified purchase); imported ones (the demo's) have none.
  order_id text REFERENCES orders(id),
  -- Once per order line: two racing submits for one line, one wins and the other is refused (409).
  order_item_id text UNIQUE REFERENCES order_items(id),
  -- 'buyer' (the signed link) or 'imported' (brought in by the owner, the demo's): how a reader can tell them apart.
  source text NOT NULL DEFAULT 'buyer' CHECK (source IN ('buyer', 'imported')),
  CHECK ((source = 'buyer') = (order_item_id IS NOT NULL)),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title text NOT NULL,
  body text NOT NULL,
  reviewer_name text NOT NULL,
  -- pending → approved | hidden; approved ⇄ hidden. Only approved reviews are shown and counted.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'hidden')),
  -- The owner's public reply, shown under the review.
  reply text,
  replied_at timestamptz,
  moderated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The product page's list: a product's approved reviews, newest first.
CREATE INDEX product_reviews_shown ON product_reviews (website_id, product_id, status, created_at DESC, id DESC);
-- The owner's list: by status, newest first.
CREATE INDEX product_reviews_moderation ON product_reviews (website_id, status, created_at DESC, id DESC);

-- Each product's approved reviews, counted when a review is approved or leaves approved (in that transaction):
-- a store grid reads one row per product instead of aggregating reviews per card.
CREATE TABLE product_review_summaries (
  website_id text NOT NULL REFERENCES websites(id),
  product_id text NOT NULL REFERENCES products(id),
  review_count integer NOT NULL DEFAULT 0 CHECK (review_count >= 0),
  rating_total integer NOT NULL DEFAULT 0 CHECK (rating_total >= 0),
  PRIMARY KEY (website_id, product_id)
);

-- The review-request mail of a paid order (reviews/requests.ts): written in the transaction that records the payment,
-- mailed by the review-request job once the delay has passed (REVIEW_REQUEST_DELAY_MINUTES, 7 days by default). The
-- job takes due rows with FOR UPDATE SKIP LOCKED and writes the mail to the outbox in the transaction that marks the
-- row mailed: several processes mail each order once.
CREATE TABLE review_requests (
  order_id text PRIMARY KEY REFERENCES orders(id),
  website_id text NOT NULL REFERENCES websites(id),
  -- 'waiting' until mailed; 'skipped' when nothing was left to review or the feature was off by then.
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'mailed', 'skipped')),
  paid_at timestamptz NOT NULL DEFAULT now(),
  mailed_at timestamptz
);
CREATE INDEX review_requests_waiting ON review_requests (paid_at) WHERE status = 'waiting';
