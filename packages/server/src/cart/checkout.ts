import { sql, type Kysely, type Transaction } from 'kysely';
import { CART_MESSAGES, type ShoppingCart } from '@vitrine/commerce/cart';
import { ADDRESS_MESSAGES, checkAddress, COUPON_MESSAGES, lineNeedsShipping, normaliseCouponCode, zoneFor, type AddressInput } from '@vitrine/commerce/checkout';
import type { AddressBody, UpdateCheckoutBody } from '@vitrine/contracts';
import { GIFT_CARD_MESSAGES } from '@vitrine/commerce/gift-cards';
import type { Actor } from '../actor';
import { FEATURE_FLAG_MESSAGES, requireFeature } from '../experiments';
import { checkoutRulesFor, findCouponsByCodes } from '../checkout-settings';
import { giftCardBalances } from '../gift-cards';
import type { CartCheckoutState, Database, PostalAddress, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { shoppingCartWithCheckout } from './cart-json';
import { cartOwnerOf } from './service';
import { lockCartByToken, readVisitorCart, type CartWithLines } from './store';

/**
 * What the shopper tells checkout, kept on the cart (carts.checkout) so the checkout page, a reload and the order
 * all read the same answers: email, shipping and billing addresses, the chosen shipping option, coupon and gift card
 * codes. Every call locks the cart, checks what it was given with the shared rules, writes the state and answers
 * the cart with its totals recomputed.
 */

export const CHECKOUT_MESSAGES = {
  alreadyPurchased: 'This cart has already been purchased.',
  cartTokenInvalid: 'That checkout link is no longer valid.',
  tooManyCodes: 'You can use up to 5 codes at once.',
  couponNotInCart: 'That coupon is not in your cart.',
  giftCardNotInCart: 'That gift card is not in your cart.',
  shippingOptionUnknown: 'Choose one of the shipping options offered.',
} as const;

/** Codes a cart may hold at once, of each kind. */
export const MAX_CART_CODES = 5;

/** The cart being checked out: the checkout link's (`cartToken`) or the visitor's own; locked for the transaction. */
export async function lockCheckoutCart(trx: Transaction<Database>, website: Website, actor: Actor, cartToken: string | null | undefined): Promise<CartWithLines> {
  if (cartToken !== undefined && cartToken !== null && cartToken !== '') {
    const found = await lockCartByToken(trx, website.id, cartToken);
    if (!found) throw notFound(CHECKOUT_MESSAGES.cartTokenInvalid);
    if (found.cart.is_purchased) throw invalid(CHECKOUT_MESSAGES.alreadyPurchased);
    return found;
  }
  const found = await readVisitorCart(trx, website.id, cartOwnerOf(actor), trx);
  if (!found || found.lines.length === 0) throw invalid(CART_MESSAGES.empty);
  return found;
}

/** Writes a cart's checkout state (the cart is locked by the caller). */
export async function writeCheckoutState(trx: Transaction<Database>, cartId: string, state: CartCheckoutState): Promise<void> {
  await trx.updateTable('carts').set({ checkout: JSON.stringify(state), updated_at: sql`now()` }).where('id', '=', cartId).execute();
}

/** Runs a change to a cart's checkout state and answers the cart as it is afterwards. */
async function changeCheckout(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  cartToken: string | null | undefined,
  change: (found: CartWithLines, trx: Transaction<Database>) => Promise<CartCheckoutState> | CartCheckoutState,
): Promise<{ shoppingCart: ShoppingCart }> {
  return inTransaction(db, async (trx) => {
    const found = await lockCheckoutCart(trx, website, actor, cartToken);
    const state = await change(found, trx);
    await writeCheckoutState(trx, found.cart.id, state);
    return { shoppingCart: await shoppingCartWithCheckout(trx, website, { ...found.cart, checkout: state }, found.lines) };
  });
}

/** Field errors of an address, named `${prefix}.${field}` as the checkout form's inputs are. */
function addressOrFail(prefix: string, body: AddressBody): PostalAddress {
  const result = checkAddress(body as AddressInput);
  if (result.ok) return result.address;
  const errors = Object.fromEntries(Object.entries(result.errors).map(([field, message]) => [`${prefix}.${field}`, message!]));
  throw invalid(Object.values(errors)[0]!, errors);
}

/** A country's name in the store's language ('BR' → 'Brazil'), for messages; the code itself when unnamed. */
export const countryName = (code: string, locale: string) => {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** What a checkout answer may change: the fields of PUT …/shopping-cart/checkout (and of an order placed in one call). */
export type CheckoutAnswers = Omit<UpdateCheckoutBody, 'cartToken'>;

/**
 * The cart's checkout state with these answers applied: each field given replaces the cart's (null clears it), the
 * rest is kept. Addresses are checked with the country's rules; a shipping address the store does not ship to is
 * refused by its country field.
 */
export async function checkoutStateWith(trx: Transaction<Database>, website: Website, { cart, lines }: CartWithLines, input: CheckoutAnswers): Promise<CartCheckoutState> {
  const state: CartCheckoutState = { ...cart.checkout };
  if (input.email !== undefined) {
    if (input.email === null) delete state.email;
    else state.email = input.email.trim();
  }
  if (input.shippingAddress !== undefined) {
    if (input.shippingAddress === null) delete state.shippingAddress;
    else {
      const address = addressOrFail('shippingAddress', input.shippingAddress);
      // Somewhere the store does not ship is refused here, by the country field, rather than at the pay button.
      if (lines.some((line) => lineNeedsShipping({ productType: line.product.product_type }))) {
        const { zones } = await checkoutRulesFor(trx, website);
        if (zones.length > 0 && !zoneFor({ country: address.country, region: address.region }, zones)) {
          const message = ADDRESS_MESSAGES.noShipping(countryName(address.country, website.locale));
          throw invalid(message, { 'shippingAddress.country': message });
        }
      }
      state.shippingAddress = address;
    }
  }
  if (input.billingAddress !== undefined) {
    if (input.billingAddress === null) delete state.billingAddress;
    else state.billingAddress = addressOrFail('billingAddress', input.billingAddress);
  }
  if (input.selectedShippingOptionId !== undefined) {
    if (input.selectedShippingOptionId === null) delete state.selectedShippingOptionId;
    else state.selectedShippingOptionId = input.selectedShippingOptionId;
  }
  return state;
}

/** PUT …/shopping-cart/checkout */
export async function updateCheckout(db: Kysely<Database>, website: Website, actor: Actor, input: UpdateCheckoutBody): Promise<{ shoppingCart: ShoppingCart }> {
  const { cartToken, ...answers } = input;
  return changeCheckout(db, website, actor, cartToken, (found, trx) => checkoutStateWith(trx, website, found, answers));
}

/** POST …/shopping-cart/coupons: a code with no coupon is refused; one that does not apply yet is kept (invalidCoupons says why). */
export async function applyCoupon(db: Kysely<Database>, website: Website, actor: Actor, input: { cartToken?: string | null; code: string }) {
  return changeCheckout(db, website, actor, input.cartToken, async ({ cart }, trx) => {
    const code = input.code.trim();
    const codes = cart.checkout.couponCodes ?? [];
    if (codes.some((entered) => normaliseCouponCode(entered) === normaliseCouponCode(code))) return cart.checkout;
    const [coupon] = await findCouponsByCodes(trx, website, [code]);
    if (!coupon) throw invalid(COUPON_MESSAGES.notFound, { code: COUPON_MESSAGES.notFound });
    if (codes.length >= MAX_CART_CODES) throw invalid(CHECKOUT_MESSAGES.tooManyCodes, { code: CHECKOUT_MESSAGES.tooManyCodes });
    return { ...cart.checkout, couponCodes: [...codes, code] };
  });
}

/** DELETE …/shopping-cart/coupons/:code */
export async function removeCoupon(db: Kysely<Database>, website: Website, actor: Actor, input: { cartToken?: string | null; code: string }) {
  return changeCheckout(db, website, actor, input.cartToken, ({ cart }) => {
    const codes = cart.checkout.couponCodes ?? [];
    const kept = codes.filter((entered) => normaliseCouponCode(entered) !== normaliseCouponCode(input.code));
    if (kept.length === codes.length) throw notFound(CHECKOUT_MESSAGES.couponNotInCart);
    return { ...cart.checkout, couponCodes: kept };
  });
}

/** POST …/shopping-cart/gift-cards: a card that cannot pay (unknown, spent, disabled, another currency) is refused with the reason. */
export async function applyGiftCard(db: Kysely<Database>, website: Website, actor: Actor, input: { cartToken?: string | null; code: string }) {
  await requireFeature(db, website.id, 'giftCards', FEATURE_FLAG_MESSAGES.giftCardsOff);
  return changeCheckout(db, website, actor, input.cartToken, async ({ cart }, trx) => {
    const codes = cart.checkout.giftCardCodes ?? [];
    const [balance] = await giftCardBalances(trx, website, [input.code]);
    if (!balance || !balance.usable) {
      const reason = balance?.reason ?? GIFT_CARD_MESSAGES.codeUnknown;
      throw invalid(reason, { code: reason });
    }
    const [already] = codes.length > 0 ? (await giftCardBalances(trx, website, codes)).filter((entered) => entered.code === balance.code) : [];
    if (already) return cart.checkout;
    if (codes.length >= MAX_CART_CODES) throw invalid(CHECKOUT_MESSAGES.tooManyCodes, { code: CHECKOUT_MESSAGES.tooManyCodes });
    return { ...cart.checkout, giftCardCodes: [...codes, balance.code] };
  });
}

/** DELETE …/shopping-cart/gift-cards/:last4 — the cart shows only the last four characters, so it names cards by them. */
export async function removeGiftCard(db: Kysely<Database>, website: Website, actor: Actor, input: { cartToken?: string | null; last4: string }) {
  return changeCheckout(db, website, actor, input.cartToken, ({ cart }) => {
    const codes = cart.checkout.giftCardCodes ?? [];
    const last4 = input.last4.toUpperCase();
    const kept = codes.filter((code) => !code.replace(/[^A-Za-z0-9]/g, '').toUpperCase().endsWith(last4));
    if (kept.length === codes.length) throw notFound(CHECKOUT_MESSAGES.giftCardNotInCart);
    return { ...cart.checkout, giftCardCodes: kept };
  });
}
