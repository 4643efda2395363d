-- Issue 38 item 7: mail the owner can edit (mail/owner-templates.ts). A website's own version of one of the
-- editable mail templates: a subject and a body of blocks (@vitrine/contracts mail-template-model). No row: our
-- default (mail/templates/*.html) is sent. last_fallback_*: the last send that could not render the owner's
-- version and sent the default instead, shown on the template in the owner app.
CREATE TABLE mail_templates (
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  name text NOT NULL,
  subject text NOT NULL,
  blocks jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  last_fallback_reason text,
  last_fallback_at timestamptz,
  PRIMARY KEY (website_id, name)
);
