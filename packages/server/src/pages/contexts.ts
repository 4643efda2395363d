import { installmentContext } from '../websites';
import { featureFlagsOf } from '../experiments';
import { hiddenProductTypes, isOffered, offeredProducts } from './offered-products';
import { shopFiltersView, shopUrlOf, type ShopFiltersView } from './shop-filters-view';
import type { Kysely } from 'kysely';
import { ABANDONED_CART_MESSAGES } from '@vitrine/contracts';
import { PageType } from '@vitrine/format/enumerations';
import type { Order, ShoppingCart } from '@vitrine/commerce/cart';
import type { Actor } from '../actor';
import type { Collection, Database, Website } from '../db/schema';
import {
  filterProducts, listCollectionItems, listCollectionItemsByIds, loadProductItem, parseShopFilters, searchProducts, SEARCH_MAX_PAGE, SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX_LENGTH, type ProductItemJson, type SearchResultItem, type ShopFacets, type ShopFilters,
} from '../catalog';
import { emptyCart, readCartByToken, readVisitorCart, shoppingCartWithCheckout } from '../cart';
import { checkoutRulesFor } from '../checkout-settings';
import { productTierLabels } from '@vitrine/commerce/checkout';
import { liveAutomaticDiscounts } from '../discounts';
import { findOrder, manualPaymentOf, returnSectionOf, unitsSoldByProduct, type ReturnSectionView } from '../orders';
import { manageLinksForOrder } from '../subscriptions';
import { downloadLinkView, listOrderDownloads, type DownloadLinkView } from '../downloads';
import { orderReceipt, type OrderReceipt } from './order-receipt';
import { faviconViewOf, logoViewOf, type FaviconView, type LogoView } from './identity-view';
import { designViewOf, type DesignView } from '../site-styles';
import type { CatalogCache } from './catalog-cache';

/** What the page builders read from: the database and the per-process catalog cache. */
export interface PageSources {
  db: Kysely<Database>;
  catalog: CatalogCache;
  /** Whether the store takes no real money (the checkout page says so); test mode when absent. */
  paymentsTestMode?: boolean;
}

/**
 * The page-type code of each page, from the platform enumeration (platform.md §2). The gift-card
 * purchase page has no code of its own there: it is a plain page (2), not the checkout (201), so
 * nothing counting checkouts by page type counts it. Order status (211) has no page here yet.
 */
export const PAGE_TYPES = {
  collection: PageType.MAIN_CONTENT,
  page: PageType.PAGE,
  item: PageType.CONTENT_ITEM,
  notFound: PageType.NOT_FOUND,
  search: PageType.SEARCH,
  showCart: PageType.SHOW_CART,
  checkout: PageType.CHECKOUT,
  orderConfirmed: PageType.ORDER_CONFIRMED,
  subscriptionConfirmed: PageType.SUBSCRIPTION_CONFIRMED,
  reviewsRequest: PageType.REVIEWS_REQUEST,
  giftCard: PageType.PAGE,
} as const;

export interface WebsiteJson {
  id: string;
  identifier: string;
  siteTitle: string;
  /** The site's tagline ('' for none; Settings → Site), shown in the footer under the title. */
  siteTagLine: string;
  /** The header's logo (its alt text names the link home); null: the header shows the title as text. */
  logo: LogoView | null;
  /** The head's icons from the favicon; null: the theme's own. */
  favicon: FaviconView | null;
  language: string;
  timeZone: string;
  baseCurrency: string;
  captchaSettings: { siteKey: string | null };
  /** Site styles (issue 33): the compiled stylesheet the layout links after site.css, its font preloads, the layout options. */
  design: DesignView;
}

export interface WebsiteSettingsJson {
  storeSettings: {
    selectedCurrency: string;
    multipleQuantityAllowedForServices: boolean;
    expressCheckout: boolean;
    minimumOrderSubtotalCents: number | null;
    /** The site has its own cart: the floating cart pill is not shown (website setting `customCart`). */
    customCart: boolean;
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
  /** The page head's own title, description and social picture ('' / absent: the store's own; migration 036). */
  seoTitle: string;
  seoDescription: string;
  seoImageUrl?: string;
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

/** What the shop's filters add to the store and search pages (issue 38 item 1; catalog/filters.ts, catalog/facets.ts). */
export interface ShopListingContext {
  /** The filters and sort in force (what the address asked, bad values left out). */
  filters: ShopFilters;
  /** Every filter's choices with their counts, each with the other filters applied. */
  facets: ShopFacets;
  /** The filter form as the theme prints it (pages/shop-filters-view.ts). */
  shopFilters: ShopFiltersView;
}

/** A store page: the collection's products, filtered, sorted and paged (48 a page). */
export interface CollectionPageContext extends StorePageContext, ShopListingContext {
  pagination: SearchPagination;
}

export interface ProductPageContext extends BasePageContext {
  collection: CollectionJson;
  item: ProductItemJson;
  installments: InstallmentContext;
  productMerchandisingContext: MerchandisingContextJson;
  /**
   * Up to four other products sharing a tag or the collection, those in stock first (catalog/related.ts);
   * the theme shows them with the product card.
   */
  relatedProducts: ProductItemJson[];
  /** `?sku=` naming one of the product's variants (a restock notice's link): the product form starts with it chosen. */
  chosenSku?: string;
  /** The live quantity tiers that take this product ("Buy 3, save 10%"), lowest first (issue 38 item 5). */
  discountTiers: string[];
}

export interface CartPageContext extends BasePageContext {
  shoppingCart: ShoppingCart;
  /** The additional-fields form of each product in the cart that has one, by item id, for editing entries. */
  additionalFieldsForms: Record<string, unknown>;
  /** For the cart page's whole-cart installment line. */
  installments: InstallmentContext;
  /** After an abandoned-cart reminder's link (abandoned-carts/: `/cart?restore=done|expired`): what the page says. */
  restoreNotice?: string;
}

export interface CheckoutPageContext extends BasePageContext {
  shoppingCart: ShoppingCart;
  /** The cart being checked out: the token's (express, subscription) or the visitor's own. */
  cartToken: string | null;
  checkoutKind: 'cart' | 'express' | 'subscription';
  checkout: {
    /** The countries the store ships to (its shipping zones'), or null when it has no zones (anywhere). */
    shipsTo: string[] | null;
    /** Whether prices include tax (the summary says "Including … in taxes"). */
    pricesIncludeTax: boolean;
    /** The payment provider takes no real money: the page says so. */
    testMode: boolean;
    /** The store's manual method (bank transfer, cash on delivery) when it is on, offered beside the provider. */
    manualPayment: { label: string } | null;
  };
}

export interface OrderConfirmedPageContext extends BasePageContext {
  /** A subscription order: the signed link to manage (and cancel) the subscription it started (subscriptions/). */
  manageSubscriptionUrl?: string | null;
  order: Order;
  /** Each paid digital line's download link (downloads/), with its expiry and the downloads it has left. */
  downloads: DownloadLinkView[];
  /** The lines with their totals and every total that applies, as the page's receipt lists them. */
  receipt: OrderReceipt;
  /** The return form and the returns asked for (orders/return-page.ts); null where returns do not apply. */
  returns: ReturnSectionView | null;
}

export interface GiftCardPageContext extends BasePageContext {
  item: ProductItemJson;
  /** The chosen denomination. */
  variant: ProductItemJson['structuredContent']['variants'][number] | null;
}

export interface SearchPageContext extends BasePageContext, Partial<ShopListingContext> {
  query: string;
  /** Best first; each carries `search: { rank, title, snippet, matchedTerms }`, the highlights as runs of text. */
  items: SearchResultItem[];
  /** Where this page sits among all the results; the links keep the query. */
  pagination: SearchPagination;
  productMerchandisingContext: MerchandisingContextJson;
}

export interface SearchPagination {
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  /** 1-based positions of the first and last result shown (0 and 0 when none). */
  firstShown: number;
  lastShown: number;
  previousPageUrl?: string;
  nextPageUrl?: string;
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
    siteTagLine: website.site_tagline ?? '',
    logo: logoViewOf(website),
    favicon: faviconViewOf(website),
    language: website.locale,
    timeZone: website.time_zone,
    baseCurrency: website.currency,
    captchaSettings: { siteKey: website.captcha_site_key },
    design: designViewOf(website.site_styles),
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
      customCart: website.settings.customCart === true,
    },
    commentsEnabled: website.settings.commentsEnabled === true,
    timeZone: website.time_zone,
    useCLDRMoneyFormat: true,
  };
}


export { installmentContext };

function base(website: Website, pageType: number): BasePageContext {
  return { pageType, website: websiteJson(website), websiteSettings: websiteSettingsJson(website) };
}

export function collectionJson(collection: Collection & { seo_image_url?: string | null }): CollectionJson {
  return {
    id: collection.id,
    title: collection.title,
    urlId: collection.url_id,
    fullUrl: `/${collection.url_id}`,
    type: collection.type,
    typeName: 'products',
    description: collection.description,
    seoTitle: collection.seo_title ?? '',
    seoDescription: collection.seo_description ?? '',
    ...(collection.seo_image_url ? { seoImageUrl: collection.seo_image_url } : {}),
  };
}

/** What a store or search page was asked for besides its address: the query string (a repeated name is an array). */
export type ListingQuery = Readonly<Record<string, string | string[] | undefined>>;

const pageNumberOf = (query: ListingQuery) => {
  const page = query.page;
  const text = Array.isArray(page) ? page.at(-1) : page;
  return /^\d{1,6}$/.test(text ?? '') ? Math.min(Math.max(1, Number(text)), SEARCH_MAX_PAGE) : 1;
};

/** The orders domain's units sold by product, read only when the shopper sorts by best selling. */
const unitsSoldFor = (sources: PageSources, website: Website, filters: ShopFilters) =>
  filters.sort === 'best-selling' ? unitsSoldByProduct(sources.db, website.id) : Promise.resolve(undefined);

/**
 * `/shop`: the store collection's products, filtered and sorted as the address asks (catalog/filters.ts; bad values
 * are left out — the JSON call refuses them first, pages/routes.ts), 48 a page, with the facets. Undefined when no
 * such store exists.
 */
export async function buildStorePageContext(
  sources: PageSources, website: Website, collectionUrlId: string, query: ListingQuery = {},
): Promise<CollectionPageContext | undefined> {
  const collection = await sources.catalog.collectionByUrlId(website.id, collectionUrlId);
  if (!collection) return undefined;
  const { filters } = parseShopFilters(query, website.currency, 'collection');
  const page = pageNumberOf(query);
  const { ids, facets } = await filterProducts(sources.db, website, {
    scope: 'collection', within: collection.id, filters, hiddenProductTypes: await hiddenProductTypes(sources.db, website),
    unitsSoldByProduct: await unitsSoldFor(sources, website, filters), offset: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE,
  });
  const items = await offeredProducts(sources.db, website, await listCollectionItemsByIds(sources.db, website, collection, ids));
  const address = { path: `/${collection.url_id}`, scope: 'collection' as const };
  return {
    ...base(website, PAGE_TYPES.collection),
    collection: collectionJson(collection),
    items,
    productMerchandisingContext: merchandisingContext(items),
    filters,
    facets,
    shopFilters: shopFiltersView(address, filters, facets, website.currency, website.locale),
    pagination: listingPagination({ page, pageSize: SEARCH_PAGE_SIZE, total: facets.total, shown: items.length }, (to) => shopUrlOf(address, filters, website.currency, to)),
  };
}

/** `/shop/p/:slug`: one product with its variants and installment context. Undefined when unknown. */
export async function buildProductPageContext(
  sources: PageSources, website: Website,
  collectionUrlId: string,
  slug: string,
  sku?: string,
): Promise<ProductPageContext | undefined> {
  // The addresses come from the catalog cache; the product itself (its stock) is read every time.
  const catalog = sources.catalog;
  const collection = await catalog.collectionByUrlId(website.id, collectionUrlId);
  if (!collection) return undefined;
  const productId = await catalog.productIdBySlug(website.id, collection.id, slug);
  if (!productId) return undefined;
  const loaded = await loadProductItem(sources.db, website, productId);
  // A product moved or renamed within the cache's lifetime is not found at its old address.
  if (!loaded || loaded.product.collection_id !== collection.id || loaded.product.url_id !== slug) return undefined;
  if (!(await isOffered(sources.db, website, loaded.item))) return undefined;
  const relatedProducts = await offeredProducts(sources.db, website, await sources.catalog.relatedProducts(website, loaded.product));
  return {
    ...base(website, PAGE_TYPES.item),
    collection: collectionJson(collection),
    item: loaded.item,
    installments: installmentContext(website, await featureFlagsOf(sources.db, website.id)),
    productMerchandisingContext: merchandisingContext([loaded.item, ...relatedProducts]),
    relatedProducts,
    discountTiers: productTierLabels(
      await liveAutomaticDiscounts(sources.db, website),
      { productId: loaded.product.id, collectionIds: loaded.product.collection_id ? [loaded.product.collection_id] : [], productType: loaded.product.product_type },
      new Date(),
    ),
    ...(sku && loaded.variants.some((variant) => variant.sku === sku) ? { chosenSku: sku } : {}),
  };
}

/** `/`: the site's home, showing the first store's products. */
export async function buildHomePageContext(sources: PageSources, website: Website): Promise<StorePageContext | BasePageContext> {
  const [collection] = await sources.catalog.stores(website.id);
  if (!collection) return base(website, PAGE_TYPES.page);
  const items = await offeredProducts(sources.db, website, await listCollectionItems(sources.db, website, collection));
  return {
    ...base(website, PAGE_TYPES.page),
    collection: collectionJson(collection),
    items,
    productMerchandisingContext: merchandisingContext(items),
  };
}

export async function buildCartPageContext(sources: PageSources, website: Website, actor: Actor, restore?: string): Promise<CartPageContext> {
  const shoppingCart = await readVisitorCart(sources.db, website, actor);
  const restoreNotice = restore === 'done' ? ABANDONED_CART_MESSAGES.restored : restore === 'expired' ? ABANDONED_CART_MESSAGES.linkNotValid : undefined;
  return {
    ...base(website, PAGE_TYPES.showCart),
    ...(restoreNotice ? { restoreNotice } : {}),
    shoppingCart,
    additionalFieldsForms: await additionalFieldsFormsOf(sources, website, shoppingCart),
    installments: installmentContext(website, await featureFlagsOf(sources.db, website.id)),
  };
}

/** The forms the cart page needs to edit its entries' additional fields. */
async function additionalFieldsFormsOf(sources: PageSources, website: Website, cart: ShoppingCart): Promise<Record<string, unknown>> {
  const forms: Record<string, unknown> = {};
  const itemIds = [...new Set(cart.entries.filter((entry) => entry.additionalFields !== null).map((entry) => entry.itemId))];
  for (const itemId of itemIds) {
    const loaded = await loadProductItem(sources.db, website, itemId);
    const form = loaded?.item.structuredContent.additionalFieldsForm;
    if (form) forms[itemId] = form;
  }
  return forms;
}

/**
 * `/checkout` and `/checkout/subscription`: the token's cart when given, else the visitor's.
 * Undefined (the not-found page) for a token no cart has.
 */
export async function buildCheckoutPageContext(
  sources: PageSources, website: Website,
  actor: Actor,
  cartToken: string | undefined,
): Promise<CheckoutPageContext | undefined> {
  if (cartToken) {
    const found = cartToken.length <= 128 ? await readCartByToken(sources.db, website.id, cartToken) : undefined;
    if (!found) return undefined;
    const kind = found.cart.kind;
    return {
      ...base(website, PAGE_TYPES.checkout),
      shoppingCart: await shoppingCartWithCheckout(sources.db, website, found.cart, found.lines),
      cartToken,
      checkoutKind: kind === 'express' ? 'express' : kind === 'subscription' ? 'subscription' : 'cart',
      // A subscription renews on the card its first payment saves: no manual method for it.
      checkout: await checkoutSettingsOf(sources, website, kind !== 'subscription'),
    };
  }
  return {
    ...base(website, PAGE_TYPES.checkout),
    shoppingCart: await readVisitorCart(sources.db, website, actor),
    cartToken: null,
    checkoutKind: 'cart',
    checkout: await checkoutSettingsOf(sources, website),
  };
}

/** What the checkout page needs of the store's settings besides the cart. */
async function checkoutSettingsOf(sources: PageSources, website: Website, offerManual = true): Promise<CheckoutPageContext['checkout']> {
  const manual = offerManual ? manualPaymentOf(website) : null;
  const { zones, pricesIncludeTax } = await checkoutRulesFor(sources.db, website);
  const countries = [...new Set(zones.flatMap((zone) => zone.locations.map((place) => place.country.toUpperCase())))].sort();
  return { shipsTo: zones.length > 0 ? countries : null, pricesIncludeTax, testMode: sources.paymentsTestMode ?? true, manualPayment: manual ? { label: manual.label } : null };
}

/**
 * `/checkout/order-confirmed?orderId=`: the order, as subscription confirmed (206) when it bought a
 * subscription, else order confirmed (202). Undefined (not found) without an order of that id.
 */
export async function buildOrderConfirmedPageContext(
  sources: PageSources, website: Website, orderId: string | undefined, actor: Actor, returnQuery: { notice?: string; error?: string } = {},
): Promise<OrderConfirmedPageContext | undefined> {
  const order = orderId && orderId.length <= 64 ? await findOrder(sources.db, website, orderId) : undefined;
  if (!order) return undefined;
  // The page is reachable by its link alone, which can leak (history, referrers): it shows the
  // order, never the shopper's email or addresses (the confirmation mail carries those).
  const { email: _email, shippingAddress: _shipping, billingAddress: _billing, ...shown } = order;
  const subscription = order.items.some((line) => line.kind === 'subscription');
  const manageSubscriptionUrl = subscription ? ((await manageLinksForOrder(sources.db, website, order.id))[0] ?? null) : null;
  const downloads = (await listOrderDownloads(sources.db, website, order.id)).map((link) => downloadLinkView(link, website));
  const returns = subscription ? null : await returnSectionOf(sources.db, website, actor, order.id, returnQuery);
  return { ...base(website, subscription ? PAGE_TYPES.subscriptionConfirmed : PAGE_TYPES.orderConfirmed), order: shown, downloads, manageSubscriptionUrl, receipt: orderReceipt(order), returns };
}

/** `/checkout/gift-card?itemId=&sku=`: the gift card and its chosen denomination; undefined (not found) for another item. */
export async function buildGiftCardPageContext(
  sources: PageSources, website: Website,
  itemId: string | undefined,
  sku: string | undefined,
): Promise<GiftCardPageContext | undefined> {
  const loaded = itemId && itemId.length <= 64 ? await loadProductItem(sources.db, website, itemId) : undefined;
  if (!loaded || loaded.product.product_type !== 4) return undefined;
  const item = loaded.item;
  const variant = item.structuredContent.variants.find((candidate) => candidate.sku === sku) ?? null;
  return { ...base(website, PAGE_TYPES.giftCard), item, variant };
}

/**
 * `/search?q=`: products matching every word of the query in their title, description, tags or
 * option values, best first (catalog/search.ts), each with its highlighted title and snippet.
 */
export async function buildSearchPageContext(
  sources: PageSources,
  website: Website,
  query: string | undefined,
  page: string | undefined,
  listingQuery: ListingQuery = {},
): Promise<SearchPageContext> {
  const text = (query ?? '').trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const requested = /^\d{1,6}$/.test(page ?? '') ? Number(page) : 1;
  const { filters } = parseShopFilters(listingQuery, website.currency, 'search');
  const results = await searchProducts(sources.db, website, text, requested, {
    filters, hiddenProductTypes: await hiddenProductTypes(sources.db, website), unitsSoldByProduct: text ? await unitsSoldFor(sources, website, filters) : undefined,
  });
  const shownResults = await offeredProducts(sources.db, website, results.items);
  const address = { path: '/search', scope: 'search' as const, query: text };
  return {
    ...base(website, PAGE_TYPES.search),
    query: text,
    items: shownResults,
    pagination: listingPagination({ page: results.page, pageSize: results.pageSize, total: results.total, shown: results.items.length }, (to) => shopUrlOf(address, filters, website.currency, to)),
    productMerchandisingContext: merchandisingContext(shownResults),
    ...(text ? { filters, facets: results.facets, shopFilters: shopFiltersView(address, filters, results.facets, website.currency, website.locale) } : {}),
  };
}

/** Where a page sits among all the results; `urlOf` makes a page's address (the filters and sort kept). */
function listingPagination(
  { page, pageSize, total, shown }: { page: number; pageSize: number; total: number; shown: number },
  urlOf: (page: number) => string,
): SearchPagination {
  const pageCount = Math.min(Math.ceil(total / pageSize), SEARCH_MAX_PAGE);
  const firstShown = shown > 0 ? (page - 1) * pageSize + 1 : 0;
  return {
    page,
    pageSize,
    total,
    pageCount,
    firstShown,
    lastShown: firstShown === 0 ? 0 : firstShown + shown - 1,
    ...(page > 1 && total > 0 ? { previousPageUrl: urlOf(Math.min(page - 1, pageCount)) } : {}),
    ...(page < pageCount ? { nextPageUrl: urlOf(page + 1) } : {}),
  };
}
