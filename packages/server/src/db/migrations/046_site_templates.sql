-- Issue 33 items 4 and 5: starter templates. A template is a set of style values (a style preset and the layout
-- options: header, footer, home hero, product page, grid, blog) that the theme's theme.json names; which one a
-- website uses is recorded on its style versions: the draft's and each published version's template_id (so a
-- restored version brings its template back, and Reset returns to the template's values), and on the live summary
-- (websites.site_styles' "templateId"). NULL: the theme's first template (a website that never chose one).
ALTER TABLE site_style_versions ADD COLUMN template_id text;
