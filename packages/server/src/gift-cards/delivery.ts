import type { Kysely } from 'kysely';
import { checkGiftCardDelivery, GIFT_CARD_MESSAGES, todayIn, type GiftCardDelivery, type GiftCardDeliveryInput } from '@vitrine/commerce/gift-cards';
import { isValidEmail } from '@vitrine/forms/email';
import type { Actor } from '../actor';
import { FEATURE_FLAG_MESSAGES, requireFeature } from '../experiments';
import type { Database, Website } from '../db/schema';
import { conflict, invalid, notFound } from '../failures';

/** PUT /api/commerce/gift-card-delivery */
export interface GiftCardDeliveryBody extends GiftCardDeliveryInput {
  cartToken: string;
}

/** Cart tokens are 32 characters; anything far longer is not one of ours and is not looked up. */
const MAX_CART_TOKEN_LENGTH = 100;

/**
 * The cart of a checkout link, and whether it holds a gift card (product type 4). A read of the cart's tables,
 * not through the cart domain: the cart imports this domain (a cart's gift card codes), so this one cannot import it.
 */
async function giftCardCartOf(db: Kysely<Database>, website: Website, token: string) {
  if (token.length > MAX_CART_TOKEN_LENGTH) return undefined;
  return db
    .selectFrom('carts as c')
    .select(['c.id', 'c.is_purchased'])
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('cart_entries as e').innerJoin('products as p', 'p.id', 'e.product_id').select('e.id').whereRef('e.cart_id', '=', 'c.id').where('p.product_type', '=', 4),
        )
        .as('has_gift_card'),
    )
    .where('c.website_id', '=', website.id)
    .where('c.token', '=', token)
    .executeTakeFirst();
}

/**
 * Keeps what the buyer typed under "Send to someone else" for the cart they are about to pay for (a gift card
 * page's express checkout). The cart must exist, not be bought yet, and hold a gift card line; the fields pass
 * the shared rules (commerce's checkGiftCardDelivery, the island's own) with today in the store's time zone.
 * Saving again replaces it. The cards read it when the order is paid (issue.ts).
 */
export async function saveGiftCardDelivery(
  db: Kysely<Database>,
  website: Website,
  _actor: Actor,
  input: GiftCardDeliveryBody,
): Promise<{ delivery: GiftCardDelivery }> {
  await requireFeature(db, website.id, 'giftCards', FEATURE_FLAG_MESSAGES.giftCardsOff);
  const check = checkGiftCardDelivery(input, todayIn(website.time_zone), isValidEmail);
  if (!check.valid) throw invalid(check.message, check.errors as Record<string, string>);
  const cart = await giftCardCartOf(db, website, input.cartToken);
  if (!cart) throw notFound(GIFT_CARD_MESSAGES.cartUnknown);
  if (cart.is_purchased) throw conflict(GIFT_CARD_MESSAGES.cartPurchased);
  if (!cart.has_gift_card) throw invalid(GIFT_CARD_MESSAGES.notGiftCardCart);
  const { delivery } = check;
  const row = {
    website_id: website.id,
    recipient_email: delivery.recipientEmail,
    recipient_name: delivery.recipientName,
    sender_name: delivery.senderName,
    message: delivery.message,
    send_on: delivery.sendOn,
  };
  await db
    .insertInto('gift_card_deliveries')
    .values({ cart_id: cart.id, ...row })
    .onConflict((conflicting) => conflicting.column('cart_id').doUpdateSet({ ...row, updated_at: new Date() }))
    .execute();
  return { delivery };
}
