-- Product images (storefront spec §9). Each product carries its images in display order, the first
-- being its main image: [{ id, assetUrl, altText, title, body, filename, originalSize }], where
-- originalSize is 'WIDTHxHEIGHT' and empty strings stand for missing texts (the alt-text fallback
-- then goes title, body, filename). Variants already name their own images in variants.image_ids.
ALTER TABLE products ADD COLUMN images jsonb NOT NULL DEFAULT '[]'::jsonb;
