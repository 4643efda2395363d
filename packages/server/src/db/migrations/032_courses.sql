-- Issue 20 item 2: courses and lessons. A course is a site page of kind 'course' (collection type 25); its lessons
-- are site items of record type 62 (lesson), in the owner's order (site_items.position). Chapters are a title on
-- the lesson (lesson_details.chapter): consecutive lessons with the same chapter are listed under it. What only a
-- lesson has lives here, owned by the courses domain: its video (an uploaded file or an embed address), its length,
-- the video paywall flag (is_preview: open to visitors without access) and each member's progress.

ALTER TABLE site_pages DROP CONSTRAINT site_pages_kind;
ALTER TABLE site_pages ADD CONSTRAINT site_pages_kind CHECK (kind IN ('page', 'splash', 'blog', 'events', 'gallery', 'folder', 'course'));
ALTER TABLE site_items DROP CONSTRAINT site_items_record_type;
ALTER TABLE site_items ADD CONSTRAINT site_items_record_type CHECK (record_type IN (1, 12, 14, 62));

-- A lesson's uploaded video: one object per lesson in the video store (DATA_DIR/lesson-videos/{key}); a
-- replacement gets a new key and the row points at it.
CREATE TABLE lesson_videos (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  item_id text NOT NULL REFERENCES site_items(id),
  storage_key text NOT NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  byte_size bigint NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT lesson_videos_size CHECK (byte_size > 0)
);
CREATE UNIQUE INDEX lesson_videos_item ON lesson_videos (item_id);

-- What a lesson is besides its item: no row means no video, not a preview, no chapter.
CREATE TABLE lesson_details (
  item_id text PRIMARY KEY REFERENCES site_items(id),
  website_id text NOT NULL REFERENCES websites(id),
  -- none, file (lesson_videos), embed (embed_url: YouTube or Vimeo)
  video_source text NOT NULL DEFAULT 'none',
  embed_url text,
  duration_seconds integer,
  -- the video paywall flag: a preview lesson (page and video) is open to visitors without access to the course
  is_preview boolean NOT NULL DEFAULT false,
  chapter text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT lesson_details_source CHECK (video_source IN ('none', 'file', 'embed')),
  CONSTRAINT lesson_details_embed CHECK (video_source <> 'embed' OR embed_url IS NOT NULL),
  CONSTRAINT lesson_details_duration CHECK (duration_seconds IS NULL OR (duration_seconds >= 0 AND duration_seconds <= 86400))
);

-- A member's progress in a lesson: one row per site user and lesson (racing saves meet at the primary key).
CREATE TABLE lesson_progress (
  site_user_id text NOT NULL REFERENCES site_users(id),
  item_id text NOT NULL REFERENCES site_items(id),
  website_id text NOT NULL REFERENCES websites(id),
  -- where the member stopped watching
  position_seconds integer NOT NULL DEFAULT 0,
  -- the first time the member marked it complete; null until then
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_user_id, item_id),
  CONSTRAINT lesson_progress_position CHECK (position_seconds >= 0 AND position_seconds <= 86400)
);
CREATE INDEX lesson_progress_item ON lesson_progress (item_id);
