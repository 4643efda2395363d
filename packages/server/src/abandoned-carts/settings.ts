import { sql, type Kysely } from 'kysely';
import { ABANDONED_CART_DELAYS_HOURS, type AbandonedCartSettingsJson, type AbandonedCartSummaryJson, type UpdateAbandonedCartSettingsBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { moneyJson } from '../catalog';
import type { Database, Website } from '../db/schema';

const settingsJson = (delayHours: number | null): AbandonedCartSettingsJson => ({ delayHours, delayChoices: [...ABANDONED_CART_DELAYS_HOURS] });

/** GET /api/owner/abandoned-carts/settings: off (null) until the owner chooses a delay. */
export async function getAbandonedCartSettings(db: Kysely<Database>, website: Website, actor: Actor): Promise<AbandonedCartSettingsJson> {
  authorize(actor, 'store-settings:read');
  const row = await db.selectFrom('abandoned_cart_settings').select('delay_hours').where('website_id', '=', website.id).executeTakeFirst();
  return settingsJson(row?.delay_hours ?? null);
}

/** PUT /api/owner/abandoned-carts/settings (the contract allows only 1, 4, 24 or null). */
export async function updateAbandonedCartSettings(db: Kysely<Database>, website: Website, actor: Actor, input: UpdateAbandonedCartSettingsBody): Promise<AbandonedCartSettingsJson> {
  authorize(actor, 'store-settings:write');
  const now = new Date();
  const on = input.delayHours !== null;
  // Switching on stamps enabled_at; changing only the delay keeps it; switching off clears it.
  await db
    .insertInto('abandoned_cart_settings')
    .values({ website_id: website.id, delay_hours: input.delayHours, enabled_at: on ? now : null, updated_at: now })
    .onConflict((conflict) => conflict.column('website_id').doUpdateSet({
      delay_hours: input.delayHours,
      enabled_at: on ? sql<Date>`coalesce(abandoned_cart_settings.enabled_at, ${now})` : null,
      updated_at: now,
    }))
    .execute();
  return settingsJson(input.delayHours);
}

/**
 * GET /api/owner/abandoned-carts/summary: reminders sent, and the paid orders placed from a cart after its reminder's
 * link restored it (recovered) with what they came to.
 */
export async function getAbandonedCartSummary(db: Kysely<Database>, website: Website, actor: Actor): Promise<AbandonedCartSummaryJson> {
  authorize(actor, 'reports:read');
  const [sent, recovered] = await Promise.all([
    db.selectFrom('abandoned_cart_reminders').select((eb) => eb.fn.countAll<string>().as('count'))
      .where('website_id', '=', website.id).where('status', '=', 'sent').executeTakeFirstOrThrow(),
    db.selectFrom('abandoned_cart_reminders as r')
      .innerJoin('orders as o', (join) => join.onRef('o.purchased_cart_id', '=', 'r.cart_id').onRef('o.website_id', '=', 'r.website_id'))
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.coalesce(eb.fn.sum<string>('o.grand_total_cents'), eb.lit(0)).as('revenue')])
      .where('r.website_id', '=', website.id)
      .where('r.restored_at', 'is not', null)
      .where('o.payment_status', '=', 'paid')
      .executeTakeFirstOrThrow(),
  ]);
  return { remindersSent: Number(sent.count), recoveredOrders: Number(recovered.count), recoveredRevenue: moneyJson(Number(recovered.revenue), website.currency) };
}
