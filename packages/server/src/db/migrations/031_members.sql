-- Issue 20 item 1: member areas, memberships and page passwords (packages/server/src/members).
-- A member area gates site pages (a collection page gates its items: posts, lessons); a site user sees them while
-- they hold a live membership of one of the page's areas. Access is free (sign up and join) or paid (buying the
-- area's PAYWALL product, product type 5, one-off or subscription).

CREATE TABLE member_areas (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- 'free': a signed-in site user joins with one click; 'paid': buying the PAYWALL product grants it
  access text NOT NULL DEFAULT 'free',
  paywall_product_id text REFERENCES products(id),
  -- the access-denied page's button; '' = the default wording ('Join for free' / 'Become a member')
  join_button_text text NOT NULL DEFAULT '',
  -- a one-off purchase's membership lasts this many days (null: for good); a subscription's lasts while it does
  duration_days integer,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT member_areas_access CHECK (access IN ('free', 'paid')),
  CONSTRAINT member_areas_paid_has_product CHECK (access = 'free' OR paywall_product_id IS NOT NULL),
  CONSTRAINT member_areas_duration CHECK (duration_days IS NULL OR duration_days BETWEEN 1 AND 3650)
);
CREATE UNIQUE INDEX member_areas_name ON member_areas (website_id, lower(name));
CREATE INDEX member_areas_product ON member_areas (paywall_product_id) WHERE paywall_product_id IS NOT NULL;

-- The pages an area gates. A page may sit in several areas: a membership of any of them opens it.
CREATE TABLE member_area_pages (
  member_area_id text NOT NULL REFERENCES member_areas(id) ON DELETE CASCADE,
  page_id text NOT NULL REFERENCES site_pages(id),
  website_id text NOT NULL REFERENCES websites(id),
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (member_area_id, page_id)
);
CREATE INDEX member_area_pages_page ON member_area_pages (page_id);

CREATE TABLE memberships (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  member_area_id text NOT NULL REFERENCES member_areas(id) ON DELETE CASCADE,
  site_user_id text NOT NULL REFERENCES site_users(id),
  -- how it was granted: 'sign-up' (a free join), 'order' (a one-off PAYWALL purchase), 'subscription', 'owner'
  source text NOT NULL,
  order_id text,
  subscription_id text,
  status text NOT NULL DEFAULT 'active',
  started_at timestamptz NOT NULL DEFAULT now(),
  -- counts while status = 'active' AND (ends_at IS NULL OR ends_at > now()): an expiry needs no job
  ends_at timestamptz,
  ended_at timestamptz,
  -- 'owner', 'subscription' (it was cancelled or its last renewal failed)
  ended_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT memberships_source CHECK (source IN ('sign-up', 'order', 'subscription', 'owner')),
  CONSTRAINT memberships_status CHECK (status IN ('active', 'ended'))
);
-- One active row per member and area: racing joins (or a join racing a purchase) make one membership.
CREATE UNIQUE INDEX memberships_one_active ON memberships (member_area_id, site_user_id) WHERE status = 'active';
CREATE INDEX memberships_user ON memberships (site_user_id, status);
CREATE INDEX memberships_subscription ON memberships (subscription_id) WHERE subscription_id IS NOT NULL;

-- Password-protected pages (lock screen, page type 103): one scrypt hash per page.
CREATE TABLE page_locks (
  page_id text PRIMARY KEY REFERENCES site_pages(id),
  website_id text NOT NULL REFERENCES websites(id),
  password_hash text NOT NULL,
  -- bumped by every new password: an unlock cookie names the version it opened, so a new password locks again
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- PAYWALL products (product type 5, platform §3) exist to sell member areas: the catalog's check takes them too.
-- They are sold only through an area's join button (kept out of store grids, search, related products, sitemap).
ALTER TABLE products DROP CONSTRAINT products_product_type_check;
ALTER TABLE products ADD CONSTRAINT products_product_type_check CHECK (product_type BETWEEN 1 AND 5);
