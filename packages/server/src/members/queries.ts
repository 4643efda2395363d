import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { formatMoney, subscriptionPriceWording } from '@vitrine/format';
import type { Database, MemberAreasTable } from '../db/schema';
import { liveMembership } from './access';

type Db = Kysely<Database> | Transaction<Database>;
export type MemberAreaRow = Selectable<MemberAreasTable>;

/** Product type PAYWALL (platform §3): sold only through a member area's join button. */
export const PAYWALL_PRODUCT_TYPE = 5;

export interface AreaPage {
  memberAreaId: string;
  id: string;
  title: string;
  kind: string;
  urlId: string;
}

export interface PaywallProduct {
  id: string;
  name: string;
  /** '$12.00 every month' or '$30.00'. */
  priceLabel: string;
  isSubscribable: boolean;
  /** The variant a join buys (the first). */
  sku: string | null;
  archived: boolean;
}

export async function listAreaRows(db: Db, websiteId: string, ids?: readonly string[]): Promise<MemberAreaRow[]> {
  if (ids && ids.length === 0) return [];
  let query = db.selectFrom('member_areas').selectAll().where('website_id', '=', websiteId);
  if (ids) query = query.where('id', 'in', [...ids]);
  return query.orderBy(sql`lower(name)`).orderBy('id').execute();
}

export async function findAreaRow(db: Db, websiteId: string, id: string): Promise<MemberAreaRow | undefined> {
  return db.selectFrom('member_areas').selectAll().where('website_id', '=', websiteId).where('id', '=', id).executeTakeFirst();
}

/** The live (not deleted) pages each area gates, in the area's order. */
export async function listAreaPages(db: Db, websiteId: string, areaIds: readonly string[]): Promise<AreaPage[]> {
  if (areaIds.length === 0) return [];
  return db
    .selectFrom('member_area_pages')
    .innerJoin('site_pages', 'site_pages.id', 'member_area_pages.page_id')
    .select(['member_area_pages.member_area_id as memberAreaId', 'site_pages.id as id', 'site_pages.title as title', 'site_pages.kind as kind', 'site_pages.url_id as urlId'])
    .where('member_area_pages.website_id', '=', websiteId)
    .where('member_area_pages.member_area_id', 'in', [...areaIds])
    .where('site_pages.deleted_at', 'is', null)
    .orderBy('member_area_pages.position')
    .orderBy('site_pages.title')
    .execute();
}

export async function countLiveMembers(db: Db, areaIds: readonly string[]): Promise<Map<string, number>> {
  if (areaIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('memberships')
    .select(['member_area_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('member_area_id', 'in', [...areaIds])
    .where(liveMembership)
    .groupBy('member_area_id')
    .execute();
  return new Map(rows.map((row) => [row.member_area_id, Number(row.count)]));
}

/** PAYWALL products by id (read from the catalog's tables: the area shows its product's name and price). */
export async function findPaywallProducts(db: Db, websiteId: string, currency: string, ids: readonly string[]): Promise<Map<string, PaywallProduct>> {
  if (ids.length === 0) return new Map();
  const products = await db
    .selectFrom('products')
    .select(['id', 'title', 'is_subscribable', 'subscription_plan', 'archived_at'])
    .where('website_id', '=', websiteId)
    .where('id', 'in', [...new Set(ids)])
    .where('product_type', '=', PAYWALL_PRODUCT_TYPE)
    .execute();
  if (products.length === 0) return new Map();
  const variants = await db
    .selectFrom('variants')
    .select(['product_id', 'sku', 'price_cents', 'sale_price_cents', 'on_sale'])
    .where('product_id', 'in', products.map((product) => product.id))
    .where('archived_at', 'is', null)
    .orderBy('product_id')
    .orderBy('display_index')
    .execute();
  return new Map(products.map((row) => {
    const variant = variants.find((candidate) => candidate.product_id === row.id);
    const price = formatMoney(Number(variant ? (variant.on_sale ? variant.sale_price_cents : variant.price_cents) : 0), currency);
    const plan = row.subscription_plan;
    const priceLabel = row.is_subscribable && plan ? subscriptionPriceWording({ price, billingPeriod: plan.billingPeriod, numBillingCycles: plan.numBillingCycles }) : price;
    return [row.id, { id: row.id, name: row.title, priceLabel, isSubscribable: row.is_subscribable, sku: variant?.sku ?? null, archived: row.archived_at !== null }];
  }));
}

/** Member areas as navigation link targets (site-settings/): each with the url id of its first live-or-not page. */
export async function listMemberAreaLinkTargets(db: Db, websiteId: string): Promise<Array<{ id: string; name: string; firstPageUrlId: string | null }>> {
  const areas = await listAreaRows(db, websiteId);
  const pages = await listAreaPages(db, websiteId, areas.map((area) => area.id));
  return areas.map((area) => ({ id: area.id, name: area.name, firstPageUrlId: pages.find((page) => page.memberAreaId === area.id)?.urlId ?? null }));
}
