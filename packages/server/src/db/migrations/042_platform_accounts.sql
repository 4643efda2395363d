-- Issue 32 items 2 and 3: the platform's own accounts. A person signs up once at {PLATFORM_DOMAIN} (email and
-- password, the address confirmed by a mail) and is a contributor on many websites, with a role on each: on every
-- website they work on, a site_users row is linked to their account (site_users.platform_account_id), and that
-- website's contributors row decides their role there, exactly as for any other contributor.
CREATE TABLE platform_accounts (
  id text PRIMARY KEY,
  -- lower case (checked), one account per address
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  -- scrypt, as site users' (site-users/passwords.ts)
  password_hash text NOT NULL,
  -- null until the address is confirmed from the mailed link: an unconfirmed account cannot sign in
  confirmed_at timestamptz,
  -- two-step sign-in, as site users have it (migration 012): the authenticator secret sealed with AES-256-GCM
  -- under the server's 'totp' key, when it was turned on, and the time step of the last code accepted
  totp_secret_sealed text,
  totp_enabled_at timestamptz,
  totp_last_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Signed-in browsers on the platform's own host. Only the token's SHA-256 is stored; xsrf_token travels in the
-- signed-in pages' forms, so a form posted with a planted or stolen cookie alone is refused.
CREATE TABLE platform_sessions (
  token_hash text PRIMARY KEY,
  account_id text NOT NULL REFERENCES platform_accounts(id) ON DELETE CASCADE,
  xsrf_token text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX platform_sessions_account_idx ON platform_sessions (account_id);

-- One-time links mailed to an account: the address's confirmation and password resets. Hashed; used_at set once,
-- atomically, when the link is used.
CREATE TABLE platform_account_tokens (
  token_hash text PRIMARY KEY,
  account_id text NOT NULL REFERENCES platform_accounts(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('confirm-email', 'password-reset')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX platform_account_tokens_account_idx ON platform_account_tokens (account_id, purpose, created_at);

-- Hand-offs from the platform's host to a website's: a one-time token for one account and one website, good for
-- 60 seconds, claimed once by a conditional update on the website's host, which then starts an ordinary owner
-- session there (host-only cookies: no cookie is ever shared across hosts).
CREATE TABLE platform_handoffs (
  token_hash text PRIMARY KEY,
  account_id text NOT NULL REFERENCES platform_accounts(id) ON DELETE CASCADE,
  website_id text NOT NULL REFERENCES websites(id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX platform_handoffs_account_idx ON platform_handoffs (account_id, expires_at);

-- A website's site user who is a platform account: at most one per account and website (the index also finds an
-- account's websites by its leading column).
ALTER TABLE site_users ADD COLUMN platform_account_id text REFERENCES platform_accounts(id);
CREATE UNIQUE INDEX site_users_platform_account_idx ON site_users (platform_account_id, website_id) WHERE platform_account_id IS NOT NULL;

-- The platform's own mail (an account's confirmation, its password reset) belongs to no website.
ALTER TABLE mail_outbox ALTER COLUMN website_id DROP NOT NULL;
