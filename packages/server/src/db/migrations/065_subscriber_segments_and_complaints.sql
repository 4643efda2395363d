-- Issue 38 item 4, what 064 left: subscribers' language is recorded at sign-up (newsletter/subscribers.ts) — those who
-- joined before this read their website's language, the only one a page had then; and a complaint (a recipient
-- marked a mail as spam, reported by the provider's feedback webhook: mail/feedback.ts) suppresses the address
-- for every later marketing mail, as an unsubscribe does.
UPDATE newsletter_subscribers s SET language = w.locale FROM websites w WHERE w.id = s.website_id AND s.language IS NULL;

ALTER TABLE mail_suppressions DROP CONSTRAINT IF EXISTS mail_suppressions_reason_check;
ALTER TABLE mail_suppressions ADD CONSTRAINT mail_suppressions_reason_check CHECK (reason IN ('unsubscribed', 'hard-bounce', 'complaint'));
