import { sql, type Kysely, type Transaction } from 'kysely';
import type { CreateMemberAreaBody, MemberAreaJson, UpdateMemberAreaBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid, notFound } from '../failures';
import { newId } from '../ids';
import { countLiveMembers, findAreaRow, findPaywallProducts, listAreaPages, listAreaRows, type AreaPage, type MemberAreaRow } from './queries';

type Db = Kysely<Database> | Transaction<Database>;

export const MEMBER_AREA_MESSAGES = {
  notFound: 'Member area not found.',
  nameTaken: 'Another member area has this name.',
  paidNeedsProduct: 'A paid area needs its PAYWALL product.',
  notPaywallProduct: 'Choose a PAYWALL product (product type 5) of this website.',
  freeHasNoProduct: 'A free area has no product: leave paywallProductId empty.',
  unknownPages: 'Some of these pages do not exist.',
  stale: 'Someone else changed this member area. Reload it and try again.',
  blankName: 'Enter a name of 1 to 100 characters.',
} as const;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** Areas as the owner sees them: their pages, PAYWALL product and live member count (three reads for any number). */
export async function memberAreaJsons(db: Db, website: Website, rows: readonly MemberAreaRow[]): Promise<MemberAreaJson[]> {
  const ids = rows.map((row) => row.id);
  const [pages, counts, products] = await Promise.all([
    listAreaPages(db, website.id, ids),
    countLiveMembers(db, ids),
    findPaywallProducts(db, website.id, website.currency, rows.flatMap((row) => (row.paywall_product_id ? [row.paywall_product_id] : []))),
  ]);
  return rows.map((row) => {
    const product = row.paywall_product_id ? products.get(row.paywall_product_id) : undefined;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      access: row.access,
      paywallProductId: row.paywall_product_id,
      paywallProduct: product ? { id: product.id, name: product.name, priceLabel: product.priceLabel } : null,
      joinButtonText: row.join_button_text,
      durationDays: row.duration_days,
      pages: pages.filter((page) => page.memberAreaId === row.id).map(pageJson),
      activeMemberCount: counts.get(row.id) ?? 0,
      version: row.version,
      created: row.created_at.getTime(),
      updated: row.updated_at.getTime(),
    };
  });
}

const pageJson = (page: AreaPage) => ({ id: page.id, title: page.title, kind: page.kind, url: `/${page.urlId}` });

export async function listMemberAreas(db: Kysely<Database>, website: Website, actor: Actor): Promise<{ memberAreas: MemberAreaJson[] }> {
  authorize(actor, 'members:read');
  return { memberAreas: await memberAreaJsons(db, website, await listAreaRows(db, website.id)) };
}

export async function getMemberArea(db: Kysely<Database>, website: Website, actor: Actor, input: { memberAreaId: string }): Promise<{ memberArea: MemberAreaJson }> {
  authorize(actor, 'members:read');
  const row = await findAreaRow(db, website.id, input.memberAreaId);
  if (!row) throw notFound(MEMBER_AREA_MESSAGES.notFound);
  return { memberArea: (await memberAreaJsons(db, website, [row]))[0]! };
}

interface CheckedArea {
  name: string;
  description: string;
  access: 'free' | 'paid';
  paywallProductId: string | null;
  joinButtonText: string;
  durationDays: number | null;
  pageIds: string[] | undefined;
}

/** The body's rules that need the database: the PAYWALL product and the pages exist on this website. */
async function checkArea(db: Db, website: Website, body: CreateMemberAreaBody): Promise<CheckedArea> {
  const errors: Record<string, string> = {};
  const name = body.name.trim();
  if (name === '') errors.name = MEMBER_AREA_MESSAGES.blankName;
  const paywallProductId = body.paywallProductId ?? null;
  if (body.access === 'paid' && paywallProductId === null) errors.paywallProductId = MEMBER_AREA_MESSAGES.paidNeedsProduct;
  if (body.access === 'free' && paywallProductId !== null) errors.paywallProductId = MEMBER_AREA_MESSAGES.freeHasNoProduct;
  if (body.access === 'paid' && paywallProductId !== null) {
    const found = await findPaywallProducts(db, website.id, website.currency, [paywallProductId]);
    if (!found.has(paywallProductId)) errors.paywallProductId = MEMBER_AREA_MESSAGES.notPaywallProduct;
  }
  const pageIds = body.pageIds ? [...new Set(body.pageIds)] : undefined;
  if (pageIds && pageIds.length > 0) {
    const found = await db.selectFrom('site_pages').select('id').where('website_id', '=', website.id).where('id', 'in', pageIds).where('deleted_at', 'is', null).execute();
    if (found.length !== pageIds.length) errors.pageIds = MEMBER_AREA_MESSAGES.unknownPages;
  }
  if (Object.keys(errors).length > 0) throw invalid(Object.values(errors)[0]!, errors);
  return {
    name,
    description: (body.description ?? '').trim(),
    access: body.access,
    paywallProductId,
    joinButtonText: (body.joinButtonText ?? '').trim(),
    durationDays: body.durationDays ?? null,
    pageIds,
  };
}

async function replacePages(trx: Transaction<Database>, websiteId: string, areaId: string, pageIds: readonly string[]): Promise<void> {
  await trx.deleteFrom('member_area_pages').where('member_area_id', '=', areaId).execute();
  if (pageIds.length === 0) return;
  await trx.insertInto('member_area_pages').values(pageIds.map((pageId, position) => ({ member_area_id: areaId, page_id: pageId, website_id: websiteId, position }))).execute();
}

/** Writes an area; a name another area has is a 409 with nothing written. */
async function writeArea(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<string>): Promise<string> {
  try {
    return await inTransaction(db, work);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MEMBER_AREA_MESSAGES.nameTaken, { name: MEMBER_AREA_MESSAGES.nameTaken });
    throw error;
  }
}

export async function createMemberArea(db: Kysely<Database>, website: Website, actor: Actor, body: CreateMemberAreaBody): Promise<{ memberArea: MemberAreaJson }> {
  authorize(actor, 'members:write');
  const checked = await checkArea(db, website, body);
  const id = await writeArea(db, async (trx) => {
    const areaId = newId();
    await trx.insertInto('member_areas').values({
      id: areaId, website_id: website.id, name: checked.name, description: checked.description, access: checked.access,
      paywall_product_id: checked.paywallProductId, join_button_text: checked.joinButtonText, duration_days: checked.durationDays,
    }).execute();
    await replacePages(trx, website.id, areaId, checked.pageIds ?? []);
    return areaId;
  });
  return getMemberArea(db, website, actor, { memberAreaId: id });
}

export async function updateMemberArea(db: Kysely<Database>, website: Website, actor: Actor, input: UpdateMemberAreaBody & { memberAreaId: string }): Promise<{ memberArea: MemberAreaJson }> {
  authorize(actor, 'members:write');
  if (!(await findAreaRow(db, website.id, input.memberAreaId))) throw notFound(MEMBER_AREA_MESSAGES.notFound);
  const checked = await checkArea(db, website, input);
  await writeArea(db, async (trx) => {
    const updated = await trx.updateTable('member_areas')
      .set({
        name: checked.name, description: checked.description, access: checked.access, paywall_product_id: checked.paywallProductId,
        join_button_text: checked.joinButtonText, duration_days: checked.durationDays, version: sql`version + 1`, updated_at: sql`now()`,
      })
      .where('website_id', '=', website.id)
      .where('id', '=', input.memberAreaId)
      .where('version', '=', input.version)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw conflict(MEMBER_AREA_MESSAGES.stale);
    if (checked.pageIds) await replacePages(trx, website.id, input.memberAreaId, checked.pageIds);
    return input.memberAreaId;
  });
  return getMemberArea(db, website, actor, { memberAreaId: input.memberAreaId });
}

/** Deletes the area, its page list and its memberships (cascade): its pages open to everyone. */
export async function deleteMemberArea(db: Kysely<Database>, website: Website, actor: Actor, input: { memberAreaId: string }): Promise<{ deleted: boolean }> {
  authorize(actor, 'members:write');
  const deleted = await db.deleteFrom('member_areas').where('website_id', '=', website.id).where('id', '=', input.memberAreaId).returning('id').executeTakeFirst();
  if (!deleted) throw notFound(MEMBER_AREA_MESSAGES.notFound);
  return { deleted: true };
}

/**
 * Puts a page in a member area (for other domains' seeds and tests: the courses demo gates its course page so).
 * Idempotent; the page goes last in the area's order.
 */
export async function assignPageToMemberArea(db: Db, websiteId: string, memberAreaId: string, pageId: string): Promise<void> {
  await db.insertInto('member_area_pages')
    .values({ member_area_id: memberAreaId, page_id: pageId, website_id: websiteId, position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM member_area_pages WHERE member_area_id = ${memberAreaId})` })
    .onConflict((conflictOn) => conflictOn.columns(['member_area_id', 'page_id']).doNothing())
    .execute();
}
