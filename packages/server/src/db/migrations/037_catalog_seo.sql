-- Issue 31: products and stores get the SEO fields pages and posts have (their own page title, meta
-- description and social picture for the head tags). Empty text means "use the product's or store's own";
-- a null picture means "use the main image". The picture is one of the website's uploaded images; deleting
-- it only drops it from here.
ALTER TABLE products ADD COLUMN seo_title text NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN seo_description text NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN seo_image_id text REFERENCES images(id) ON DELETE SET NULL;
ALTER TABLE collections ADD COLUMN seo_title text NOT NULL DEFAULT '';
ALTER TABLE collections ADD COLUMN seo_description text NOT NULL DEFAULT '';
ALTER TABLE collections ADD COLUMN seo_image_id text REFERENCES images(id) ON DELETE SET NULL;
