import { sql, type Kysely, type Selectable } from 'kysely';
import {
  WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES, WEBHOOK_LIMITS, WEBHOOK_MESSAGES,
  type CreatedWebhookEndpointReply, type WebhookDeliveryJson, type WebhookEndpointBody, type WebhookEndpointJson,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable, Website } from '../db/schema';
import { conflict, invalid, notFound } from '../failures';
import { newId } from '../ids';
import type { AddressList } from '../websites';
import { isWebhookUrlShape, refusedLiteralAddress } from './outgoing';
import { newWebhookSecret, sealWebhookSecret, secretPrefixOf } from './signing';

/** After a rotation the previous secret keeps signing beside the new one this long (receivers switch over). */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/** What the owner calls need: the seal key of the secrets and which non-public addresses may be saved. */
export interface WebhookServiceParts {
  sealKey: Buffer;
  allowedTargets: AddressList;
}

type EndpointRow = Selectable<WebhookEndpointsTable>;

export function endpointJson(row: EndpointRow, nowMs = Date.now()): WebhookEndpointJson {
  const graceUntil = row.previous_secret_expires_at?.getTime() ?? null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    secretPrefix: row.secret_prefix,
    previousSecretValidUntil: row.previous_secret_sealed && graceUntil !== null && graceUntil > nowMs ? graceUntil : null,
    created: row.created_at.getTime(),
    updated: row.updated_at.getTime(),
  };
}

/** The body's rules the schema cannot say: a URL that parses, is http(s) without credentials, and is not a refused address. */
function checkedBody(input: WebhookEndpointBody, parts: WebhookServiceParts): { url: string; description: string; events: string[]; enabled: boolean } {
  const url = input.url.trim();
  if (!isWebhookUrlShape(url)) throw invalid(WEBHOOK_MESSAGES.url, { url: WEBHOOK_MESSAGES.url });
  if (refusedLiteralAddress(url, parts.allowedTargets)) throw invalid(WEBHOOK_MESSAGES.urlNotPublic, { url: WEBHOOK_MESSAGES.urlNotPublic });
  // Kept in the contracts' order, each once.
  const events = WEBHOOK_EVENT_TYPES.filter((type) => input.events.includes(type));
  if (events.length === 0) throw invalid(WEBHOOK_MESSAGES.events, { events: WEBHOOK_MESSAGES.events });
  return { url, description: (input.description ?? '').trim(), events, enabled: input.enabled ?? true };
}

export const webhookEventCatalog = () => WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: WEBHOOK_EVENTS[type].description }));

/** GET /api/owner/webhooks */
export async function listWebhookEndpoints(db: Kysely<Database>, website: Website, actor: Actor) {
  authorize(actor, 'webhooks:manage');
  const rows = await db.selectFrom('webhook_endpoints').selectAll().where('website_id', '=', website.id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return { endpoints: rows.map((row) => endpointJson(row)), events: webhookEventCatalog() };
}

/** POST /api/owner/webhooks: the secret is in this answer and nowhere else in clear. */
export async function createWebhookEndpoint(db: Kysely<Database>, website: Website, actor: Actor, input: WebhookEndpointBody, parts: WebhookServiceParts): Promise<CreatedWebhookEndpointReply> {
  authorize(actor, 'webhooks:manage');
  const body = checkedBody(input, parts);
  const secret = newWebhookSecret();
  // The count and the insert in one statement: two racing creations cannot both pass the cap.
  const inserted = await sql<EndpointRow>`
    INSERT INTO webhook_endpoints (id, website_id, url, description, events, enabled, secret_sealed, secret_prefix)
    SELECT ${newId()}, ${website.id}, ${body.url}, ${body.description}, ${JSON.stringify(body.events)}::jsonb, ${body.enabled},
           ${sealWebhookSecret(parts.sealKey, secret)}, ${secretPrefixOf(secret)}
    WHERE (SELECT count(*) FROM webhook_endpoints WHERE website_id = ${website.id}) < ${WEBHOOK_LIMITS.perWebsite}
    RETURNING *`.execute(db);
  if (inserted.rows.length === 0) throw conflict(WEBHOOK_MESSAGES.tooMany);
  return { endpoint: endpointJson(inserted.rows[0]!), secret };
}

/** PUT /api/owner/webhooks/:endpointId: switching it on clears the platform's failure stop. */
export async function updateWebhookEndpoint(db: Kysely<Database>, website: Website, actor: Actor, endpointId: string, input: WebhookEndpointBody, parts: WebhookServiceParts) {
  authorize(actor, 'webhooks:manage');
  const body = checkedBody(input, parts);
  const row = await db
    .updateTable('webhook_endpoints')
    .set({
      url: body.url,
      description: body.description,
      events: JSON.stringify(body.events),
      enabled: body.enabled,
      ...(body.enabled ? { disabled_reason: null } : {}),
      updated_at: new Date(),
    })
    .where('website_id', '=', website.id)
    .where('id', '=', endpointId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return { endpoint: endpointJson(row) };
}

/** DELETE /api/owner/webhooks/:endpointId: its deliveries and their log go with it (ON DELETE CASCADE). */
export async function deleteWebhookEndpoint(db: Kysely<Database>, website: Website, actor: Actor, endpointId: string): Promise<{ deleted: true }> {
  authorize(actor, 'webhooks:manage');
  const deleted = await db.deleteFrom('webhook_endpoints').where('website_id', '=', website.id).where('id', '=', endpointId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw notFound(WEBHOOK_MESSAGES.notFound);
  return { deleted: true };
}

/**
 * POST /api/owner/webhooks/:endpointId/secret: a new secret, shown once; the one it replaces keeps signing for
 * 24 hours (both signatures in webhook-signature), so a receiver can switch without missing an event. A second
 * rotation within the grace drops the oldest secret: only the current and the one before it ever sign.
 */
export async function rotateWebhookSecret(db: Kysely<Database>, website: Website, actor: Actor, endpointId: string, parts: WebhookServiceParts, nowMs = Date.now()): Promise<CreatedWebhookEndpointReply> {
  authorize(actor, 'webhooks:manage');
  const secret = newWebhookSecret();
  const row = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({
      previous_secret_sealed: eb.ref('secret_sealed'),
      previous_secret_expires_at: new Date(nowMs + ROTATION_GRACE_MS),
      secret_sealed: sealWebhookSecret(parts.sealKey, secret),
      secret_prefix: secretPrefixOf(secret),
      updated_at: new Date(nowMs),
    }))
    .where('website_id', '=', website.id)
    .where('id', '=', endpointId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return { endpoint: endpointJson(row, nowMs), secret };
}

async function requireEndpoint(db: Kysely<Database>, website: Website, endpointId: string): Promise<void> {
  const found = await db.selectFrom('webhook_endpoints').select('id').where('website_id', '=', website.id).where('id', '=', endpointId).executeTakeFirst();
  if (!found) throw notFound(WEBHOOK_MESSAGES.notFound);
}

type DeliveryRow = Selectable<WebhookDeliveriesTable> & { event_type: string; body: string };

async function deliveriesJson(db: Kysely<Database>, rows: DeliveryRow[]): Promise<WebhookDeliveryJson[]> {
  const attempts = rows.length === 0
    ? []
    : await db.selectFrom('webhook_delivery_attempts').selectAll().where('delivery_id', 'in', rows.map((row) => row.id)).orderBy('attempt').execute();
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    // A claimed delivery is still waiting for its outcome, as far as the owner is concerned.
    status: row.status === 'sending' ? 'pending' : row.status,
    attempts: row.attempts,
    created: row.created_at.getTime(),
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.getTime() : null,
    requestBody: row.body,
    attemptLog: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        attempt: attempt.attempt,
        at: attempt.attempted_at.getTime(),
        responseStatus: attempt.response_status,
        responseBody: attempt.response_body,
        durationMs: attempt.duration_ms,
        error: attempt.error,
      })),
  }));
}

const deliveryRows = (db: Kysely<Database>, website: Website) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select(['e.type as event_type', 'e.body'])
    .where('d.website_id', '=', website.id);

/** GET /api/owner/webhooks/:endpointId/deliveries: the newest first. */
export async function listWebhookDeliveries(db: Kysely<Database>, website: Website, actor: Actor, endpointId: string): Promise<{ deliveries: WebhookDeliveryJson[] }> {
  authorize(actor, 'webhooks:manage');
  await requireEndpoint(db, website, endpointId);
  const rows = await deliveryRows(db, website).where('d.endpoint_id', '=', endpointId).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(WEBHOOK_LIMITS.deliveriesListed).execute();
  return { deliveries: await deliveriesJson(db, rows) };
}

/**
 * POST …/deliveries/:deliveryId/resend: the same event (the same webhook-id and body, so a receiver that saw it
 * already can tell) as a new delivery, due at once. The job sends to switched-on endpoints only: a resend to a
 * switched-off endpoint waits until it is switched on.
 */
export async function resendWebhookDelivery(db: Kysely<Database>, website: Website, actor: Actor, endpointId: string, deliveryId: string): Promise<{ delivery: WebhookDeliveryJson }> {
  authorize(actor, 'webhooks:manage');
  await requireEndpoint(db, website, endpointId);
  const original = await db
    .selectFrom('webhook_deliveries')
    .select(['event_id'])
    .where('website_id', '=', website.id)
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  if (!original) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  const id = newId();
  const now = new Date();
  await db.insertInto('webhook_deliveries').values({ id, website_id: website.id, endpoint_id: endpointId, event_id: original.event_id, next_attempt_at: now, created_at: now }).execute();
  const rows = await deliveryRows(db, website).where('d.id', '=', id).execute();
  const [delivery] = await deliveriesJson(db, rows);
  return { delivery: delivery! };
}
