-- Two-step sign-in (issue 12): an authenticator app's code (TOTP, RFC 6238) after the password.
-- The secret must be read back to check codes, so it cannot be hashed: it is sealed with AES-256-GCM
-- under a key every server process derives from server_secrets ('totp'); a copy of the database alone
-- does not give the secrets away. totp_last_step is the time step of the last code accepted: a code is
-- accepted once (a conditional update), so one seen over a shoulder cannot be replayed.
ALTER TABLE site_users ADD COLUMN totp_secret_sealed text;
ALTER TABLE site_users ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE site_users ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;
