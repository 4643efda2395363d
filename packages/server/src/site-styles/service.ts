import type { Kysely } from 'kysely';
import { contrastWarnings, resolveStyles, validateStyleValues, type StyleValues, type ThemeManifest } from '@vitrine/design';
import { SITE_STYLES_LIMITS, SITE_STYLES_MESSAGES, type SiteStylesDraftBody, type SiteStylesJson, type SiteStylesVersionJson, type SiteStylesVersionsQuery } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { newId } from '../ids';
import { lockWebsiteRow, notifyWebsiteChanged, writeWebsiteSiteStyles } from '../websites';
import { compileSiteStyles, DEFAULT_MANIFEST, DEFAULT_STYLES, publishedSummary, SITE_STYLES_PREFIX, STYLESHEET_FILE, type CompiledStyles } from './compiled';
import { findDraft, findPublishedVersion, findStylesheetByHash, insertPublishedVersion, listPublishedVersions, writeDraft, type StyleVersionRow } from './queries';
import { StylesheetCache } from './stylesheet-cache';

/**
 * Site styles (issue 33 item 2): a draft the owner edits, published versions kept for ever (restore any), and the
 * live version's summary on the website row (websites.site_styles: its stylesheet address, preloads and layout
 * options), so pages and every process follow a publish the way they follow identity changes. Each row keeps its
 * compiled stylesheet, so serving one is a read by (website, hash) — content-addressed, so nothing to forget.
 */

/** The theme a website's styles are values of. One theme today; a website's own choice would be read here. */
export function manifestOf(_website: Website): ThemeManifest {
  return DEFAULT_MANIFEST;
}

function actorId(actor: Actor): string | null {
  if (actor.kind === 'visitor') return actor.siteUser?.id ?? null;
  if (actor.kind === 'api-key') return `api-key:${actor.keyId}`;
  return null;
}

async function stylesJson(db: Kysely<Database>, website: Website): Promise<SiteStylesJson> {
  const manifest = manifestOf(website);
  const draft = await findDraft(db, website.id);
  const liveId = website.site_styles?.versionId ?? null;
  const live = liveId ? await findPublishedVersion(db, website.id, liveId) : undefined;
  const draftValues = draft?.values ?? live?.values ?? {};
  return {
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
export async function getSiteStyles(db: Kysely<Database>, website: Website, actor: Actor): Promise<SiteStylesJson> {
  authorize(actor, 'site:read');
  return stylesJson(db, website);
}

/** The website row as it is now (a publish in this request changed it). */
async function reread(db: Kysely<Database>, websiteId: string): Promise<Website> {
  const row = await db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirst();
  if (!row) throw notFound('That website no longer exists.');
  return row;
}

async function saveDraftValues(db: Kysely<Database>, website: Website, actor: Actor, values: StyleValues): Promise<SiteStylesJson> {
  const compiled = compileSiteStyles(manifestOf(website), values);
  await writeDraft(db, { id: newId(), websiteId: website.id, values, stylesheet: compiled.css, hash: compiled.hash, createdBy: actorId(actor) });
  return stylesJson(db, website);
}

/** PUT /api/site-styles/draft: replaces the draft's values; every bad one named by its setting id, nothing written. */
export async function saveSiteStylesDraft(db: Kysely<Database>, website: Website, actor: Actor, input: SiteStylesDraftBody): Promise<SiteStylesJson> {
  authorize(actor, 'site-styles:write');
  const checked = validateStyleValues(manifestOf(website), input.values);
  if (!checked.ok) throw invalid(SITE_STYLES_MESSAGES.invalidValues, Object.fromEntries(checked.errors.map((error) => [error.field, error.message])));
  // Colours are stored as the stylesheet writes them (lower case), so a value read back compares equal.
  const values = Object.fromEntries(Object.entries(input.values).map(([id, value]) => [id, typeof value === 'string' && /^#[0-9A-Fa-f]{6}$/.test(value) ? value.toLowerCase() : value]));
  return saveDraftValues(db, website, actor, values);
}

/** POST /api/site-styles/reset: the draft becomes the theme's defaults. */
export async function resetSiteStyles(db: Kysely<Database>, website: Website, actor: Actor): Promise<SiteStylesJson> {
  authorize(actor, 'site-styles:write');
  return saveDraftValues(db, website, actor, {});
}

/**
 * POST /api/site-styles/publish: the draft (or, without one, the live values) becomes a new version and the
 * site's live styles. The website row is locked, so two publishes at once make two versions one after the other.
 */
export async function publishSiteStyles(db: Kysely<Database>, website: Website, actor: Actor): Promise<SiteStylesJson> {
  authorize(actor, 'site-styles:write');
  await inTransaction(db, async (trx) => {
    const current = await lockWebsiteRow(trx, website.id);
    if (!current) throw notFound('That website no longer exists.');
    const draft = await findDraft(trx, website.id);
    const liveId = current.site_styles?.versionId;
    const values = draft?.values ?? (liveId ? (await findPublishedVersion(trx, website.id, liveId))?.values : undefined) ?? {};
    const compiled: CompiledStyles = compileSiteStyles(manifestOf(current), values);
    const version = await insertPublishedVersion(trx, { id: newId(), websiteId: website.id, values, stylesheet: compiled.css, hash: compiled.hash, createdBy: actorId(actor) });
    await writeWebsiteSiteStyles(trx, website.id, publishedSummary(version.id, compiled));
  });
  notifyWebsiteChanged(website.id);
  return stylesJson(db, await reread(db, website.id));
}

/** POST /api/site-styles/versions/:versionId/restore: the draft takes that version's values (publish to show them). */
export async function restoreSiteStylesVersion(db: Kysely<Database>, website: Website, actor: Actor, versionId: string): Promise<SiteStylesJson> {
  authorize(actor, 'site-styles:write');
  const version = await findPublishedVersion(db, website.id, versionId);
  if (!version) throw notFound(SITE_STYLES_MESSAGES.versionUnknown);
  return saveDraftValues(db, website, actor, version.values);
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
      id: row.id, values: row.values, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy,
      publishedAt: row.publishedAt!.toISOString(), live: row.id === liveId,
    })),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

/**
 * GET /assets/site-styles/{hash}.css: one of this website's stylesheets (its draft's or any published version's —
 * a page cached before a publish still gets its styles), or the theme's defaults; undefined (404) for any other name.
 */
export async function siteStylesheet(db: Kysely<Database>, website: Website, cache: StylesheetCache, fileName: string): Promise<string | undefined> {
  const match = STYLESHEET_FILE.exec(fileName);
  if (!match) return undefined;
  const hash = match[1]!;
  if (hash === DEFAULT_STYLES.hash) return DEFAULT_STYLES.css;
  const cached = cache.get(db, website.id, hash);
  if (cached !== undefined) return cached;
  const css = await findStylesheetByHash(db, website.id, hash);
  if (css !== undefined) cache.set(db, website.id, hash, css);
  return css;
}

/** The draft's compiled styles, for `?design-preview=draft` (an editor's own view of a page). */
export async function draftStylesFor(db: Kysely<Database>, website: Website): Promise<CompiledStyles | undefined> {
  const draft = await findDraft(db, website.id);
  return draft ? compileSiteStyles(manifestOf(website), draft.values) : undefined;
}
