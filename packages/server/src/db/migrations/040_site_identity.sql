-- Issue 33 item 1: the site's identity, beside its title (websites.site_title): a tagline, a logo with its alt
-- text, a favicon and a social sharing picture. Each picture is one of the website's uploaded images (the
-- site-settings service checks that it is this website's); deleting the picture only drops it from here, as
-- the products' and stores' social pictures (migration 037).
ALTER TABLE websites ADD COLUMN site_tagline text NOT NULL DEFAULT '';
ALTER TABLE websites ADD COLUMN logo_image_id text REFERENCES images(id) ON DELETE SET NULL;
ALTER TABLE websites ADD COLUMN logo_alt_text text NOT NULL DEFAULT '';
ALTER TABLE websites ADD COLUMN favicon_image_id text REFERENCES images(id) ON DELETE SET NULL;
ALTER TABLE websites ADD COLUMN social_image_id text REFERENCES images(id) ON DELETE SET NULL;
-- What pages and mail need of those pictures without reading images on every page or message:
-- { "<imageId>": { "assetUrl": "/images/…", "width": …, "height": … } }, written with the ids. An image id's address
-- and size never change (a new picture is a new id), so the copy cannot go stale; a picture is used only while its
-- id is still in its column, so a deleted one (its column set to NULL above) is never shown.
ALTER TABLE websites ADD COLUMN identity_pictures jsonb NOT NULL DEFAULT '{}'::jsonb;
