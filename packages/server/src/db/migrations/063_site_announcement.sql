-- Issue 34 item 4: the announcement bar above the header — { enabled, text, linkLabel, linkUrl, colourTheme } beside
-- the footer. NULL until the owner saves one: no bar.
ALTER TABLE site_header_footer ADD COLUMN announcement jsonb;
