-- The owner's side (issue 12): owners are site users with a contributor role on the website
-- (platform spec §3: admin 1 … website manager 15); what each role may do is in
-- @vitrine/contracts' owner-roles.ts.
CREATE TABLE contributors (
  website_id text NOT NULL REFERENCES websites(id),
  site_user_id text NOT NULL REFERENCES site_users(id),
  role smallint NOT NULL CHECK (role IN (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (website_id, site_user_id)
);

-- One-time links that make their holder a contributor (the first admin's set-up link, invitations).
-- Only a hash of the token is stored; used_at is set once, atomically, when the link is redeemed.
CREATE TABLE owner_invitations (
  token_hash text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  role smallint NOT NULL CHECK (role IN (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)),
  -- The email the link was made for, when it names one (npm run owner -- create EMAIL).
  email text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX owner_invitations_website_idx ON owner_invitations (website_id, created_at);
