-- Images (issue 12): the website's pictures. The bytes live in the image store (DATA_DIR/images by
-- default: images/store.ts), under the image's id; this row holds what the platform's image asset
-- fields need (platform spec §3) and what serving needs (the content type).
CREATE TABLE images (
  id text PRIMARY KEY,
  website_id text NOT NULL REFERENCES websites(id),
  -- The name in the asset URL (/images/{id}/{filename}): the uploaded name made URL-safe, with the
  -- extension of the type read from the bytes.
  filename text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif')),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  focal_x double precision NOT NULL DEFAULT 0.5 CHECK (focal_x >= 0 AND focal_x <= 1),
  focal_y double precision NOT NULL DEFAULT 0.5 CHECK (focal_y >= 0 AND focal_y <= 1),
  -- { topLeft, topRight, bottomLeft, bottomRight, center }: '#rrggbb' averages of those regions.
  color_data jsonb NOT NULL,
  alt_text text NOT NULL DEFAULT '',
  title text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  -- A picture shipped with the server (the demo store's SVGs in demo-assets/): its original is
  -- rendered into the store on first request, so seeding writes no files. NULL for uploads.
  bundled_source text,
  -- Newest first in the list; the cursor carries it (an insertion order that never ties).
  list_position serial NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX images_website_list_idx ON images (website_id, list_position DESC);
