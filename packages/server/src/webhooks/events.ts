import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { WebhookEventData, WebhookEventType } from '@vitrine/contracts';
import type { Database, Website } from '../db/schema';
import { newId } from '../ids';

/** An event id in the Standard Webhooks spelling: the webhook-id header, the receiver's de-duplication key. */
export const newWebhookEventId = () => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * Records an event, inside the transaction that causes it (an order's, a product's…): the event row and one
 * delivery for each of the website's endpoints that is switched on and subscribed to `type`, all in that
 * transaction, so an event exists exactly when its cause was committed (a rolled-back order sends nothing), and
 * a website with no endpoint for it writes nothing at all. The domains that cause events call this (it writes the
 * webhooks domain's own tables); the delivery job sends them (delivery-job.ts).
 * Answers the event id, or undefined when no endpoint wanted it.
 */
export async function recordWebhookEvent<T extends WebhookEventType>(
  trx: Transaction<Database>,
  website: Pick<Website, 'id'>,
  type: T,
  /** The event's data, or a function that reads it (called only when an endpoint wants the event: no reads otherwise). */
  data: WebhookEventData<T> | (() => Promise<WebhookEventData<T>>),
  at: Date = new Date(),
): Promise<string | undefined> {
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('website_id', '=', website.id)
    .where('enabled', '=', true)
    .where(sql<boolean>`events ? ${type}`)
    .execute();
  if (endpoints.length === 0) return undefined;
  const id = newWebhookEventId();
  const body = JSON.stringify({ type, timestamp: at.toISOString(), data: typeof data === 'function' ? await data() : data });
  await trx.insertInto('webhook_events').values({ id, website_id: website.id, type, body, created_at: at }).execute();
  await trx
    .insertInto('webhook_deliveries')
    .values(endpoints.map((endpoint) => ({ id: newId(), website_id: website.id, endpoint_id: endpoint.id, event_id: id, next_attempt_at: at, created_at: at })))
    .execute();
  return id;
}
