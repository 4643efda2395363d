import type { Kysely, Selectable } from 'kysely';
import { SITE_IMPORT_LIMITS, SITE_IMPORT_MESSAGES, type SiteImportJson, type SiteImportReportJson } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, SiteImportsTable, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, notFound } from '../failures';
import { newId } from '../ids';
import { picturesOf } from './import-job';
import { readWxrPlan } from './wxr-plan';

export function siteImportJson(row: Selectable<SiteImportsTable>): SiteImportJson {
  return {
    id: row.id,
    source: 'wxr',
    status: row.status,
    siteTitle: row.site_title,
    stepsDone: row.steps_done,
    stepsTotal: row.steps_total,
    report: (row.report as SiteImportReportJson | null) ?? null,
    failure: row.failure,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

/** GET /api/owner/site-imports */
export async function listSiteImports(db: Kysely<Database>, website: Website, actor: Actor) {
  authorize(actor, 'site-archives:manage');
  const rows = await db.selectFrom('site_imports').selectAll().where('website_id', '=', website.id).orderBy('created_at', 'desc').orderBy('id').limit(SITE_IMPORT_LIMITS.kept).execute();
  return { imports: rows.map(siteImportJson) };
}

/**
 * POST /api/owner/site-imports/wxr: the file is read and checked here (wxr-plan.ts: a 400 for one that is not XML,
 * not WXR, empty or past the limits, before anything is written); what it holds is queued for the import job in
 * one transaction, under the website's row lock, so two at once queue one and the second is told one is under way.
 */
export async function startWxrImport(db: Kysely<Database>, website: Website, actor: Actor, xml: string) {
  authorize(actor, 'site-archives:manage');
  const plan = readWxrPlan(xml);
  const steps = picturesOf(plan).length + plan.pages.length + plan.posts.length;
  return inTransaction(db, async (trx) => {
    await trx.selectFrom('websites').select('id').where('id', '=', website.id).forUpdate().executeTakeFirstOrThrow();
    const busy = await trx.selectFrom('site_imports').select('id').where('website_id', '=', website.id).where('status', 'in', ['queued', 'running']).executeTakeFirst();
    if (busy) throw conflict(SITE_IMPORT_MESSAGES.inProgress);
    const row = await trx
      .insertInto('site_imports')
      .values({ id: newId(), website_id: website.id, site_title: plan.siteTitle, plan: JSON.stringify(plan), steps_total: steps })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { import: siteImportJson(row) };
  });
}

/** GET /api/owner/site-imports/:importId */
export async function getSiteImport(db: Kysely<Database>, website: Website, actor: Actor, importId: string) {
  authorize(actor, 'site-archives:manage');
  const row = await db.selectFrom('site_imports').selectAll().where('website_id', '=', website.id).where('id', '=', importId).executeTakeFirst();
  if (!row) throw notFound(SITE_IMPORT_MESSAGES.importId);
  return { import: siteImportJson(row) };
}
