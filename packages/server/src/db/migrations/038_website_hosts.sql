-- Issue 32: many websites on one deployment. A website answers at {identifier}.{PLATFORM_DOMAIN} and at each
-- of its verified custom domains; one of those may be primary (the others answer 301 to it).
-- A domain may be added by several websites while unproven (nobody can squat a name by typing it first),
-- but only one website can hold it verified: the partial unique index decides who, atomically.
CREATE TABLE website_domains (
  website_id text NOT NULL REFERENCES websites(id),
  -- lower case, no port, no trailing dot (websites/hosts.ts normalHostOf)
  host text NOT NULL,
  -- the value of the DNS TXT record _vitrine-challenge.{host}, or the body of /.well-known/vitrine-challenge/{token}
  verification_token text NOT NULL,
  verified_at timestamptz,
  is_primary boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, host),
  CHECK (NOT is_primary OR verified_at IS NOT NULL)
);
CREATE UNIQUE INDEX website_domains_verified_host ON website_domains (host) WHERE verified_at IS NOT NULL;
CREATE UNIQUE INDEX website_domains_one_primary ON website_domains (website_id) WHERE is_primary;

-- The operator's actions: a suspended website answers 503; a deleted one answers like an unknown host and is
-- removed for good (rows and files) after a grace period.
ALTER TABLE websites ADD COLUMN suspended_at timestamptz;
ALTER TABLE websites ADD COLUMN deleted_at timestamptz;
