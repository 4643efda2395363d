-- Issue 38 item 6: a manual payment method (bank transfer, cash on delivery: orders/manual-payment.ts).
-- An order placed with it keeps the method's label and the owner's instructions as they were when it was placed
-- (the receipt and the mail show those, whatever the owner writes later); other orders leave both null.
ALTER TABLE orders ADD COLUMN payment_method_label text;
ALTER TABLE orders ADD COLUMN payment_instructions text;

-- The history gains the owner's "Mark as paid".
ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check;
ALTER TABLE order_events ADD CONSTRAINT order_events_kind_check
  CHECK (kind IN ('fulfilled', 'partially_fulfilled', 'cancelled', 'refunded', 'paid', 'return_requested', 'return_approved', 'return_declined', 'return_received', 'return_refunded'));
