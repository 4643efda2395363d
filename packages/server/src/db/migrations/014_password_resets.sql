-- Password reset by email (issue 12): a one-time token, stored as its hash, valid for an hour.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  site_user_id text NOT NULL REFERENCES site_users(id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (site_user_id, created_at);
