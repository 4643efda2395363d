import type { Kysely, Transaction } from 'kysely';
import { ADD_TO_CART_MESSAGES, MAX_QUANTITY, validateAddToCart, type AddToCartCheck } from '@vitrine/commerce/add-to-cart';
import { cartLimitMessage, type CartEntry, type CartLineSize, type ShoppingCart } from '@vitrine/commerce/cart';
import { findVariantBySku, variantsOf } from '@vitrine/commerce/product';
import { ProductType, type RuleProduct } from '@vitrine/commerce/types';
import { cartTokenOf, siteUserOf, type Actor } from '../actor';
import type { CartRow, Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { FEATURE_FLAG_MESSAGES, isFeatureOn, requireFeature } from '../experiments';
import { loadProductRows, productRowsOf, ruleProductOf, variantJson } from '../catalog';
import { shoppingCartJson, shoppingCartWithCheckout } from './cart-json';
import { checkAdditionalFieldsAnswers, readAdditionalFields } from './additional-fields';
import {
  createCartWithEntry,
  deleteEntry,
  insertEntry,
  readCartByToken,
  readProductAndLockVisitorCart,
  readVisitorCart as readVisitorCartLines,
  setEntryAdditionalFields,
  setEntryQuantity,
  type CartLine,
  variantImageUrlOf,
  type CartOwner,
} from './store';

export const CART_SERVER_MESSAGES = {
  entryNotFound: 'Sorry, that item is no longer in your cart.',
  entryMismatch: 'itemId and sku do not match that cart entry.',
  subscriptionElsewhere: 'Subscription products are purchased on their own. Please use the Subscribe button.',
  notSubscription: 'This product is not a subscription.',
} as const;

/** POST …/shopping-cart/entries */
export interface AddEntryInput {
  itemId: string;
  sku?: string | null;
  /** A number or a string of digits; the shared rule reads it (parseQuantity). */
  quantity?: unknown;
  /** The additional-fields answers as a JSON string. */
  additionalFields?: string | null;
}

/** POST …/cart/subscription (qty) and …/express-checkout (quantity): one item in a cart of its own. */
export type SingleItemCartInput = AddEntryInput;

export interface EntryQuantityInput {
  entryId: string;
  quantity: unknown;
}

export interface EntryAdditionalFieldsInput {
  entryId: string;
  itemId: string;
  sku?: string | null;
  additionalFields: string | null;
}

/** Whose cart: the signed-in user's, else the browser's. */
export const cartOwnerOf = (actor: Actor): CartOwner => ({ siteUserId: siteUserOf(actor)?.id, cartToken: cartTokenOf(actor) });

/** Which request field a failed add-to-cart rule is about, for the `errors` map. */
const FIELD_OF_CHECK = { options: 'sku', variant: 'sku', quantity: 'quantity', stock: 'quantity' } as const;

function failCheck(check: Extract<AddToCartCheck, { ok: false }>): never {
  const field = check.field ? FIELD_OF_CHECK[check.field] : undefined;
  throw invalid(check.message, field ? { [field]: check.message } : undefined);
}

/** The product's rows and what the shared rules read of it (not the whole item JSON: this is the hot path). */
function withRules(rows: ReturnType<typeof productRowsOf>) {
  return { ...rows, rules: ruleProductOf(rows.product, rows.variants) };
}

async function requireProduct(trx: Transaction<Database>, website: Website, itemId: string) {
  const rows = await loadProductRows(trx, website.id, itemId);
  if (!rows) throw notFound(ADD_TO_CART_MESSAGES.productUnavailable);
  return withRules(rows);
}

/** Units of one variant already in the cart, leaving out one entry (the one being changed). */
function quantityOfVariant(lines: readonly CartLine[], variantId: string | undefined, exceptEntryId?: string): number {
  if (!variantId) return 0;
  return lines
    .filter((line) => line.variant.id === variantId && line.entry.id !== exceptEntryId)
    .reduce((sum, line) => sum + line.entry.quantity, 0);
}

/** Runs the shared add-to-cart rule against the stock read inside this transaction. */
function checkAdd(website: Website, item: RuleProduct, sku: string | undefined, quantity: unknown, lines: readonly CartLine[]) {
  const candidate = sku !== undefined ? findVariantBySku(item, sku) : variantsOf(item).length === 1 ? variantsOf(item)[0] : undefined;
  const check = validateAddToCart({
    product: item,
    sku,
    quantity,
    quantityInCart: quantityOfVariant(lines, candidate?.id),
    settings: website.settings,
  });
  if (!check.ok) failCheck(check);
  return check;
}

const sizeOf = (line: CartLine): CartLineSize => ({ quantity: line.entry.quantity, additionalFields: line.entry.additional_fields });

/** The cart-wide limits (lines, units, personalisation), checked on the lines as they would be after a change. */
function checkCartLimits(lines: readonly CartLineSize[]): void {
  const message = cartLimitMessage(lines);
  if (message) throw invalid(message);
}

const withQuantity = (lines: readonly CartLine[], changed: CartLine, quantity: number) =>
  lines.map((line) => (line === changed ? { ...line, entry: { ...line.entry, quantity } } : line));

/**
 * The answer after a change, from the lines already read and changed in memory: no second read of the lines (the
 * checkout rules are read only for a cart with an address or a code).
 */
function cartAnswer(trx: Transaction<Database>, website: Website, cart: CartRow, lines: readonly CartLine[]) {
  return shoppingCartWithCheckout(trx, website, cart, lines);
}

export interface AddEntryResult {
  shoppingCart: ShoppingCart;
  newlyAdded: CartEntry;
  /** Set when this call created the visitor's cart: the route hands it to the browser. */
  newCartToken?: string;
}

export async function addEntry(db: Kysely<Database>, website: Website, actor: Actor, input: AddEntryInput): Promise<AddEntryResult> {
  const sku = input.sku ?? undefined;
  const additionalFields = readAdditionalFields(input.additionalFields);
  const owner = cartOwnerOf(actor);
  const giftCardsOn = await isFeatureOn(db, website.id, 'giftCards');

  return inTransaction(db, async (trx) => {
    // The product and the visitor's cart (locked) in one round trip.
    const read = await readProductAndLockVisitorCart(trx, website.id, input.itemId, owner);
    if (!read.product) throw notFound(ADD_TO_CART_MESSAGES.productUnavailable);
    const product = withRules(productRowsOf(read.product));
    // A website that switched gift cards off (feature flag 40) does not sell them.
    if (!giftCardsOn && product.product.product_type === ProductType.GIFT_CARD) throw notFound(ADD_TO_CART_MESSAGES.productUnavailable);
    if (product.product.is_subscribable) throw invalid(CART_SERVER_MESSAGES.subscriptionElsewhere);
    const { found } = read;
    const lines = found?.lines ?? [];
    const check = checkAdd(website, product.rules, sku, input.quantity, lines);
    // After the add-to-cart rule: stock and quantity are reported first (the modal opens only once they pass).
    checkAdditionalFieldsAnswers(product.product.additional_fields_form, additionalFields);
    const variantId = check.variant.id!;
    const variant = product.variants.find((candidate) => candidate.id === variantId)!;
    const newEntry = { productId: product.product.id, variantId, quantity: check.quantity, additionalFields };

    if (!found) {
      const created = await createCartWithEntry(trx, website.id, 'standard', owner.siteUserId, newEntry);
      const variantImageUrl = variantImageUrlOf(product.product.images, variant.image_ids);
      const shoppingCart = await cartAnswer(trx, website, created.cart, [{ entry: created.entry, product: product.product, variant, variantImageUrl }]);
      return { shoppingCart, newlyAdded: shoppingCart.entries[0], newCartToken: created.cart.token };
    }
    const { cart } = found;
    // Same variant without personalisation: one line with more units. Answers to a form stay separate lines.
    const sameLine = additionalFields === null
      ? lines.find((line) => line.variant.id === variantId && line.entry.additional_fields === null)
      : undefined;
    let entryId: string;
    let updatedLines: CartLine[];
    if (sameLine) {
      const quantity = sameLine.entry.quantity + check.quantity;
      if (quantity > MAX_QUANTITY) {
        throw invalid(ADD_TO_CART_MESSAGES.quantityOutOfRange, { quantity: ADD_TO_CART_MESSAGES.quantityOutOfRange });
      }
      updatedLines = withQuantity(lines, sameLine, quantity);
      checkCartLimits(updatedLines.map(sizeOf));
      await setEntryQuantity(trx, cart.id, sameLine.entry.id, quantity);
      entryId = sameLine.entry.id;
    } else {
      checkCartLimits([...lines.map(sizeOf), { quantity: check.quantity, additionalFields }]);
      const entry = await insertEntry(trx, cart, newEntry);
      entryId = entry.id;
      updatedLines = [...lines, { entry, product: product.product, variant, variantImageUrl: variantImageUrlOf(product.product.images, variant.image_ids) }];
    }
    const shoppingCart = await cartAnswer(trx, website, cart, updatedLines);
    const newlyAdded = shoppingCart.entries.find((entry) => entry.id === entryId)!;
    return { shoppingCart, newlyAdded };
  });
}

async function requireVisitorEntry(trx: Transaction<Database>, website: Website, actor: Actor, entryId: string) {
  const found = await readVisitorCartLines(trx, website.id, cartOwnerOf(actor), trx);
  if (!found) throw notFound(CART_SERVER_MESSAGES.entryNotFound);
  const { cart, lines } = found;
  const line = lines.find((candidate) => candidate.entry.id === entryId);
  if (!line) throw notFound(CART_SERVER_MESSAGES.entryNotFound);
  return { cart, lines, line };
}

export async function updateEntryQuantity(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: EntryQuantityInput,
): Promise<{ shoppingCart: ShoppingCart }> {
  return inTransaction(db, async (trx) => {
    const { cart, lines, line } = await requireVisitorEntry(trx, website, actor, input.entryId);
    const product = await requireProduct(trx, website, line.product.id);
    const check = validateAddToCart({
      product: product.rules,
      variant: variantJson(line.variant, website.currency),
      quantity: input.quantity,
      quantityInCart: quantityOfVariant(lines, line.variant.id, line.entry.id),
      settings: website.settings,
    });
    if (!check.ok) failCheck(check);
    const updated = withQuantity(lines, line, check.quantity);
    checkCartLimits(updated.map(sizeOf));
    await setEntryQuantity(trx, cart.id, line.entry.id, check.quantity);
    return { shoppingCart: await cartAnswer(trx, website, cart, updated) };
  });
}

export async function removeEntry(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { entryId: string },
): Promise<{ shoppingCart: ShoppingCart }> {
  return inTransaction(db, async (trx) => {
    const { cart, lines, line } = await requireVisitorEntry(trx, website, actor, input.entryId);
    await deleteEntry(trx, cart.id, line.entry.id);
    return { shoppingCart: await cartAnswer(trx, website, cart, lines.filter((other) => other !== line)) };
  });
}

export async function updateEntryAdditionalFields(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: EntryAdditionalFieldsInput,
): Promise<{ shoppingCart: ShoppingCart; updatedEntry: CartEntry }> {
  const sku = input.sku ?? undefined;
  const additionalFields = readAdditionalFields(input.additionalFields);
  return inTransaction(db, async (trx) => {
    const { cart, lines, line } = await requireVisitorEntry(trx, website, actor, input.entryId);
    if (line.product.id !== input.itemId || (sku !== undefined && line.variant.sku !== sku)) {
      throw invalid(CART_SERVER_MESSAGES.entryMismatch);
    }
    const product = await requireProduct(trx, website, line.product.id);
    checkAdditionalFieldsAnswers(product.product.additional_fields_form, additionalFields);
    const updated = lines.map((other) => (other === line ? { ...line, entry: { ...line.entry, additional_fields: additionalFields } } : other));
    checkCartLimits(updated.map(sizeOf));
    await setEntryAdditionalFields(trx, cart.id, line.entry.id, additionalFields);
    const shoppingCart = await cartAnswer(trx, website, cart, updated);
    const updatedEntry = shoppingCart.entries.find((entry) => entry.id === input.entryId)!;
    return { shoppingCart, updatedEntry };
  });
}

export function emptyCart(website: Website): ShoppingCart {
  return shoppingCartJson(undefined, [], website);
}

/** The visitor's cart as the API answers it; an empty cart (id '') when there is none. Never writes. */
export async function readVisitorCart(db: Kysely<Database>, website: Website, actor: Actor): Promise<ShoppingCart> {
  const found = await readVisitorCartLines(db, website.id, cartOwnerOf(actor));
  return shoppingCartWithCheckout(db, website, found?.cart, found?.lines ?? []);
}

/** A checkout link's cart (express, subscription, gift card) as the API answers it; an empty cart when unknown or purchased. */
export async function readCartOfToken(db: Kysely<Database>, website: Website, cartToken: string): Promise<ShoppingCart> {
  const found = await readCartByToken(db, website.id, cartToken);
  if (!found || found.cart.is_purchased) return emptyCart(website);
  return shoppingCartWithCheckout(db, website, found.cart, found.lines);
}

/**
 * A cart of its own holding one item, handed back as a cartToken: express checkout ('express') and
 * subscriptions ('subscription'). The visitor's own cart is left untouched.
 */
export async function createSingleItemCart(
  db: Kysely<Database>,
  website: Website,
  _actor: Actor,
  input: SingleItemCartInput & { kind: 'express' | 'subscription' },
): Promise<{ cartToken: string }> {
  const { kind } = input;
  const sku = input.sku ?? undefined;
  const additionalFields = readAdditionalFields(input.additionalFields);
  if (kind === 'subscription') await requireFeature(db, website.id, 'commerceSubscriptions', FEATURE_FLAG_MESSAGES.subscriptionsOff);
  const giftCardsOn = await isFeatureOn(db, website.id, 'giftCards');
  return inTransaction(db, async (trx) => {
    const product = await requireProduct(trx, website, input.itemId);
    if (!giftCardsOn && product.product.product_type === ProductType.GIFT_CARD) throw notFound(ADD_TO_CART_MESSAGES.productUnavailable);
    if (kind === 'subscription' && !product.product.is_subscribable) throw invalid(CART_SERVER_MESSAGES.notSubscription);
    if (kind === 'express' && product.product.is_subscribable) throw invalid(CART_SERVER_MESSAGES.subscriptionElsewhere);
    const check = checkAdd(website, product.rules, sku, input.quantity, []);
    checkAdditionalFieldsAnswers(product.product.additional_fields_form, additionalFields);
    const { cart } = await createCartWithEntry(trx, website.id, kind, undefined, {
      productId: product.product.id,
      variantId: check.variant.id!,
      quantity: check.quantity,
      additionalFields,
    });
    return { cartToken: cart.token };
  });
}
