import type { Kysely } from 'kysely';
import type { Database, Website } from '../db/schema';
import { cartRestoreLinksFor } from './links';

/**
 * The reminder's link: the cart it names becomes the visitor's (its token for the cart cookie), in any browser, while
 * the link is valid and the cart not bought; the first use marks the reminder restored (an order from the cart is then
 * counted as recovered). Undefined for a bad or expired link, another website's cart or a bought one.
 */
export async function restoreCart(db: Kysely<Database>, website: Website, token: string, now: Date = new Date()): Promise<{ cartToken: string } | undefined> {
  const cartId = (await cartRestoreLinksFor(db)).read(website.id, token, now);
  if (!cartId) return undefined;
  const cart = await db.selectFrom('carts').select(['token', 'is_purchased']).where('website_id', '=', website.id).where('id', '=', cartId).executeTakeFirst();
  if (!cart || cart.is_purchased) return undefined;
  await db.updateTable('abandoned_cart_reminders').set({ restored_at: now }).where('website_id', '=', website.id).where('cart_id', '=', cartId).where('restored_at', 'is', null).execute();
  return { cartToken: cart.token };
}
