-- Issue 18: the popup overlay (platform §2 page type 104, slide type popup-overlay). One per website: the owner's
-- design (layout, heading, body, image, a button or a newsletter form), its trigger (a delay or a scroll depth),
-- where it sits (the 3x3 position grid), which pages show it and the overlay behind it. `version` is what a
-- visitor's browser compares with its stored `version` key: the owner's "show again" bumps it.

CREATE TABLE popup_overlays (
  website_id text PRIMARY KEY REFERENCES websites(id),
  enabled boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  -- image-left, image-right, image-top, none
  layout text NOT NULL DEFAULT 'none',
  heading text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  -- an uploaded picture of the website; a deleted picture leaves the popup without one
  image_id text REFERENCES images(id) ON DELETE SET NULL,
  -- button (label + URL) or newsletter (a form of kind newsletter)
  action_kind text NOT NULL DEFAULT 'button',
  button_label text NOT NULL DEFAULT '',
  button_url text NOT NULL DEFAULT '',
  form_id text,
  -- delay (seconds after the page loads) or scroll (percent of the page read)
  trigger_kind text NOT NULL DEFAULT 'delay',
  delay_seconds integer NOT NULL DEFAULT 5,
  scroll_percent integer NOT NULL DEFAULT 50,
  -- TOP_LEFT … BOTTOM_RIGHT (platform §3 position values)
  position text NOT NULL DEFAULT 'CENTER_CENTER',
  -- all, home, not-cart (every page but the cart; checkout and the owner app never show it)
  pages text NOT NULL DEFAULT 'all',
  overlay_color text NOT NULL DEFAULT '#000000',
  overlay_opacity integer NOT NULL DEFAULT 50,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT popup_overlays_layout CHECK (layout IN ('image-left', 'image-right', 'image-top', 'none')),
  CONSTRAINT popup_overlays_action CHECK (action_kind IN ('button', 'newsletter')),
  CONSTRAINT popup_overlays_trigger CHECK (trigger_kind IN ('delay', 'scroll')),
  CONSTRAINT popup_overlays_delay CHECK (delay_seconds BETWEEN 0 AND 120),
  CONSTRAINT popup_overlays_scroll CHECK (scroll_percent BETWEEN 1 AND 100),
  CONSTRAINT popup_overlays_position CHECK (position IN ('TOP_LEFT', 'TOP_CENTER', 'TOP_RIGHT', 'CENTER_LEFT', 'CENTER_CENTER', 'CENTER_RIGHT', 'BOTTOM_LEFT', 'BOTTOM_CENTER', 'BOTTOM_RIGHT')),
  CONSTRAINT popup_overlays_pages CHECK (pages IN ('all', 'home', 'not-cart')),
  CONSTRAINT popup_overlays_colour CHECK (overlay_color ~ '^#[0-9a-f]{6}$'),
  CONSTRAINT popup_overlays_opacity CHECK (overlay_opacity BETWEEN 0 AND 100),
  CONSTRAINT popup_overlays_version CHECK (version >= 1)
);
