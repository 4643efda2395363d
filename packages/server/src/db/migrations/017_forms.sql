-- Site forms and the newsletter block (issue 14): the owner's form definitions, single-use submission keys,
-- stored submissions, and the newsletter list's double opt-in. Also the first content pages (a page made of
-- blocks: text, a form, a newsletter sign-up), which the site editor (issue 18) builds on.

-- A form as the owner builds it: its definition is @vitrine/forms' FormDefinition (fields and the builder's
-- settings), checked by validateFormDefinition before every write. A deleted form is kept (deleted_at) so its
-- submissions keep their titles; it no longer renders or accepts submissions.
CREATE TABLE forms (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  -- 'form' (any site form) or 'newsletter' (the newsletter block: one email field, double opt-in)
  kind text NOT NULL CHECK (kind IN ('form', 'newsletter')),
  definition jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX forms_website_idx ON forms (website_id, created_at, id);

-- FormSubmissionKey: a key handed to one visitor, used once, expiring. Only its hash is kept.
CREATE TABLE form_submission_keys (
  key_hash text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  -- the visitor it was handed to: a hash of their crumb cookie
  visitor text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX form_submission_keys_expiry_idx ON form_submission_keys (expires_at);

-- What visitors sent, with the form's fields as they were then (titles for views and exports). Bots and
-- honeypot hits are kept apart as spam rather than dropped.
CREATE TABLE form_submissions (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  form_id text NOT NULL REFERENCES forms(id),
  form_name text NOT NULL,
  fields jsonb NOT NULL,
  answers jsonb NOT NULL,
  -- pageId, pageTitle, pagePath, contentSource, pagePermissionTypeValue, intraPageEventBlockId, intraPageEventType
  page jsonb NOT NULL,
  visitor text NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  is_spam boolean NOT NULL DEFAULT false,
  -- why it is spam: 'bot', 'honeypot', 'owner'
  spam_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX form_submissions_list_idx ON form_submissions (website_id, form_id, created_at, id);

-- The newsletter list gains double opt-in: a sign-up from the newsletter block waits ('pending') until the
-- address confirms by the link mailed to it. Addresses already on the list (restock opt-ins) are confirmed.
ALTER TABLE newsletter_subscribers ADD COLUMN status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('pending', 'confirmed', 'unsubscribed'));
ALTER TABLE newsletter_subscribers ADD COLUMN form_id text REFERENCES forms(id);
ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at timestamptz;
ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribed_at timestamptz;

-- Content pages: a page at /{urlId} made of blocks ({ id, type: 'text' | 'form' | 'newsletter', … }).
CREATE TABLE content_pages (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  url_id text NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  blocks jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (website_id, url_id)
);
