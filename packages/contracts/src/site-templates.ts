import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, ResponseObject, Text } from './fields';

/**
 * Starter templates (issue 33 items 4 and 5): the looks a website's theme offers (theme.json `templates`, each a style
 * preset with layout options: header, footer, home hero, product page, grid, blog). Switching one replaces the site's
 * style values with the template's and publishes them as a new style version (so Design → Versions can go back); the
 * pages, products, blocks and settings stay exactly as they were. The owner previews a template on their own pages
 * first: a storefront page with `?design-preview=template:{id}` (editors only) renders with it.
 */

const tags = ['site-styles'];

export const SITE_TEMPLATE_LIMITS = { idLength: 40 } as const;

export const SITE_TEMPLATE_MESSAGES = {
  templateId: 'Choose one of the templates this site’s theme offers.',
  refused: 'The template was not changed. Check the field marked.',
} as const;

export const SiteTemplateSchema = ResponseObject({
  id: Type.String(),
  label: Type.String(),
  description: Type.String(),
  /** The gallery picture (a screenshot of its home page), null when the theme has none for it. */
  pictureUrl: Type.Union([Type.String(), Type.Null()]),
});
export type SiteTemplateJson = Static<typeof SiteTemplateSchema>;

export const SiteTemplatesSchema = ResponseObject({
  templates: Type.Array(SiteTemplateSchema),
  /** The template the site shows (its live style version's); the theme's first when it never chose one; null for a theme without templates. */
  currentTemplateId: Type.Union([Type.String(), Type.Null()]),
  /** The address that previews a template on one of the site's pages: add `?design-preview=template:{id}`. */
  previewParameter: Type.String(),
});
export type SiteTemplatesJson = Static<typeof SiteTemplatesSchema>;

export const SwitchSiteTemplateBodySchema = RequestBody({
  templateId: Text({ minLength: 1, maxLength: SITE_TEMPLATE_LIMITS.idLength, pattern: '^[a-z0-9]+(?:[.-][a-z0-9]+)*$', [MESSAGE_KEYWORD]: SITE_TEMPLATE_MESSAGES.templateId }),
});
export type SwitchSiteTemplateBody = Static<typeof SwitchSiteTemplateBodySchema>;

export const getSiteTemplatesContract = defineContract({
  operationId: 'getSiteTemplates',
  method: 'GET',
  url: '/api/site-templates',
  summary: "The starter templates of the site's theme, with their gallery pictures, and the one the site shows.",
  tags,
  access: 'site:read',
  schema: { response: { 200: SiteTemplatesSchema, ...ERROR_RESPONSES } },
});

export const switchSiteTemplateContract = defineContract({
  operationId: 'switchSiteTemplate',
  method: 'POST',
  url: '/api/site-templates/switch',
  summary: "Switches the site to a template: its styles and layout become the template's (published as a new style version); pages, products and settings are kept.",
  tags,
  access: 'site-styles:write',
  schema: { body: SwitchSiteTemplateBodySchema, response: { 200: SiteTemplatesSchema, ...ERROR_RESPONSES } },
});

export const SITE_TEMPLATE_CONTRACTS = [getSiteTemplatesContract, switchSiteTemplateContract] as const;
