import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  HEADLESS_LIMITS, HEADLESS_MESSAGES, type CreatePublishableKeyBody, type HeadlessSettingsJson, type PublishableKeyJson, type SaveAllowedOriginsBody,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, HeadlessKeysTable, Website } from '../db/schema';
import { conflict, invalid, notFound, unauthenticated } from '../failures';
import { newId } from '../ids';
import { normaliseOrigins } from './origins';

/**
 * Publishable keys of the headless read API (Settings → Headless API). A key is `vpk_` and 32 base64url characters:
 * unguessable, but not a secret — it ships in a frontend's JavaScript and reads only what the storefront shows. So,
 * as Stripe keeps its publishable `pk_…` keys and Shopify its Storefront API public tokens, it is stored as it is and
 * shown again whenever the owner opens the panel; what it buys an attacker is nothing the website's pages do not
 * already show. It names its website: on another website's host it is refused (401). Revoking deletes it.
 */
export const PUBLISHABLE_KEY_PREFIX = 'vpk_';
const KEY_PATTERN = /^vpk_[A-Za-z0-9_-]{32}$/;

export const newPublishableKey = (): string => `${PUBLISHABLE_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
export const isPublishableKeyFormat = (value: string): boolean => KEY_PATTERN.test(value);

type KeyRow = Selectable<HeadlessKeysTable>;

const keyJson = (row: KeyRow): PublishableKeyJson => ({ id: row.id, name: row.name, key: row.token, created: new Date(row.created_at).getTime() });

/** The website's allowed origins ([] until the owner saves some: then no browser origin may read). */
export async function allowedOriginsOf(db: Kysely<Database>, websiteId: string): Promise<string[]> {
  const row = await db.selectFrom('headless_settings').select('allowed_origins').where('website_id', '=', websiteId).executeTakeFirst();
  return row?.allowed_origins ?? [];
}

async function settingsOf(db: Kysely<Database>, website: Website): Promise<HeadlessSettingsJson> {
  const [keys, allowedOrigins] = await Promise.all([
    db.selectFrom('headless_keys').selectAll().where('website_id', '=', website.id).orderBy('created_at').orderBy('id').execute(),
    allowedOriginsOf(db, website.id),
  ]);
  return { keys: keys.map(keyJson), allowedOrigins };
}

/** GET /api/owner/headless */
export async function getHeadlessSettings(db: Kysely<Database>, website: Website, actor: Actor): Promise<HeadlessSettingsJson> {
  authorize(actor, 'api-keys:manage');
  return settingsOf(db, website);
}

/**
 * POST /api/owner/headless/keys. The website's settings row is locked first (made if missing), so two creations at
 * once count one after the other and cannot both pass the cap (a count in the INSERT alone would let both see 19).
 */
export async function createPublishableKey(db: Kysely<Database>, website: Website, actor: Actor, input: CreatePublishableKeyBody): Promise<{ key: PublishableKeyJson }> {
  authorize(actor, 'api-keys:manage');
  const name = input.name.trim();
  if (!name) throw invalid(HEADLESS_MESSAGES.keyName, { name: HEADLESS_MESSAGES.keyName });
  const row = await db.transaction().execute(async (trx) => {
    await trx.insertInto('headless_settings').values({ website_id: website.id }).onConflict((oc) => oc.column('website_id').doNothing()).execute();
    await trx.selectFrom('headless_settings').select('website_id').where('website_id', '=', website.id).forUpdate().executeTakeFirstOrThrow();
    const { count } = await trx.selectFrom('headless_keys').select((eb) => eb.fn.countAll<string>().as('count')).where('website_id', '=', website.id).executeTakeFirstOrThrow();
    if (Number(count) >= HEADLESS_LIMITS.keysPerWebsite) return undefined;
    return trx.insertInto('headless_keys').values({ id: newId(), website_id: website.id, name, token: newPublishableKey() }).returningAll().executeTakeFirstOrThrow();
  });
  if (!row) throw conflict(HEADLESS_MESSAGES.tooManyKeys);
  return { key: keyJson(row) };
}

/** DELETE /api/owner/headless/keys/:keyId */
export async function revokePublishableKey(db: Kysely<Database>, website: Website, actor: Actor, keyId: string): Promise<{ revoked: true }> {
  authorize(actor, 'api-keys:manage');
  const deleted = await db.deleteFrom('headless_keys').where('website_id', '=', website.id).where('id', '=', keyId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw notFound(HEADLESS_MESSAGES.keyNotFound);
  return { revoked: true };
}

/** PUT /api/owner/headless/origins: the whole list replaced; one bad entry refuses all of it (nothing written). */
export async function saveAllowedOrigins(db: Kysely<Database>, website: Website, actor: Actor, input: SaveAllowedOriginsBody): Promise<HeadlessSettingsJson> {
  authorize(actor, 'api-keys:manage');
  const result = normaliseOrigins(input.origins);
  if ('errors' in result) throw invalid(Object.values(result.errors)[0]!, result.errors);
  const value = JSON.stringify(result.origins);
  await db
    .insertInto('headless_settings')
    .values({ website_id: website.id, allowed_origins: value })
    .onConflict((oc) => oc.column('website_id').doUpdateSet({ allowed_origins: value, updated_at: new Date() }))
    .execute();
  return settingsOf(db, website);
}

/** A read's key: present, well formed, and one of this website's (a key of another website is unknown here: 401). */
export async function checkPublishableKey(db: Kysely<Database>, website: Website, key: string | undefined): Promise<void> {
  if (!key) throw unauthenticated(HEADLESS_MESSAGES.keyMissing);
  if (!isPublishableKeyFormat(key)) throw unauthenticated(HEADLESS_MESSAGES.keyInvalid);
  const row = await db.selectFrom('headless_keys').select('id').where('token', '=', key).where('website_id', '=', website.id).executeTakeFirst();
  if (!row) throw unauthenticated(HEADLESS_MESSAGES.keyInvalid);
}
