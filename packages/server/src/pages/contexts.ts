import type { FastifyRequest } from 'fastify';
import type { Order, ShoppingCart } from '@vitrine/commerce/cart';
import type { ServerContext } from '../context';
import type { Collection, Website } from '../db/schema';
import type { ProductItemJson } from '../catalog/product-item';
import { listCollectionItems, loadProductItem } from '../catalog/queries';
import { catalogCache } from './catalog-cache';
import { emptyCart, readVisitorCart } from '../cart/service';
import { readCartByToken } from '../cart/store';
import { shoppingCartJson } from '../cart/cart-json';
import { findOrder } from '../orders/checkout';

/** Page-type codes of the platform spec §2. */
export const PAGE_TYPES = {
  collection: 1,
  page: 2,
  item: 50,
  notFound: 100,
  search: 102,
  showCart: 200,
  checkout: 201,
  orderConfirmed: 202,
} as const;

export interface WebsiteJson {
  id: string;
  identifier: string;
  siteTitle: string;
  language: string;
  timeZone: string;
  baseCurrency: string;
  captchaSettings: { siteKey: string | null };
}

export interface WebsiteSettingsJson {
  storeSettings: {
    selectedCurrency: string;
    multipleQuantityAllowedForServices: boolean;
    expressCheckout: boolean;
    minimumOrderSubtotalCents: number | null;
  };
  commentsEnabled: boolean;
  timeZone: string;
  useCLDRMoneyFormat: boolean;
}

export interface InstallmentContext {
  afterPayAvailable: boolean;
  afterPayMin: number;
  afterPayMax: number;
  shopperLanguage: string;
  stripeAccountCountry: string;
}

export interface CollectionJson {
  id: string;
  title: string;
  urlId: string;
  fullUrl: string;
  type: number;
  typeName: 'products';
  description: string;
}

export interface BasePageContext {
  pageType: number;
  website: WebsiteJson;
  websiteSettings: WebsiteSettingsJson;
}

/** Merchandising fields per product id, where templates look them up (`productMerchandisingContext[item.id]`). */
export type MerchandisingContextJson = Record<string, Pick<
  ProductItemJson,
  | 'scarcityEnabled' | 'scarcityText' | 'scarcityShownByDefault' | 'customSoldOutText' | 'restockNotificationViews'
  | 'restockNotificationMessages' | 'mailingListSignUpEnabled' | 'mailingListOptInByDefault'
>>;

export interface StorePageContext extends BasePageContext {
  collection: CollectionJson;
  items: ProductItemJson[];
  productMerchandisingContext: MerchandisingContextJson;
}

export interface ProductPageContext extends BasePageContext {
  collection: CollectionJson;
  item: ProductItemJson;
  installments: InstallmentContext;
  productMerchandisingContext: MerchandisingContextJson;
}

export interface CartPageContext extends BasePageContext {
  shoppingCart: ShoppingCart;
  /** The additional-fields form of each product in the cart that has one, by item id, for editing entries. */
  additionalFieldsForms: Record<string, unknown>;
}

export interface CheckoutPageContext extends BasePageContext {
  shoppingCart: ShoppingCart;
  /** The cart being checked out: the token's (express, subscription) or the visitor's own. */
  cartToken: string | null;
  checkoutKind: 'cart' | 'express' | 'subscription';
}

export interface OrderConfirmedPageContext extends BasePageContext {
  order: Order | null;
}

export interface GiftCardPageContext extends BasePageContext {
  item: ProductItemJson | null;
  /** The chosen denomination. */
  variant: ProductItemJson['structuredContent']['variants'][number] | null;
}

export interface SearchPageContext extends BasePageContext {
  query: string;
  items: ProductItemJson[];
  productMerchandisingContext: MerchandisingContextJson;
}

export function merchandisingContext(items: readonly ProductItemJson[]): MerchandisingContextJson {
  const byId: MerchandisingContextJson = {};
  for (const item of items) {
    byId[item.id] = {
      scarcityEnabled: item.scarcityEnabled,
      scarcityText: item.scarcityText,
      scarcityShownByDefault: item.scarcityShownByDefault,
      customSoldOutText: item.customSoldOutText,
      restockNotificationViews: item.restockNotificationViews,
      restockNotificationMessages: item.restockNotificationMessages,
      mailingListSignUpEnabled: item.mailingListSignUpEnabled,
      mailingListOptInByDefault: item.mailingListOptInByDefault,
    };
  }
  return byId;
}

export function websiteJson(website: Website): WebsiteJson {
  return {
    id: website.id,
    identifier: website.identifier,
    siteTitle: website.site_title,
    language: website.locale,
    timeZone: website.time_zone,
    baseCurrency: website.currency,
    captchaSettings: { siteKey: website.captcha_site_key },
  };
}

export function websiteSettingsJson(website: Website): WebsiteSettingsJson {
  return {
    storeSettings: {
      selectedCurrency: website.currency,
      multipleQuantityAllowedForServices: website.settings.multipleQuantityAllowedForServices !== false,
      expressCheckout: website.settings.expressCheckout === true,
      minimumOrderSubtotalCents:
        typeof website.settings.minimumOrderSubtotalCents === 'number' ? website.settings.minimumOrderSubtotalCents : null,
    },
    commentsEnabled: website.settings.commentsEnabled === true,
    timeZone: website.time_zone,
    useCLDRMoneyFormat: true,
  };
}

export function installmentContext(website: Website): InstallmentContext {
  const settings = website.settings;
  return {
    afterPayAvailable: settings.afterPayAvailable === true,
    afterPayMin: typeof settings.afterPayMin === 'number' ? settings.afterPayMin : 0,
    afterPayMax: typeof settings.afterPayMax === 'number' ? settings.afterPayMax : 0,
    shopperLanguage: website.locale,
    stripeAccountCountry: typeof settings.stripeAccountCountry === 'string' ? settings.stripeAccountCountry : '',
  };
}

function base(website: Website, pageType: number): BasePageContext {
  return { pageType, website: websiteJson(website), websiteSettings: websiteSettingsJson(website) };
}

export function collectionJson(collection: Collection): CollectionJson {
  return {
    id: collection.id,
    title: collection.title,
    urlId: collection.url_id,
    fullUrl: `/${collection.url_id}`,
    type: collection.type,
    typeName: 'products',
    description: collection.description,
  };
}

/** `/shop`: the store collection and its products. Undefined when no such store exists. */
export async function buildStorePageContext(context: ServerContext, collectionUrlId: string): Promise<StorePageContext | undefined> {
  const collection = await catalogCache(context).collectionByUrlId(collectionUrlId);
  if (!collection) return undefined;
  const items = await listCollectionItems(context.db, context.website, collection);
  return {
    ...base(context.website, PAGE_TYPES.collection),
    collection: collectionJson(collection),
    items,
    productMerchandisingContext: merchandisingContext(items),
  };
}

/** `/shop/p/:slug`: one product with its variants and installment context. Undefined when unknown. */
export async function buildProductPageContext(
  context: ServerContext,
  collectionUrlId: string,
  slug: string,
): Promise<ProductPageContext | undefined> {
  // The addresses come from the catalog cache; the product itself (its stock) is read every time.
  const catalog = catalogCache(context);
  const collection = await catalog.collectionByUrlId(collectionUrlId);
  if (!collection) return undefined;
  const productId = await catalog.productIdBySlug(collection.id, slug);
  if (!productId) return undefined;
  const loaded = await loadProductItem(context.db, context.website, productId);
  // A product moved or renamed within the cache's lifetime is not found at its old address.
  if (!loaded || loaded.product.collection_id !== collection.id || loaded.product.url_id !== slug) return undefined;
  return {
    ...base(context.website, PAGE_TYPES.item),
    collection: collectionJson(collection),
    item: loaded.item,
    installments: installmentContext(context.website),
    productMerchandisingContext: merchandisingContext([loaded.item]),
  };
}

/** `/`: the site's home, showing the first store's products. */
export async function buildHomePageContext(context: ServerContext): Promise<StorePageContext | BasePageContext> {
  const [collection] = await catalogCache(context).stores();
  if (!collection) return base(context.website, PAGE_TYPES.page);
  const items = await listCollectionItems(context.db, context.website, collection);
  return {
    ...base(context.website, PAGE_TYPES.page),
    collection: collectionJson(collection),
    items,
    productMerchandisingContext: merchandisingContext(items),
  };
}

export async function buildCartPageContext(context: ServerContext, request: FastifyRequest): Promise<CartPageContext> {
  const shoppingCart = await readVisitorCart(context, request);
  return {
    ...base(context.website, PAGE_TYPES.showCart),
    shoppingCart,
    additionalFieldsForms: await additionalFieldsFormsOf(context, shoppingCart),
  };
}

/** The forms the cart page needs to edit its entries' additional fields. */
async function additionalFieldsFormsOf(context: ServerContext, cart: ShoppingCart): Promise<Record<string, unknown>> {
  const forms: Record<string, unknown> = {};
  const itemIds = [...new Set(cart.entries.filter((entry) => entry.additionalFields !== null).map((entry) => entry.itemId))];
  for (const itemId of itemIds) {
    const loaded = await loadProductItem(context.db, context.website, itemId);
    const form = loaded?.item.structuredContent.additionalFieldsForm;
    if (form) forms[itemId] = form;
  }
  return forms;
}

/** `/checkout` and `/checkout/subscription`: the token's cart when given, else the visitor's. */
export async function buildCheckoutPageContext(
  context: ServerContext,
  request: FastifyRequest,
  cartToken: string | undefined,
): Promise<CheckoutPageContext> {
  if (cartToken) {
    const found = await readCartByToken(context.db, context.website.id, cartToken);
    const cart = found?.cart;
    return {
      ...base(context.website, PAGE_TYPES.checkout),
      shoppingCart: found ? shoppingCartJson(found.cart, found.lines, context.website) : emptyCart(context),
      cartToken: cart ? cartToken : null,
      checkoutKind: cart?.kind === 'express' ? 'express' : cart?.kind === 'subscription' ? 'subscription' : 'cart',
    };
  }
  return {
    ...base(context.website, PAGE_TYPES.checkout),
    shoppingCart: await readVisitorCart(context, request),
    cartToken: null,
    checkoutKind: 'cart',
  };
}

export async function buildOrderConfirmedPageContext(context: ServerContext, orderId: string | undefined): Promise<OrderConfirmedPageContext> {
  const order = orderId ? await findOrder(context, orderId) : undefined;
  // The page is reachable by its link alone, which can leak (history, referrers): it shows the
  // order, never the shopper's email.
  const { email: _email, ...shown } = order ?? {};
  return { ...base(context.website, PAGE_TYPES.orderConfirmed), order: order ? (shown as Order) : null };
}

export async function buildGiftCardPageContext(
  context: ServerContext,
  itemId: string | undefined,
  sku: string | undefined,
): Promise<GiftCardPageContext> {
  const loaded = itemId && itemId.length <= 64 ? await loadProductItem(context.db, context.website, itemId) : undefined;
  const item = loaded && loaded.product.product_type === 4 ? loaded.item : null;
  const variant = item?.structuredContent.variants.find((candidate) => candidate.sku === sku) ?? null;
  return { ...base(context.website, PAGE_TYPES.checkout), item, variant };
}

/** `/search?q=`: products whose title or excerpt contains the words (case-insensitive). */
export async function buildSearchPageContext(context: ServerContext, query: string | undefined): Promise<SearchPageContext> {
  const text = (query ?? '').trim().slice(0, 200);
  if (!text) return { ...base(context.website, PAGE_TYPES.search), query: '', items: [], productMerchandisingContext: {} };
  const collections = await context.db.selectFrom('collections').selectAll().where('website_id', '=', context.website.id).execute();
  const needle = text.toLowerCase();
  const items: ProductItemJson[] = [];
  for (const collection of collections) {
    for (const item of await listCollectionItems(context.db, context.website, collection)) {
      if (item.title.toLowerCase().includes(needle) || item.excerpt.toLowerCase().includes(needle)) items.push(item);
    }
  }
  return { ...base(context.website, PAGE_TYPES.search), query: text, items, productMerchandisingContext: merchandisingContext(items) };
}
