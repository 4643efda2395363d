import type { Transaction } from 'kysely';
import { MAX_QUANTITY } from '@vitrine/commerce/add-to-cart';
import type { Database } from '../db/schema';
import { newId } from '../ids';
import { createCart, findCartByToken, findSiteUserCart } from './store';

/**
 * What happens to carts when a shopper signs in or out. A strategy, so a store can choose another
 * (keep the carts apart, or drop the anonymous one); `mergeIntoUserCart` is the default.
 */
export interface CartMergePolicy {
  /** Signing in: answers the token of the cart the user has from now on (undefined: none yet). */
  onSignIn(trx: Transaction<Database>, websiteId: string, siteUserId: string, browserCartToken: string | undefined): Promise<string | undefined>;
  /** Signing out: answers a cart token to leave with the browser, or undefined to clear the browser's cart. */
  onSignOut(trx: Transaction<Database>, websiteId: string, siteUserId: string, keepCopy: boolean): Promise<string | undefined>;
}

/**
 * The default. Signing in brings the browser's anonymous cart along: it becomes the user's cart when
 * the user has none, otherwise its lines move into the user's cart (units of a plain variant already
 * there join that line, up to 9999; personalised lines and new variants move as they are). Signing out
 * with keepCopy leaves a copy of the user's cart with the browser.
 * Locks: the user's cart first, then the anonymous one (one order everywhere).
 */
export const mergeIntoUserCart: CartMergePolicy = {
  async onSignIn(trx, websiteId, siteUserId, browserCartToken) {
    const userCart = await findSiteUserCart(trx, websiteId, siteUserId, true);
    const anonymous = browserCartToken ? await findCartByToken(trx, websiteId, browserCartToken, true) : undefined;
    const adoptable = anonymous && anonymous.kind === 'standard' && !anonymous.is_purchased && anonymous.site_user_id === null;
    if (!adoptable) return userCart?.token;
    if (!userCart) {
      await trx.updateTable('carts').set({ site_user_id: siteUserId, updated_at: new Date() }).where('id', '=', anonymous.id).execute();
      return anonymous.token;
    }
    const userEntries = await trx.selectFrom('cart_entries').selectAll().where('cart_id', '=', userCart.id).execute();
    const anonymousEntries = await trx.selectFrom('cart_entries').selectAll().where('cart_id', '=', anonymous.id).execute();
    for (const entry of anonymousEntries) {
      const same = entry.additional_fields === null
        ? userEntries.find((candidate) => candidate.variant_id === entry.variant_id && candidate.additional_fields === null)
        : undefined;
      if (same) {
        same.quantity = Math.min(MAX_QUANTITY, same.quantity + entry.quantity);
        await trx.updateTable('cart_entries').set({ quantity: same.quantity }).where('id', '=', same.id).execute();
        await trx.deleteFrom('cart_entries').where('id', '=', entry.id).execute();
      } else {
        await trx.updateTable('cart_entries').set({ cart_id: userCart.id }).where('id', '=', entry.id).execute();
      }
    }
    await trx.deleteFrom('carts').where('id', '=', anonymous.id).execute();
    return userCart.token;
  },

  async onSignOut(trx, websiteId, siteUserId, keepCopy) {
    if (!keepCopy) return undefined;
    const userCart = await findSiteUserCart(trx, websiteId, siteUserId);
    if (!userCart) return undefined;
    const copy = await createCart(trx, websiteId, 'standard');
    const entries = await trx.selectFrom('cart_entries').selectAll().where('cart_id', '=', userCart.id).execute();
    if (entries.length > 0) {
      await trx.insertInto('cart_entries').values(entries.map((entry) => ({ ...entry, id: newId(), cart_id: copy.id }))).execute();
    }
    return copy.token;
  },
};

export const defaultCartMergePolicy: CartMergePolicy = mergeIntoUserCart;
