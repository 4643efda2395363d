import type { Kysely } from 'kysely';
import { checkDefinition, type ExperimentDefinition, type ExperimentSegment } from '@vitrine/experiments';
import { OWNER_EXPERIMENT_MESSAGES, type CreateExperimentBody, type OwnerExperiment, type UpdateExperimentBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { conflict, forbidden, invalid, notFound } from '../failures';
import { newId } from '../ids';
import { findExperimentRow, listExperimentRows, type ExperimentRow } from './queries';
import { forgetExperimentRows } from './rows-cache';

/** The owner's experiment calls (issue 19 item 1). Platform-wide rows are listed and read here, changed only by the operator. */

export const EXPERIMENT_MESSAGES = {
  invalid: 'The experiment is not valid.',
  badTime: OWNER_EXPERIMENT_MESSAGES.time,
} as const;

export function definitionOf(row: ExperimentRow): ExperimentDefinition {
  return {
    name: row.name,
    experimentType: row.experiment_type,
    variants: row.variants,
    segment: (row.segment as ExperimentSegment | null) ?? null,
    status: row.status,
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
  };
}

export function ownerExperimentOf(row: ExperimentRow): OwnerExperiment {
  return {
    id: row.id,
    scope: row.website_id === null ? 'platform' : 'website',
    ...definitionOf(row),
    conversionEvent: row.conversion_event,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function timeOf(value: string | null | undefined, field: string): Date | null {
  if (value === null || value === undefined) return null;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw invalid(EXPERIMENT_MESSAGES.invalid, { [field]: EXPERIMENT_MESSAGES.badTime });
  return time;
}

/** The definition a body describes, checked by @vitrine/experiments (errors keyed by field). */
function checkedDefinition(body: CreateExperimentBody) {
  const startsAt = timeOf(body.startsAt, 'startsAt');
  const endsAt = timeOf(body.endsAt, 'endsAt');
  const definition: ExperimentDefinition = {
    name: body.name,
    experimentType: body.experimentType,
    variants: body.variants.map(({ name, weight }) => ({ name, weight })),
    segment: body.segment ?? null,
    status: body.status ?? 'draft',
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
  };
  const errors = checkDefinition(definition);
  if (Object.keys(errors).length > 0) throw invalid(EXPERIMENT_MESSAGES.invalid, errors);
  // The row's columns for the definition (the conversion event only when the body names one).
  const columns = {
    name: definition.name,
    experiment_type: definition.experimentType,
    variants: JSON.stringify(definition.variants),
    segment: definition.segment ? JSON.stringify(definition.segment) : null,
    status: definition.status,
    starts_at: startsAt,
    ends_at: endsAt,
    ...(body.conversionEvent ? { conversion_event: body.conversionEvent } : {}),
  };
  return { definition, columns };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export async function listOwnerExperiments(db: Kysely<Database>, website: Website, actor: Actor): Promise<{ experiments: OwnerExperiment[] }> {
  authorize(actor, 'site:read');
  const rows = await listExperimentRows(db, website.id);
  // The website's own first; a platform-wide one of the same name is shadowed and listed after.
  return { experiments: [...rows.filter((row) => row.website_id !== null), ...rows.filter((row) => row.website_id === null)].map(ownerExperimentOf) };
}

export async function getOwnerExperiment(db: Kysely<Database>, website: Website, actor: Actor, experimentId: string): Promise<{ experiment: OwnerExperiment }> {
  authorize(actor, 'site:read');
  const row = await findExperimentRow(db, website.id, experimentId);
  if (!row) throw notFound(OWNER_EXPERIMENT_MESSAGES.notFound);
  return { experiment: ownerExperimentOf(row) };
}

export async function createOwnerExperiment(db: Kysely<Database>, website: Website, actor: Actor, body: CreateExperimentBody): Promise<{ experiment: OwnerExperiment }> {
  authorize(actor, 'site:write');
  const { columns } = checkedDefinition(body);
  try {
    const row = await db
      .insertInto('experiments')
      .values({ id: newId(), website_id: website.id, ...columns })
      .returningAll()
      .executeTakeFirstOrThrow();
    forgetExperimentRows(db);
    return { experiment: ownerExperimentOf(row) };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(OWNER_EXPERIMENT_MESSAGES.nameTaken, { name: OWNER_EXPERIMENT_MESSAGES.nameTaken });
    throw error;
  }
}

async function ownRow(db: Kysely<Database>, website: Website, experimentId: string): Promise<ExperimentRow> {
  const row = await findExperimentRow(db, website.id, experimentId);
  if (!row) throw notFound(OWNER_EXPERIMENT_MESSAGES.notFound);
  if (row.website_id === null) throw forbidden(OWNER_EXPERIMENT_MESSAGES.platformOwned);
  return row;
}

/** Replaces a definition made on the version read: a conditional update, so of two racing changes one wins and the other is a 409. */
export async function updateOwnerExperiment(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { experimentId: string } & UpdateExperimentBody,
): Promise<{ experiment: OwnerExperiment }> {
  authorize(actor, 'site:write');
  await ownRow(db, website, input.experimentId);
  const { columns } = checkedDefinition(input);
  try {
    const row = await db
      .updateTable('experiments')
      .set((eb) => ({
        ...columns,
        version: eb('version', '+', 1),
        updated_at: new Date(),
      }))
      .where('id', '=', input.experimentId)
      .where('website_id', '=', website.id)
      .where('version', '=', input.version)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw conflict(OWNER_EXPERIMENT_MESSAGES.changedElsewhere);
    forgetExperimentRows(db);
    return { experiment: ownerExperimentOf(row) };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(OWNER_EXPERIMENT_MESSAGES.nameTaken, { name: OWNER_EXPERIMENT_MESSAGES.nameTaken });
    throw error;
  }
}

export async function deleteOwnerExperiment(db: Kysely<Database>, website: Website, actor: Actor, experimentId: string): Promise<{ deleted: true; id: string }> {
  authorize(actor, 'site:write');
  await ownRow(db, website, experimentId);
  await db.updateTable('experiments').set({ deleted_at: new Date(), updated_at: new Date() }).where('id', '=', experimentId).where('website_id', '=', website.id).execute();
  forgetExperimentRows(db);
  return { deleted: true, id: experimentId };
}

/** Platform-wide experiments are the operator's: only the system actor (the shell) may write them. */
export const PLATFORM_EXPERIMENT_MESSAGES = {
  operatorOnly: 'Platform-wide experiments are changed by the operator, from the shell (npm run experiments).',
  notFound: 'No platform-wide experiment has this name.',
} as const;

function requireOperator(actor: Actor): void {
  if (actor.kind !== 'system') throw forbidden(PLATFORM_EXPERIMENT_MESSAGES.operatorOnly);
}

/** Every platform-wide experiment (the operator's list). */
export async function listPlatformExperiments(db: Kysely<Database>, actor: Actor): Promise<OwnerExperiment[]> {
  requireOperator(actor);
  const rows = await db.selectFrom('experiments').selectAll().where('website_id', 'is', null).where('deleted_at', 'is', null).orderBy('name').execute();
  return rows.map(ownerExperimentOf);
}

/** Creates or replaces a platform-wide experiment by name (checked like a website's). */
export async function savePlatformExperiment(db: Kysely<Database>, actor: Actor, body: CreateExperimentBody): Promise<OwnerExperiment> {
  requireOperator(actor);
  const { definition, columns: values } = checkedDefinition(body);
  const existing = await db.selectFrom('experiments').select('id').where('website_id', 'is', null).where('name', '=', definition.name).where('deleted_at', 'is', null).executeTakeFirst();
  const row = existing
    ? await db
        .updateTable('experiments')
        .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: new Date() }))
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await db.insertInto('experiments').values({ id: newId(), website_id: null, ...values }).returningAll().executeTakeFirstOrThrow();
  forgetExperimentRows(db);
  return ownerExperimentOf(row);
}

export async function deletePlatformExperiment(db: Kysely<Database>, actor: Actor, name: string): Promise<void> {
  requireOperator(actor);
  const deleted = await db.updateTable('experiments').set({ deleted_at: new Date(), updated_at: new Date() }).where('website_id', 'is', null).where('name', '=', name).where('deleted_at', 'is', null).executeTakeFirst();
  forgetExperimentRows(db);
  if (Number(deleted.numUpdatedRows) === 0) throw notFound(PLATFORM_EXPERIMENT_MESSAGES.notFound);
}
