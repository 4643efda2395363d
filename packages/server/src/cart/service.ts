import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { ADD_TO_CART_MESSAGES, MAX_QUANTITY, validateAddToCart, type AddToCartCheck } from '@vitrine/commerce/add-to-cart';
import type { CartEntry, ShoppingCart } from '@vitrine/commerce/cart';
import { findVariantBySku, variantsOf } from '@vitrine/commerce/product';
import type { ProductItem } from '@vitrine/commerce/types';
import type { CartRow, Database, ProductRow, VariantRow } from '../db/schema';
import type { ServerContext } from '../context';
import { loadProductItem } from '../catalog/queries';
import { productItemJson, variantJson } from '../catalog/product-item';
import { badRequest, notFound, requireObjectBody } from '../http/errors';
import { shoppingCartJson } from './cart-json';
import { readAdditionalFields, readItemId, readOptionalSku } from './input';
import {
  createCartWithEntry,
  deleteEntry,
  insertEntry,
  readProductAndLockVisitorCart,
  readVisitorCart as readVisitorCartLines,
  setCartCookie,
  setEntryAdditionalFields,
  setEntryQuantity,
  type CartLine,
  type LoadedProductRow,
} from './store';

export const CART_SERVER_MESSAGES = {
  entryNotFound: 'Sorry, that item is no longer in your cart.',
  entryMismatch: 'itemId and sku do not match that cart entry.',
  subscriptionElsewhere: 'Subscription products are purchased on their own. Please use the Subscribe button.',
  notSubscription: 'This product is not a subscription.',
} as const;

/** Which request field a failed add-to-cart rule is about, for the `errors` map. */
const FIELD_OF_CHECK = { options: 'sku', variant: 'sku', quantity: 'quantity', stock: 'quantity' } as const;

function failCheck(check: Extract<AddToCartCheck, { ok: false }>): never {
  const field = check.field ? FIELD_OF_CHECK[check.field] : undefined;
  throw badRequest(check.message, field ? { [field]: check.message } : undefined);
}

interface LoadedProduct {
  item: ProductItem;
  product: ProductRow;
  variants: VariantRow[];
  productId: string;
  isSubscribable: boolean;
}

function loadedProduct(context: ServerContext, { product, variants, collectionUrlId }: LoadedProductRow): LoadedProduct {
  const item = productItemJson(product, variants, context.website, collectionUrlId);
  return { item, product, variants, productId: product.id, isSubscribable: product.is_subscribable };
}

async function requireProduct(trx: Transaction<Database>, context: ServerContext, itemId: string): Promise<LoadedProduct> {
  const loaded = await loadProductItem(trx, context.website, itemId);
  if (!loaded) throw notFound(ADD_TO_CART_MESSAGES.productUnavailable);
  return { ...loaded, productId: loaded.product.id, isSubscribable: loaded.product.is_subscribable };
}

/** Units of one variant already in the cart, leaving out one entry (the one being changed). */
function quantityOfVariant(lines: readonly CartLine[], variantId: string | undefined, exceptEntryId?: string): number {
  if (!variantId) return 0;
  return lines
    .filter((line) => line.variant.id === variantId && line.entry.id !== exceptEntryId)
    .reduce((sum, line) => sum + line.entry.quantity, 0);
}

/** Runs the shared add-to-cart rule against the stock read inside this transaction. */
function checkAdd(
  context: ServerContext,
  item: ProductItem,
  sku: string | undefined,
  quantity: unknown,
  lines: readonly CartLine[],
) {
  const candidate = sku !== undefined ? findVariantBySku(item, sku) : variantsOf(item).length === 1 ? variantsOf(item)[0] : undefined;
  const check = validateAddToCart({
    product: item,
    sku,
    quantity,
    quantityInCart: quantityOfVariant(lines, candidate?.id),
    settings: context.website.settings,
  });
  if (!check.ok) failCheck(check);
  return check;
}

/** The answer after a change, from the lines already read and changed in memory: no second read. */
function cartAnswer(context: ServerContext, cart: CartRow, lines: readonly CartLine[]) {
  return shoppingCartJson(cart, lines, context.website);
}

export async function addEntry(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ shoppingCart: ShoppingCart; newlyAdded: CartEntry }> {
  const body = requireObjectBody(request.body);
  const itemId = readItemId(body);
  const sku = readOptionalSku(body);
  const additionalFields = readAdditionalFields(body);
  const websiteId = context.website.id;

  const result = await context.db.transaction().execute(async (trx) => {
    // The product and the visitor's cart (locked) in one round trip.
    const read = await readProductAndLockVisitorCart(trx, websiteId, itemId, request);
    if (!read.product) throw notFound(ADD_TO_CART_MESSAGES.productUnavailable);
    const product = loadedProduct(context, read.product);
    if (product.isSubscribable) throw badRequest(CART_SERVER_MESSAGES.subscriptionElsewhere);
    const { found, siteUserId } = read;
    const lines = found?.lines ?? [];
    const check = checkAdd(context, product.item, sku, body.quantity, lines);
    const variantId = check.variant.id!;
    const variant = product.variants.find((candidate) => candidate.id === variantId)!;
    const newEntry = { productId: product.productId, variantId, quantity: check.quantity, additionalFields };

    if (!found) {
      const created = await createCartWithEntry(trx, websiteId, 'standard', siteUserId, newEntry);
      const shoppingCart = cartAnswer(context, created.cart, [{ entry: created.entry, product: product.product, variant }]);
      return { token: created.cart.token, created: true, shoppingCart, newlyAdded: shoppingCart.entries[0] };
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
        throw badRequest(ADD_TO_CART_MESSAGES.quantityOutOfRange, { quantity: ADD_TO_CART_MESSAGES.quantityOutOfRange });
      }
      await setEntryQuantity(trx, cart.id, sameLine.entry.id, quantity);
      entryId = sameLine.entry.id;
      updatedLines = lines.map((line) => (line === sameLine ? { ...line, entry: { ...line.entry, quantity } } : line));
    } else {
      const entry = await insertEntry(trx, cart, newEntry);
      entryId = entry.id;
      updatedLines = [...lines, { entry, product: product.product, variant }];
    }
    const shoppingCart = cartAnswer(context, cart, updatedLines);
    const newlyAdded = shoppingCart.entries.find((entry) => entry.id === entryId)!;
    return { token: cart.token, created: false, shoppingCart, newlyAdded };
  });
  if (result.created) setCartCookie(reply, result.token, context.secureCookies);
  return { shoppingCart: result.shoppingCart, newlyAdded: result.newlyAdded };
}

async function requireVisitorEntry(trx: Transaction<Database>, context: ServerContext, request: FastifyRequest, entryId: string) {
  const { found } = await readVisitorCartLines(trx, context.website.id, request, trx);
  if (!found) throw notFound(CART_SERVER_MESSAGES.entryNotFound);
  const { cart, lines } = found;
  const line = lines.find((candidate) => candidate.entry.id === entryId);
  if (!line) throw notFound(CART_SERVER_MESSAGES.entryNotFound);
  return { cart, lines, line };
}

export async function updateEntryQuantity(context: ServerContext, request: FastifyRequest, entryId: string) {
  const body = requireObjectBody(request.body);
  return context.db.transaction().execute(async (trx) => {
    const { cart, lines, line } = await requireVisitorEntry(trx, context, request, entryId);
    const product = await requireProduct(trx, context, line.product.id);
    const check = validateAddToCart({
      product: product.item,
      variant: variantJson(line.variant, context.website.currency),
      quantity: body.quantity,
      quantityInCart: quantityOfVariant(lines, line.variant.id, line.entry.id),
      settings: context.website.settings,
    });
    if (!check.ok) failCheck(check);
    await setEntryQuantity(trx, cart.id, line.entry.id, check.quantity);
    const updated = lines.map((other) => (other === line ? { ...line, entry: { ...line.entry, quantity: check.quantity } } : other));
    return { shoppingCart: cartAnswer(context, cart, updated) };
  });
}

export async function removeEntry(context: ServerContext, request: FastifyRequest, entryId: string) {
  return context.db.transaction().execute(async (trx) => {
    const { cart, lines, line } = await requireVisitorEntry(trx, context, request, entryId);
    await deleteEntry(trx, cart.id, line.entry.id);
    return { shoppingCart: cartAnswer(context, cart, lines.filter((other) => other !== line)) };
  });
}

export async function updateEntryAdditionalFields(context: ServerContext, request: FastifyRequest, entryId: string) {
  const body = requireObjectBody(request.body);
  const itemId = readItemId(body);
  const sku = readOptionalSku(body);
  const additionalFields = readAdditionalFields(body, true);
  return context.db.transaction().execute(async (trx) => {
    const { cart, lines, line } = await requireVisitorEntry(trx, context, request, entryId);
    if (line.product.id !== itemId || (sku !== undefined && line.variant.sku !== sku)) {
      throw badRequest(CART_SERVER_MESSAGES.entryMismatch);
    }
    await setEntryAdditionalFields(trx, cart.id, line.entry.id, additionalFields);
    const updated = lines.map((other) => (other === line ? { ...line, entry: { ...line.entry, additional_fields: additionalFields } } : other));
    const shoppingCart = cartAnswer(context, cart, updated);
    const updatedEntry = shoppingCart.entries.find((entry) => entry.id === entryId)!;
    return { shoppingCart, updatedEntry };
  });
}

export function emptyCart(context: ServerContext): ShoppingCart {
  return shoppingCartJson(undefined, [], context.website);
}

/** The visitor's cart as the API answers it; an empty cart (id '') when there is none. Never writes. */
export async function readVisitorCart(context: ServerContext, request: FastifyRequest): Promise<ShoppingCart> {
  const { found } = await readVisitorCartLines(context.db, context.website.id, request);
  return shoppingCartJson(found?.cart, found?.lines ?? [], context.website);
}

/**
 * A cart of its own holding one item, handed back as a cartToken: express checkout ('express') and
 * subscriptions ('subscription'). The visitor's own cart is left untouched.
 */
export async function createSingleItemCart(
  context: ServerContext,
  request: FastifyRequest,
  kind: 'express' | 'subscription',
): Promise<{ cartToken: string }> {
  const body = requireObjectBody(request.body);
  const itemId = readItemId(body);
  const sku = readOptionalSku(body);
  const additionalFields = readAdditionalFields(body);
  const quantity = kind === 'subscription' ? body.qty : body.quantity;
  return context.db.transaction().execute(async (trx) => {
    const product = await requireProduct(trx, context, itemId);
    if (kind === 'subscription' && !product.isSubscribable) throw badRequest(CART_SERVER_MESSAGES.notSubscription);
    if (kind === 'express' && product.isSubscribable) throw badRequest(CART_SERVER_MESSAGES.subscriptionElsewhere);
    const check = checkAdd(context, product.item, sku, quantity, []);
    const { cart } = await createCartWithEntry(trx, context.website.id, kind, undefined, {
      productId: product.productId,
      variantId: check.variant.id!,
      quantity: check.quantity,
      additionalFields,
    });
    return { cartToken: cart.token };
  });
}
