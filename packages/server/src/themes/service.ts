import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { THEME_MESSAGES, THEME_UPLOAD_LIMITS, type ThemesReply } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { newId } from '../ids';
import { readThemeArchive, ThemeArchiveError } from './archive';
import { checkTheme, formatProblem } from './check';
import { validateThemeManifest } from './manifest';
import type { ThemeArchiveStore } from './store';

/**
 * Design → Themes: the website's uploaded themes and its choice (migration 045). Every read and write is scoped by
 * the request's website, so another website's theme is "no such theme" — never listed, chosen or served.
 */

async function themesReply(db: Kysely<Database>, websiteId: string): Promise<ThemesReply> {
  const rows = await db.selectFrom('website_themes').select(['id', 'name', 'version', 'byte_size', 'uploaded_at']).where('website_id', '=', websiteId).orderBy('uploaded_at', 'desc').orderBy('id', 'desc').execute();
  const choice = await db.selectFrom('website_theme_choices').select('theme_id').where('website_id', '=', websiteId).executeTakeFirst();
  return {
    themes: rows.map((row) => ({ id: row.id, name: row.name, version: row.version, byteSize: row.byte_size, uploaded: new Date(row.uploaded_at).toISOString() })),
    activeThemeId: choice?.theme_id ?? null,
  };
}

export async function listThemes(db: Kysely<Database>, website: Website, actor: Actor): Promise<ThemesReply> {
  authorize(actor, 'themes:manage');
  return themesReply(db, website.id);
}

/** Field errors keyed by `file:line` (what `theme check` prints before the message), each key once. */
function fieldErrors(entries: { location: string; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { location, message } of entries) {
    let key = location;
    for (let n = 2; key in errors; n++) key = `${location} (${n})`;
    errors[key] = message;
  }
  return errors;
}

/**
 * Installs an uploaded archive: unpacked in memory under the archive's limits (archive.ts refuses scripts, zip slip,
 * links, bombs), checked as `theme check` checks, then stored and recorded in one go — a refused archive leaves
 * nothing behind. The site keeps its current theme until the owner chooses the new one.
 */
export async function uploadTheme(db: Kysely<Database>, store: ThemeArchiveStore, website: Website, actor: Actor, archive: Buffer): Promise<ThemesReply> {
  const who = authorize(actor, 'themes:manage');
  if (archive.length === 0) throw invalid(THEME_MESSAGES.emptyFile, { file: THEME_MESSAGES.emptyFile });
  let files;
  try {
    files = await readThemeArchive(archive);
  } catch (error) {
    if (error instanceof ThemeArchiveError) throw invalid(THEME_MESSAGES.refused, fieldErrors(error.problems.map((problem) => ({ location: problem.file, message: problem.message }))));
    throw error;
  }
  const problems = checkTheme(files, { validateManifest: validateThemeManifest });
  if (problems.length > 0) {
    throw invalid(THEME_MESSAGES.refused, fieldErrors(problems.map((problem) => ({ location: problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`, message: formatProblem(problem) }))));
  }
  const manifest = JSON.parse(files.get('theme.json')!.toString('utf8')) as { name: string; version: string };
  const id = newId();
  const uploadedBy = typeof who === 'object' && 'siteUser' in who ? who.siteUser.id : null;
  await inTransaction(db, async (trx) => {
    // The website's row, locked: two uploads at once cannot both pass the count.
    await trx.selectFrom('websites').select('id').where('id', '=', website.id).forUpdate().executeTakeFirst();
    const { count } = await trx.selectFrom('website_themes').select((eb) => eb.fn.countAll<string>().as('count')).where('website_id', '=', website.id).executeTakeFirstOrThrow();
    if (Number(count) >= THEME_UPLOAD_LIMITS.themesPerWebsite) throw invalid(THEME_MESSAGES.tooMany);
    await store.write(id, archive);
    await trx.insertInto('website_themes').values({
      id, website_id: website.id, name: manifest.name.slice(0, 200), version: manifest.version.slice(0, 50), byte_size: archive.length,
      sha256: createHash('sha256').update(archive).digest('hex'), storage_key: id, uploaded_by: uploadedBy,
    }).execute();
  }).catch(async (error: unknown) => {
    await store.remove(id);
    throw error;
  });
  return themesReply(db, website.id);
}

export async function chooseTheme(db: Kysely<Database>, website: Website, actor: Actor, themeId: string | null): Promise<ThemesReply> {
  authorize(actor, 'themes:manage');
  await inTransaction(db, async (trx) => {
    if (themeId !== null) {
      const theme = await trx.selectFrom('website_themes').select('id').where('website_id', '=', website.id).where('id', '=', themeId).forShare().executeTakeFirst();
      if (!theme) throw invalid(THEME_MESSAGES.themeId, { themeId: THEME_MESSAGES.themeId });
    }
    await trx.insertInto('website_theme_choices').values({ website_id: website.id, theme_id: themeId })
      .onConflict((oc) => oc.column('website_id').doUpdateSet({ theme_id: themeId, chosen_at: new Date() })).execute();
  });
  return themesReply(db, website.id);
}

export async function deleteTheme(db: Kysely<Database>, store: ThemeArchiveStore, website: Website, actor: Actor, themeId: string): Promise<ThemesReply> {
  authorize(actor, 'themes:manage');
  const deleted = await db.deleteFrom('website_themes').where('website_id', '=', website.id).where('id', '=', themeId).returning('storage_key').executeTakeFirst();
  if (!deleted) throw notFound(THEME_MESSAGES.themeId);
  await store.remove(deleted.storage_key);
  return themesReply(db, website.id);
}

/** The theme a website renders with: its archive's key and hash, or null for the default theme. */
export async function activeThemeOf(db: Kysely<Database>, websiteId: string): Promise<{ id: string; sha256: string; storageKey: string } | null> {
  const row = await db.selectFrom('website_theme_choices').innerJoin('website_themes', 'website_themes.id', 'website_theme_choices.theme_id')
    .select(['website_themes.id', 'website_themes.sha256', 'website_themes.storage_key']).where('website_theme_choices.website_id', '=', websiteId)
    .where('website_themes.website_id', '=', websiteId).executeTakeFirst();
  return row ? { id: row.id, sha256: row.sha256, storageKey: row.storage_key } : null;
}

/** A theme of this website (for its assets), or undefined: another website's theme is never found. */
export async function websiteThemeKey(db: Kysely<Database>, websiteId: string, themeId: string): Promise<{ sha256: string; storageKey: string } | undefined> {
  const row = await db.selectFrom('website_themes').select(['sha256', 'storage_key']).where('website_id', '=', websiteId).where('id', '=', themeId).executeTakeFirst();
  return row ? { sha256: row.sha256, storageKey: row.storage_key } : undefined;
}
