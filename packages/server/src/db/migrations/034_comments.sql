-- Issue 20 item 4: comments and likes on blog posts (storefront §4; platform §3 commentState, publicCommentCount,
-- likeCount). A comment is written by a signed-in site user or by a name and an email (never shown publicly); it
-- waits for the owner (pending) unless its author is a site user with an approved comment already. Replies nest
-- (depth 0 is a top-level comment). The public count is the approved comments; it and the likes are counted per
-- page with one grouped statement over the item's index, so no counter can drift from the rows.

CREATE TABLE post_comments (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  item_id text NOT NULL REFERENCES site_items(id),
  -- the comment answered; its replies go with it when it is deleted
  parent_id text REFERENCES post_comments(id) ON DELETE CASCADE,
  depth smallint NOT NULL DEFAULT 0,
  -- pending (waiting for the owner), approved (public), hidden (by the owner), spam (honeypot or bot; never public)
  status text NOT NULL DEFAULT 'pending',
  site_user_id text REFERENCES site_users(id),
  author_name text NOT NULL,
  -- never shown publicly; the owner sees it
  author_email text NOT NULL,
  body text NOT NULL,
  -- written by the website's owner from the owner app: shown with the site's name, approved at once
  by_owner boolean NOT NULL DEFAULT false,
  user_agent text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT post_comments_status CHECK (status IN ('pending', 'approved', 'hidden', 'spam')),
  CONSTRAINT post_comments_depth CHECK (depth >= 0 AND depth <= 2)
);
CREATE INDEX post_comments_item ON post_comments (item_id, status, created_at);
CREATE INDEX post_comments_moderation ON post_comments (website_id, status, created_at DESC, id DESC);
CREATE INDEX post_comments_parent ON post_comments (parent_id);
CREATE INDEX post_comments_site_user ON post_comments (site_user_id, status) WHERE site_user_id IS NOT NULL;

CREATE TABLE post_likes (
  website_id text NOT NULL REFERENCES websites(id),
  item_id text NOT NULL REFERENCES site_items(id),
  -- who liked: 'user:<site user id>' or 'visitor:<SS_ANALYTICS_ID>'; one like each (racing likes make one row)
  liker text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (item_id, liker)
);
