import { sql, type Kysely, type Selectable } from 'kysely';
import { API_KEY_LIMITS, API_KEY_MESSAGES, PERMISSIONS, permissionsOf, type ApiKeyJson, type CreateApiKeyBody, type CreatedApiKeyReply, type Permission } from '@vitrine/contracts';
import type { Actor, ApiKeyActor } from '../actor';
import type { ApiKeysTable, Database, Website } from '../db/schema';
import { conflict, forbidden, invalid, notFound, unauthenticated } from '../failures';
import { hashToken, newId } from '../ids';
import { authorize } from '../authorize';
import { displayPrefixOf, isApiKeyFormat, newApiKeySecret } from './key-format';

export const API_KEY_SERVICE_MESSAGES = {
  notValid: 'This API key is not valid, or it has been deleted.',
  withCookies: 'Send an API key without cookies: a request signs in one way only.',
  notFound: 'Sorry, that API key was not found.',
  tooMany: `A website may have at most ${API_KEY_LIMITS.perWebsite} API keys. Delete one first.`,
  scopeBeyondCreator: 'A key cannot be given a permission you do not have yourself.',
  notAnApiKey: 'This call describes the API key making it; this request was not made with one.',
} as const;

/** last_used_at is written at most once a minute per key: using a key must not cost a write per call. */
export const LAST_USED_RESOLUTION_MS = 60_000;

type ApiKeyRow = Selectable<ApiKeysTable>;

const isPermission = (value: string): value is Permission => Object.hasOwn(PERMISSIONS, value);

export function apiKeyJson(row: ApiKeyRow): ApiKeyJson {
  return {
    id: row.id,
    name: row.name,
    prefix: `${row.display_prefix}…`,
    scopes: row.scopes,
    created: row.created_at.getTime(),
    lastUsed: row.last_used_at ? row.last_used_at.getTime() : null,
  };
}

/** What the actor may hand on to a key: a role's permissions, a key's own scopes, everything for the system. */
function grantableBy(actor: Actor): readonly Permission[] {
  const principal = authorize(actor, 'api-keys:manage');
  if (principal === 'system') return Object.keys(PERMISSIONS) as Permission[];
  if ('scopes' in principal) return principal.scopes;
  return permissionsOf(principal.role);
}

/** POST /api/owner/api-keys: the secret is in this answer and nowhere else, ever. */
export async function createApiKey(db: Kysely<Database>, website: Website, actor: Actor, input: CreateApiKeyBody): Promise<CreatedApiKeyReply> {
  const grantable = grantableBy(actor);
  const name = input.name.trim();
  if (!name) throw invalid(API_KEY_MESSAGES.name, { name: API_KEY_MESSAGES.name });
  const scopes = [...new Set(input.scopes)];
  if (scopes.some((scope) => !isPermission(scope) || !grantable.includes(scope))) {
    throw forbidden(API_KEY_SERVICE_MESSAGES.scopeBeyondCreator);
  }
  const secret = newApiKeySecret();
  const createdBy = actor.kind === 'visitor' ? (actor.siteUser?.id ?? null) : actor.kind === 'api-key' ? `api-key:${actor.keyId}` : `system:${actor.name}`;
  // The count and the insert in one statement: two racing creations cannot both pass the cap.
  const row = await sql<ApiKeyRow>`
    INSERT INTO api_keys (id, website_id, name, secret_hash, display_prefix, scopes, created_by)
    SELECT ${newId()}, ${website.id}, ${name}, ${hashToken(secret)}, ${displayPrefixOf(secret)}, ${JSON.stringify(scopes)}::jsonb, ${createdBy}
    WHERE (SELECT count(*) FROM api_keys WHERE website_id = ${website.id}) < ${API_KEY_LIMITS.perWebsite}
    RETURNING *`.execute(db);
  if (row.rows.length === 0) throw conflict(API_KEY_SERVICE_MESSAGES.tooMany);
  return { apiKey: apiKeyJson(row.rows[0]), secret };
}

/** GET /api/owner/api-keys */
export async function listApiKeys(db: Kysely<Database>, website: Website, actor: Actor): Promise<{ apiKeys: ApiKeyJson[] }> {
  authorize(actor, 'api-keys:manage');
  const rows = await db.selectFrom('api_keys').selectAll().where('website_id', '=', website.id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return { apiKeys: rows.map(apiKeyJson) };
}

/** DELETE /api/owner/api-keys/:keyId: the row goes, so the next call with the key is a 401. */
export async function deleteApiKey(db: Kysely<Database>, website: Website, actor: Actor, keyId: string): Promise<{ deleted: true }> {
  authorize(actor, 'api-keys:manage');
  const deleted = await db.deleteFrom('api_keys').where('website_id', '=', website.id).where('id', '=', keyId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw notFound(API_KEY_SERVICE_MESSAGES.notFound);
  return { deleted: true };
}

/** GET /api/owner/api-keys/current */
export async function currentApiKey(db: Kysely<Database>, website: Website, actor: Actor): Promise<{ apiKey: ApiKeyJson }> {
  authorize(actor, 'contributor');
  if (actor.kind !== 'api-key') throw notFound(API_KEY_SERVICE_MESSAGES.notAnApiKey);
  const row = await db.selectFrom('api_keys').selectAll().where('website_id', '=', website.id).where('id', '=', actor.keyId).executeTakeFirst();
  if (!row) throw unauthenticated(API_KEY_SERVICE_MESSAGES.notValid);
  return { apiKey: apiKeyJson(row) };
}

/**
 * The actor of a request carrying `Authorization: Bearer vk_…`: one lookup by the secret's hash (unique
 * index). A malformed, unknown or deleted key is a 401. last_used_at is moved by a conditional update only
 * when it is a minute old, so a busy key writes once a minute, not once a call.
 */
export async function authenticateApiKey(db: Kysely<Database>, website: Website, secret: string, address: string, nowMs = Date.now()): Promise<ApiKeyActor> {
  if (!isApiKeyFormat(secret)) throw unauthenticated(API_KEY_SERVICE_MESSAGES.notValid);
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'display_prefix', 'scopes', 'last_used_at'])
    .where('secret_hash', '=', hashToken(secret))
    .where('website_id', '=', website.id)
    .executeTakeFirst();
  if (!row) throw unauthenticated(API_KEY_SERVICE_MESSAGES.notValid);
  if (!row.last_used_at || nowMs - row.last_used_at.getTime() >= LAST_USED_RESOLUTION_MS) {
    const staleBefore = new Date(nowMs - LAST_USED_RESOLUTION_MS);
    await db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(nowMs) })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', staleBefore)]))
      .execute();
  }
  return { kind: 'api-key', keyId: row.id, websiteId: website.id, prefix: `${row.display_prefix}`, scopes: row.scopes.filter(isPermission), address };
}
