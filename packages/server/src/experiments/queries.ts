import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, ExperimentsTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
export type ExperimentRow = Selectable<ExperimentsTable>;

/** The website's own experiments and the platform-wide ones (website_id null), live ones only, by name. */
export async function listExperimentRows(db: Db, websiteId: string): Promise<ExperimentRow[]> {
  return db
    .selectFrom('experiments')
    .selectAll()
    .where((eb) => eb.or([eb('website_id', '=', websiteId), eb('website_id', 'is', null)]))
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('website_id')
    .execute();
}

export async function findExperimentRow(db: Db, websiteId: string, experimentId: string): Promise<ExperimentRow | undefined> {
  return db
    .selectFrom('experiments')
    .selectAll()
    .where('id', '=', experimentId)
    .where((eb) => eb.or([eb('website_id', '=', websiteId), eb('website_id', 'is', null)]))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Records first exposures; an exposure already recorded for the visitor and experiment is left alone. */
export async function insertExposures(
  db: Db,
  exposures: ReadonlyArray<{ websiteId: string; experimentId: string; analyticsId: string; variant: string }>,
): Promise<Array<{ experiment_id: string; variant: string }>> {
  if (exposures.length === 0) return [];
  return db
    .insertInto('experiment_exposures')
    .values(exposures.map((exposure) => ({ website_id: exposure.websiteId, experiment_id: exposure.experimentId, analytics_id: exposure.analyticsId, variant: exposure.variant })))
    .onConflict((oc) => oc.columns(['website_id', 'experiment_id', 'analytics_id']).doNothing())
    .returning(['experiment_id', 'variant'])
    .execute();
}

/**
 * Per variant: visitors first exposed in [from, to) and, of them, those with at least one `event` analytics
 * event (not a bot's) after their exposure and before `to`. Joined on the analytics id the exposure and the
 * events both carry.
 */
export async function countExposuresAndConversions(
  db: Db,
  websiteId: string,
  experimentId: string,
  event: string,
  from: Date,
  to: Date,
): Promise<Array<{ variant: string; exposures: number; conversions: number }>> {
  const rows = await sql<{ variant: string; exposures: string | number; conversions: string | number }>`
    SELECT exposure.variant,
           count(*) AS exposures,
           count(*) FILTER (WHERE EXISTS (
             SELECT 1 FROM analytics_events AS event
             WHERE event.website_id = exposure.website_id
               AND event.analytics_id = exposure.analytics_id
               AND event.schema_name = ${event}
               AND event.is_bot = false
               AND COALESCE(event.occurred_at, event.received_at) >= exposure.exposed_at
               AND COALESCE(event.occurred_at, event.received_at) < ${to}
           )) AS conversions
    FROM experiment_exposures AS exposure
    WHERE exposure.website_id = ${websiteId}
      AND exposure.experiment_id = ${experimentId}
      AND exposure.exposed_at >= ${from}
      AND exposure.exposed_at < ${to}
    GROUP BY exposure.variant`.execute(db);
  return rows.rows.map((row) => ({ variant: row.variant, exposures: Number(row.exposures), conversions: Number(row.conversions) }));
}

export async function listFeatureFlagRows(db: Db, websiteId: string): Promise<Array<{ code: number; enabled: boolean }>> {
  return db.selectFrom('website_feature_flags').select(['code', 'enabled']).where('website_id', '=', websiteId).orderBy('code').execute();
}
