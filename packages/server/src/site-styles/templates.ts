import type { Kysely } from 'kysely';
import { findTemplate, starterTemplates, valuesForTemplate, type StyleValues, type ThemeManifest } from '@vitrine/design';
import { SITE_TEMPLATE_MESSAGES, type SiteTemplatesJson, type SwitchSiteTemplateBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { lockWebsiteRow, notifyWebsiteChanged } from '../websites';
import { compileSiteStyles, DEFAULT_MANIFEST, type CompiledStyles } from './compiled';
import { findDraft, findPublishedVersion, writeDraft } from './queries';
import { actorId, publishValues } from './service';
import { newId } from '../ids';
import { websiteThemeOf, type ThemeManifestSource, type WebsiteTheme } from './website-theme';

/**
 * Starter templates (issue 33 items 4 and 5): the looks of the website's theme (theme.json `templates`). A website's
 * template is its live style version's (migration 046); switching one publishes the template's values as a new
 * version — the style values and the layout options only, so pages, products, blocks and settings are untouched,
 * and Design → Versions can restore the look before the switch. The owner's text settings (address, phone) are kept.
 */

/** The query parameter a storefront page takes to preview a template (editors only; pages/routes.ts). */
export const TEMPLATE_PREVIEW_PREFIX = 'template:';

function currentTemplateOf(manifest: ThemeManifest, website: Website): string | null {
  const recorded = website.site_styles?.templateId;
  if (recorded && findTemplate(manifest, recorded)) return recorded;
  return starterTemplates(manifest)[0]?.id ?? null;
}

function templatesJson(theme: WebsiteTheme, website: Website): SiteTemplatesJson {
  return {
    templates: starterTemplates(theme.manifest).map((template) => ({
      id: template.id,
      label: template.label,
      description: template.description,
      pictureUrl: template.picture ? `${theme.assetsUrl}${template.picture}` : null,
    })),
    currentTemplateId: currentTemplateOf(theme.manifest, website),
    previewParameter: 'design-preview',
  };
}

/** GET /api/site-templates. */
export async function listSiteTemplates(db: Kysely<Database>, website: Website, actor: Actor, themes?: ThemeManifestSource): Promise<SiteTemplatesJson> {
  void db;
  authorize(actor, 'site:read');
  return templatesJson(await websiteThemeOf(themes, website), website);
}

/** The owner's values to carry into another template: the draft's (what they last typed), else the live ones. */
async function currentValues(db: Kysely<Database>, website: Website): Promise<StyleValues> {
  const draft = await findDraft(db, website.id);
  if (draft) return draft.values;
  const liveId = website.site_styles?.versionId;
  return (liveId ? (await findPublishedVersion(db, website.id, liveId))?.values : undefined) ?? {};
}

const unknownTemplate = () => invalid(SITE_TEMPLATE_MESSAGES.refused, { templateId: SITE_TEMPLATE_MESSAGES.templateId });

/**
 * POST /api/site-templates/switch: the template's values become the draft and a new published version at once, in
 * one transaction with the website row locked (two switches at once publish one after the other). An id the theme
 * does not offer is a field error, nothing written.
 */
export async function switchSiteTemplate(
  db: Kysely<Database>, website: Website, actor: Actor, input: SwitchSiteTemplateBody, themes?: ThemeManifestSource,
): Promise<SiteTemplatesJson> {
  authorize(actor, 'site-styles:write');
  const theme = await websiteThemeOf(themes, website);
  const template = findTemplate(theme.manifest, input.templateId);
  if (!template) throw unknownTemplate();
  const createdBy = actorId(actor);
  await inTransaction(db, async (trx) => {
    const current = await lockWebsiteRow(trx, website.id);
    if (!current) throw notFound('That website no longer exists.');
    const values = valuesForTemplate(theme.manifest, template, await currentValues(trx, current));
    const compiled = await publishValues(trx, website.id, theme.manifest, values, template.id, createdBy);
    // The draft follows: the Design screen opens on the new template's values, not the old look's.
    await writeDraft(trx, { id: newId(), websiteId: website.id, values, stylesheet: compiled.css, hash: compiled.hash, createdBy, templateId: template.id });
  });
  notifyWebsiteChanged(website.id);
  const row = await db.selectFrom('websites').selectAll().where('id', '=', website.id).executeTakeFirst();
  if (!row) throw notFound('That website no longer exists.');
  return templatesJson(theme, row);
}

/**
 * A new website's template (platform/create-website.ts), in the creation's transaction: the template's values (and
 * any text settings the creation brings, the sample content's address) published as its first style version. The
 * default theme's: a new website has no uploaded theme. Unknown ids are the caller's to refuse (isStarterTemplate).
 */
export async function applyStarterTemplateIn(trx: Kysely<Database>, websiteId: string, templateId: string, extraValues: StyleValues = {}): Promise<void> {
  const template = findTemplate(DEFAULT_MANIFEST, templateId);
  if (!template) throw unknownTemplate();
  await publishValues(trx, websiteId, DEFAULT_MANIFEST, valuesForTemplate(DEFAULT_MANIFEST, template, extraValues), template.id, null);
}

/** The default theme's templates, for the platform's "Create a website" gallery. */
export function defaultStarterTemplates(): Array<{ id: string; label: string; description: string; pictureUrl: string | null }> {
  return templatesJson({ manifest: DEFAULT_MANIFEST, assetsUrl: '/assets/theme/' }, { site_styles: null } as Website).templates;
}

export function isStarterTemplate(templateId: string): boolean {
  return findTemplate(DEFAULT_MANIFEST, templateId) !== undefined;
}

/**
 * `?design-preview=template:{id}`: the page as it would look with that template — its values with the owner's live
 * text settings — for an editor deciding whether to switch. undefined for an id the theme does not offer.
 */
export async function templatePreviewStylesFor(db: Kysely<Database>, website: Website, templateId: string, themes?: ThemeManifestSource): Promise<CompiledStyles | undefined> {
  const theme = await websiteThemeOf(themes, website);
  const template = findTemplate(theme.manifest, templateId);
  if (!template) return undefined;
  const liveId = website.site_styles?.versionId;
  const live = (liveId ? (await findPublishedVersion(db, website.id, liveId))?.values : undefined) ?? {};
  return compileSiteStyles(theme.manifest, valuesForTemplate(theme.manifest, template, live));
}
