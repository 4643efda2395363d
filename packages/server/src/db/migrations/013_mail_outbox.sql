-- Transactional mail (issue 13): an outbox. A message is written in the same transaction as what causes it
-- (a password-reset request, an order, a send request), already rendered, and a worker delivers it later:
-- claimed with FOR UPDATE SKIP LOCKED (several processes never take the same message), retried with
-- backoff, and marked sent once. A claim that is never finished (a killed process) runs out at
-- locked_until and the message is claimed again.
CREATE TABLE mail_outbox (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  -- transactional: about something the recipient did (always sent unless the address bounced hard);
  -- marketing: anything else (carries an unsubscribe link, never sent to an unsubscribed address)
  kind text NOT NULL CHECK (kind IN ('transactional', 'marketing')),
  -- what the message is, for the owner's view and the logs: 'password-reset', 'order-confirmation', …
  template text NOT NULL,
  from_address text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'suppressed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE status IN ('pending', 'sending');
CREATE INDEX mail_outbox_website_idx ON mail_outbox (website_id, created_at DESC, id);

-- Addresses not to write to: unsubscribed (no marketing mail) or hard-bounced (no mail at all).
CREATE TABLE mail_suppressions (
  website_id text NOT NULL REFERENCES websites(id),
  email text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('unsubscribed', 'hard-bounce')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, email)
);
