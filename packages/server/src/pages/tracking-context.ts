import type { Kysely } from 'kysely';
import { CONTRIBUTOR_ROLES } from '@vitrine/contracts';
import type { PurchaseDetail } from '@vitrine/tracking/dom-events';
import { SOURCE_ENVIRONMENTS, type SourceEnvironment } from '@vitrine/tracking/event-names';
import type { TrackingPageContext } from '@vitrine/tracking/page-context';
import { siteUserOf, type Actor } from '../actor';
import { analyticsDisabledByEnvironment } from '../analytics';
import { loadProductItem } from '../catalog';
import type { Database, Website } from '../db/schema';
import { orderLineProducts } from '../orders';
import type { BasePageContext, OrderConfirmedPageContext } from './contexts';
import { PAGE_TYPES } from './contexts';

/**
 * What the shopper tracking client (@vitrine/tracking) needs to know about a storefront page, rendered by the layout
 * as `<script type="application/json" id="vitrine-tracking">` (site.layout.html, `{trackingContext|json-ld}`): the
 * site and page (census `RecordHit` data, the legacy payload), who is looking (storefront §6: a signed-in account
 * holder is not tracked unless their only role is viewer), the global disable flag, cookie restrictions, the source
 * environment (platform §3) and, on the order-confirmed page, the purchase.
 */

/** The server's side of the switches, read once from its environment. */
export interface TrackingSettings {
  /** ANALYTICS_DISABLED=1 (or true, yes, on): nothing is tracked on any page of this server. */
  disabled: boolean;
  /** ANALYTICS_SOURCE_ENVIRONMENT (dev, qa, staging, prod); else prod under NODE_ENV=production, dev otherwise. */
  sourceEnvironment: SourceEnvironment;
}

export function trackingSettingsFromEnvironment(env: NodeJS.ProcessEnv = process.env): TrackingSettings {
  const named = env.ANALYTICS_SOURCE_ENVIRONMENT?.trim();
  return {
    disabled: analyticsDisabledByEnvironment(env),
    sourceEnvironment: (SOURCE_ENVIRONMENTS as readonly string[]).includes(named ?? '')
      ? (named as SourceEnvironment)
      : env.NODE_ENV === 'production' ? 'prod' : 'dev',
  };
}

/** The theme's id in census hits and legacy payloads (the website setting `templateId` names another). */
export const DEFAULT_TEMPLATE_ID = 'vitrine-default';
/** Platform §3's record type of a store item. */
const STORE_ITEM_RECORD_TYPE = 11;

type PageShape = BasePageContext & {
  /** A product (record type 11), or a site editor post, event or gallery image carrying its own record type. */
  item?: { id?: string; collectionId?: string; recordType?: number } | null;
  collection?: { id?: string };
  contentPage?: { id?: string };
};

/**
 * The page's tracking context. Website settings: `analyticsDisabled` (the global disable flag, beside
 * ANALYTICS_DISABLED) and `analyticsCookieRestrictions` (the analytics cookies are cleared, nothing is tracked).
 */
export async function buildTrackingContext(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  page: BasePageContext,
  settings: TrackingSettings,
): Promise<TrackingPageContext> {
  const shown = page as PageShape;
  const role = siteUserOf(actor)?.role;
  const viewerOnly = role === CONTRIBUTOR_ROLES.viewer;
  const itemId = shown.item?.id ?? null;
  const templateId = website.settings.templateId;
  return {
    websiteId: website.id,
    templateId: typeof templateId === 'string' && templateId !== '' ? templateId : DEFAULT_TEMPLATE_ID,
    websiteLocale: website.locale,
    pageType: page.pageType,
    itemId,
    recordType: itemId ? (shown.item?.recordType ?? STORE_ITEM_RECORD_TYPE) : null,
    collectionId: shown.item?.collectionId ?? shown.collection?.id ?? shown.contentPage?.id ?? null,
    accountHolder: role !== undefined,
    viewerOnly,
    // Sent only where the account holder is tracked at all: a viewer.
    memberAccountId: viewerOnly ? (siteUserOf(actor)?.id ?? null) : null,
    memberLocale: null,
    disabled: settings.disabled || website.settings.analyticsDisabled === true,
    cookieRestrictions: website.settings.analyticsCookieRestrictions === true,
    sourceEnvironment: settings.sourceEnvironment,
    ...(isOrderConfirmed(page) ? { purchase: await purchaseOf(db, website, page) } : {}),
  };
}

function isOrderConfirmed(page: BasePageContext): page is OrderConfirmedPageContext {
  return (page.pageType === PAGE_TYPES.orderConfirmed || page.pageType === PAGE_TYPES.subscriptionConfirmed) && 'order' in page;
}

/**
 * The purchase event's content (storefront §3 Product context plus quantity per line): the order names each line's
 * sku, name, quantity and unit price; the product's id, type and the variant's attributes come from the catalog
 * (a line keeps its own name and price: the product may have changed since). Which product each line was bought as
 * is the orders domain's answer (orderLineProducts): pages never read its tables.
 */
async function purchaseOf(db: Kysely<Database>, website: Website, page: OrderConfirmedPageContext): Promise<PurchaseDetail> {
  const { order } = page;
  const lines = await orderLineProducts(db, website.id, order.id);
  const productIdOf = new Map(lines.flatMap((line) => (line.productId === null ? [] : [[line.sku, line.productId] as const])));
  const products = new Map<string, Awaited<ReturnType<typeof loadProductItem>>>();
  for (const productId of new Set(productIdOf.values())) products.set(productId, await loadProductItem(db, website, productId));
  return {
    order_id: order.id,
    revenue: { decimalValue: order.grandTotal.value, currency: order.grandTotal.currency },
    products: order.items.map((line) => {
      const productId = productIdOf.get(line.sku) ?? line.sku;
      const item = products.get(productId)?.item;
      const variant = item?.structuredContent.variants.find((candidate) => candidate.sku === line.sku);
      const price = { decimalValue: line.unitPrice.value };
      return {
        id: productId,
        name: line.productName,
        productType: item?.structuredContent.productType ?? 1,
        variants: [{ sku: line.sku, price, attributes: variant?.attributes ?? {} }],
        price,
        quantity: line.quantity,
      };
    }),
  };
}
