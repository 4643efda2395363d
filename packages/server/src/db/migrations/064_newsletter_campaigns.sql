-- Issue 38 item 4: newsletter campaigns (newsletter/campaigns*.ts). A campaign is a website's subject, preheader and
-- body of blocks (@vitrine/contracts mail-template-model CampaignBlock) sent to an audience (all confirmed subscribers,
-- buyers, a tag, a language).
-- Segments: a subscriber's tags and language.
ALTER TABLE newsletter_subscribers ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
ALTER TABLE newsletter_subscribers ADD COLUMN language text;

CREATE TABLE newsletter_campaigns (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
  subject text NOT NULL,
  preheader text NOT NULL DEFAULT '',
  blocks jsonb NOT NULL,
  audience jsonb NOT NULL,
  track_opens boolean NOT NULL DEFAULT false,
  -- The campaign's own links, in the order of its blocks, fixed when the send starts: a click link names one by its
  -- index (never an address), so the redirect can only lead where the campaign does.
  links jsonb NOT NULL DEFAULT '[]',
  send_at timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX newsletter_campaigns_website_idx ON newsletter_campaigns (website_id, created_at DESC);

-- The sending job, written in the transaction that sends or schedules the campaign. A round claims it FOR UPDATE
-- SKIP LOCKED and does all its work (expand the audience, hand a batch to the outbox) in that one transaction: a
-- process killed mid-round rolls back and another takes the job again. expanded: the recipients are written.
CREATE TABLE newsletter_campaign_jobs (
  campaign_id text PRIMARY KEY REFERENCES newsletter_campaigns(id) ON DELETE CASCADE,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  run_at timestamptz NOT NULL DEFAULT now(),
  expanded boolean NOT NULL DEFAULT false,
  rounds integer NOT NULL DEFAULT 0
);
CREATE INDEX newsletter_campaign_jobs_due_idx ON newsletter_campaign_jobs (run_at);

-- One row per recipient: the primary key is what makes a campaign reach a subscriber at most once. pending: not yet
-- handed to the outbox; queued: its mail (mail_id) is in the outbox; skipped: unsubscribed or suppressed by then.
CREATE TABLE newsletter_campaign_recipients (
  campaign_id text NOT NULL REFERENCES newsletter_campaigns(id) ON DELETE CASCADE,
  website_id text NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'queued', 'skipped')),
  mail_id text,
  queued_at timestamptz,
  clicks integer NOT NULL DEFAULT 0,
  first_clicked_at timestamptz,
  opened_at timestamptz,
  PRIMARY KEY (campaign_id, email)
);
CREATE INDEX newsletter_campaign_recipients_pending_idx ON newsletter_campaign_recipients (campaign_id, email) WHERE status = 'pending';
