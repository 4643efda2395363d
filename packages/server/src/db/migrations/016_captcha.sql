-- The self-hosted captcha (issues 13 and 14): ALTCHA keeps no record of solved challenges, so a solution
-- could be sent again and again until its challenge expires. Each accepted solution's challenge nonce is
-- kept here until then; a second use of it is refused by the primary key, on every process alike.
CREATE TABLE captcha_solutions_used (
  nonce text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  expires_at timestamptz NOT NULL
);
CREATE INDEX captcha_solutions_used_expiry_idx ON captcha_solutions_used (expires_at);
