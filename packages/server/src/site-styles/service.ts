import type { Kysely } from 'kysely';
import { contrastWarnings, defaultTemplateId, findTemplate, resolveStyles, validateStyleValues, valuesForTemplate, type StyleValues, type ThemeManifest } from '@vitrine/design';
import { SITE_STYLES_LIMITS, SITE_STYLES_MESSAGES, type SiteStylesDraftBody, type SiteStylesJson, type SiteStylesVersionJson, type SiteStylesVersionsQuery } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { newId } from '../ids';
import { lockWebsiteRow, notifyWebsiteChanged, writeWebsiteSiteStyles } from '../websites';
import { compileSiteStyles, DEFAULT_STYLES, publishedSummary, SITE_STYLES_PREFIX, STYLESHEET_FILE, templateStylesheetByHash, type CompiledStyles } from './compiled';
import { findDraft, findPublishedVersion, findStylesheetByHash, insertPublishedVersion, listPublishedVersions, writeDraft, type StyleVersionRow } from './queries';
import { StylesheetCache } from './stylesheet-cache';
import { websiteThemeOf, type ThemeManifestSource } from './website-theme';

/**
 * Site styles (issue 33 item 2): a draft the owner edits, published versions kept for ever (restore any), and the
 * live version's summary on the website row (websites.site_styles: its stylesheet address, preloads and layout
 * options), so pages and every process follow a publish the way they follow identity changes. Each row keeps its
 * compiled stylesheet, so serving one is a read by (website, hash) — content-addressed, so nothing to forget.
 */

/**
 * The settings schema a website's styles are values of: its chosen uploaded theme's theme.json (themes/ registry,
 * through the port), else the default theme's.
 */
export async function manifestOf(themes: ThemeManifestSource | undefined, website: Website): Promise<ThemeManifest> {
  return (await websiteThemeOf(themes, website)).manifest;
}

/** The template a set of values belongs to: the one recorded, else the theme's first (a site that never chose one). */
function templateOf(manifest: ThemeManifest, recorded: string | null | undefined): string | null {
  return recorded && findTemplate(manifest, recorded) ? recorded : defaultTemplateId(manifest);
}

/** Who made a version: the contributor's account id, an API key's, or null. */
export function actorId(actor: Actor): string | null {
  if (actor.kind === 'visitor') return actor.siteUser?.id ?? null;
  if (actor.kind === 'api-key') return `api-key:${actor.keyId}`;
  return null;
}

async function stylesJson(db: Kysely<Database>, website: Website, manifest: ThemeManifest): Promise<SiteStylesJson> {
  const draft = await findDraft(db, website.id);
  const liveId = website.site_styles?.versionId ?? null;
  const live = liveId ? await findPublishedVersion(db, website.id, liveId) : undefined;
  const draftValues = draft?.values ?? live?.values ?? {};
  return {
    templateId: templateOf(manifest, draft ? draft.templateId : live?.templateId),
    manifest,
    draft: draftValues,
    published: live?.values ?? {},
    publishedVersionId: live?.id ?? null,
    stylesheetUrl: website.site_styles?.stylesheetUrl ?? DEFAULT_STYLES.stylesheetUrl,
    contrastWarnings: contrastWarnings(manifest, resolveStyles(manifest, draftValues)),
    draftStylesheetUrl: draft ? `${SITE_STYLES_PREFIX}${draft.hash}.css` : (website.site_styles?.stylesheetUrl ?? DEFAULT_STYLES.stylesheetUrl),
  };
}

/** GET /api/site-styles. */
export async function getSiteStyles(db: Kysely<Database>, website: Website, actor: Actor, themes?: ThemeManifestSource): Promise<SiteStylesJson> {
  authorize(actor, 'site:read');
  return stylesJson(db, website, await manifestOf(themes, website));
}

/** The website row as it is now (a publish in this request changed it). */
async function reread(db: Kysely<Database>, websiteId: string): Promise<Website> {
  const row = await db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirst();
  if (!row) throw notFound('That website no longer exists.');
  return row;
}

/** The template the draft belongs to now: the draft's, else the live version's (else the theme's first). */
async function draftTemplateOf(db: Kysely<Database>, website: Website, manifest: ThemeManifest): Promise<string | null> {
  const draft = await findDraft(db, website.id);
  if (draft) return templateOf(manifest, draft.templateId);
  const liveId = website.site_styles?.versionId;
  return templateOf(manifest, liveId ? (await findPublishedVersion(db, website.id, liveId))?.templateId : website.site_styles?.templateId);
}

async function saveDraftValues(db: Kysely<Database>, website: Website, actor: Actor, manifest: ThemeManifest, values: StyleValues, templateId: string | null): Promise<SiteStylesJson> {
  const compiled = compileSiteStyles(manifest, values);
  await writeDraft(db, { id: newId(), websiteId: website.id, values, stylesheet: compiled.css, hash: compiled.hash, createdBy: actorId(actor), templateId });
  return stylesJson(db, website, manifest);
}

/** PUT /api/site-styles/draft: replaces the draft's values; every bad one named by its setting id, nothing written. */
export async function saveSiteStylesDraft(db: Kysely<Database>, website: Website, actor: Actor, input: SiteStylesDraftBody, themes?: ThemeManifestSource): Promise<SiteStylesJson> {
  authorize(actor, 'site-styles:write');
  const manifest = await manifestOf(themes, website);
  const checked = validateStyleValues(manifest, input.values);
  if (!checked.ok) throw invalid(SITE_STYLES_MESSAGES.invalidValues, Object.fromEntries(checked.errors.map((error) => [error.field, error.message])));
  // Colours are stored as the stylesheet writes them (lower case), so a value read back compares equal.
  const values = Object.fromEntries(Object.entries(input.values).map(([id, value]) => [id, typeof value === 'string' && /^#[0-9A-Fa-f]{6}$/.test(value) ? value.toLowerCase() : value]));
  return saveDraftValues(db, website, actor, manifest, values, await draftTemplateOf(db, website, manifest));
}

/**
 * POST /api/site-styles/reset: the draft becomes its template's values (the theme's defaults for a theme without
 * templates), the owner's text settings (address, phone) kept, as a template switch keeps them.
 */
export async function resetSiteStyles(db: Kysely<Database>, website: Website, actor: Actor, themes?: ThemeManifestSource): Promise<SiteStylesJson> {
  authorize(actor, 'site-styles:write');
  const manifest = await manifestOf(themes, website);
  const templateId = await draftTemplateOf(db, website, manifest);
  const template = templateId ? findTemplate(manifest, templateId) : undefined;
  const current = (await findDraft(db, website.id))?.values ?? {};
  return saveDraftValues(db, website, actor, manifest, template ? valuesForTemplate(manifest, template, current) : {}, templateId);
}

/**
 * POST /api/site-styles/publish: the draft (or, without one, the live values) becomes a new version and the
 * site's live styles. The website row is locked, so two publishes at once make two versions one after the other.
 */
export async function publishSiteStyles(db: Kysely<Database>, website: Website, actor: Actor, themes?: ThemeManifestSource): Promise<SiteStylesJson> {
  authorize(actor, 'site-styles:write');
  const manifest = await manifestOf(themes, website);
  await inTransaction(db, async (trx) => {
    const current = await lockWebsiteRow(trx, website.id);
    if (!current) throw notFound('That website no longer exists.');
    const draft = await findDraft(trx, website.id);
    const liveId = current.site_styles?.versionId;
    const live = liveId ? await findPublishedVersion(trx, website.id, liveId) : undefined;
    const values = draft?.values ?? live?.values ?? {};
    const templateId = templateOf(manifest, draft ? draft.templateId : live?.templateId);
    await publishValues(trx, website.id, manifest, values, templateId, actorId(actor));
  });
  notifyWebsiteChanged(website.id);
  return stylesJson(db, await reread(db, website.id), manifest);
}

/**
 * Publishes values as a new version and the site's live styles, in the caller's transaction (the website row locked
 * by it): publish, a template switch and a new website's chosen template share it.
 */
export async function publishValues(
  trx: Kysely<Database>, websiteId: string, manifest: ThemeManifest, values: StyleValues, templateId: string | null, createdBy: string | null,
): Promise<CompiledStyles> {
  const compiled: CompiledStyles = compileSiteStyles(manifest, values);
  const version = await insertPublishedVersion(trx, { id: newId(), websiteId, values, stylesheet: compiled.css, hash: compiled.hash, createdBy, templateId });
  await writeWebsiteSiteStyles(trx, websiteId, publishedSummary(version.id, compiled, templateId));
  return compiled;
}

/** POST /api/site-styles/versions/:versionId/restore: the draft takes that version's values (publish to show them). */
export async function restoreSiteStylesVersion(db: Kysely<Database>, website: Website, actor: Actor, versionId: string, themes?: ThemeManifestSource): Promise<SiteStylesJson> {
  authorize(actor, 'site-styles:write');
  const version = await findPublishedVersion(db, website.id, versionId);
  if (!version) throw notFound(SITE_STYLES_MESSAGES.versionUnknown);
  const manifest = await manifestOf(themes, website);
  return saveDraftValues(db, website, actor, manifest, version.values, templateOf(manifest, version.templateId));
}

function encodeCursor(row: StyleVersionRow): string {
  return Buffer.from(`${row.publishedAt!.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { publishedAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const publishedAt = new Date(at ?? '');
  if (!id || Number.isNaN(publishedAt.getTime())) throw invalid(SITE_STYLES_MESSAGES.cursor, { cursor: SITE_STYLES_MESSAGES.cursor });
  return { publishedAt, id };
}

/** GET /api/site-styles/versions: newest first, `limit` a page (20 unless asked), `nextCursor` null on the last page. */
export async function listSiteStylesVersions(
  db: Kysely<Database>, website: Website, actor: Actor, query: SiteStylesVersionsQuery,
): Promise<{ versions: SiteStylesVersionJson[]; nextCursor: string | null }> {
  authorize(actor, 'site:read');
  const limit = query.limit ? Number(query.limit) : SITE_STYLES_LIMITS.versionsPage.default;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await listPublishedVersions(db, website.id, limit + 1, after);
  const page = rows.slice(0, limit);
  const liveId = website.site_styles?.versionId ?? null;
  return {
    versions: page.map((row) => ({
      id: row.id, values: row.values, templateId: row.templateId, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy,
      publishedAt: row.publishedAt!.toISOString(), live: row.id === liveId,
    })),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

/**
 * GET /assets/site-styles/{hash}.css: one of this website's stylesheets (its draft's or any published version's —
 * a page cached before a publish still gets its styles), the theme's defaults, or one of its theme's templates
 * compiled (what a template preview links); undefined (404) for any other name.
 */
export async function siteStylesheet(db: Kysely<Database>, website: Website, cache: StylesheetCache, fileName: string, themes?: ThemeManifestSource): Promise<string | undefined> {
  const match = STYLESHEET_FILE.exec(fileName);
  if (!match) return undefined;
  const hash = match[1]!;
  if (hash === DEFAULT_STYLES.hash) return DEFAULT_STYLES.css;
  const cached = cache.get(db, website.id, hash);
  if (cached !== undefined) return cached;
  const css = (await findStylesheetByHash(db, website.id, hash)) ?? templateStylesheetByHash(await manifestOf(themes, website), hash);
  if (css !== undefined) cache.set(db, website.id, hash, css);
  return css;
}

/** The draft's compiled styles, for `?design-preview=draft` (an editor's own view of a page). */
export async function draftStylesFor(db: Kysely<Database>, website: Website, themes?: ThemeManifestSource): Promise<CompiledStyles | undefined> {
  const draft = await findDraft(db, website.id);
  return draft ? compileSiteStyles(await manifestOf(themes, website), draft.values) : undefined;
}
