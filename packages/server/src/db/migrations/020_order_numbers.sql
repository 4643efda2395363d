-- Human order numbers per website (issue 17): 1001, 1002, … — what the shopper, the mail and the owner call an
-- order. The id stays the order's key (URLs, the API); the number is for people.

-- Each website's next number. An order takes its number in its own transaction, as the last thing before it is
-- written (orders/order-number.ts allocateOrderNumber):
--   INSERT INTO website_order_counters (website_id, next_number) VALUES ($1, 1002)
--   ON CONFLICT (website_id) DO UPDATE SET next_number = website_order_counters.next_number + 1
--   RETURNING next_number - 1
-- The counter's row lock is held until the order commits or rolls back, so racing orders of one website never
-- share a number, and an order that rolls back (declined payment, no stock) gives its number back: the numbers
-- have no gaps. Orders of one website queue at that lock only for the last few statements of their transaction.
CREATE TABLE website_order_counters (
  website_id text PRIMARY KEY REFERENCES websites(id),
  next_number integer NOT NULL DEFAULT 1001 CHECK (next_number >= 1)
);

ALTER TABLE orders ADD COLUMN order_number integer;

-- Existing orders, numbered in the order they were placed (created_at, then id), per website.
UPDATE orders SET order_number = numbered.order_number
FROM (
  SELECT id, (1000 + row_number() OVER (PARTITION BY website_id ORDER BY created_at, id))::integer AS order_number FROM orders
) AS numbered
WHERE orders.id = numbered.id;

INSERT INTO website_order_counters (website_id, next_number)
SELECT websites.id, coalesce((SELECT max(orders.order_number) FROM orders WHERE orders.website_id = websites.id), 1000) + 1
FROM websites;

ALTER TABLE orders ALTER COLUMN order_number SET NOT NULL;
CREATE UNIQUE INDEX orders_website_number_idx ON orders (website_id, order_number);
