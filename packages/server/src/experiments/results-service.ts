import type { Kysely } from 'kysely';
import { compareVariants } from '@vitrine/experiments';
import { OWNER_EXPERIMENT_MESSAGES, type ExperimentResults } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { invalid, notFound } from '../failures';
import { countExposuresAndConversions, findExperimentRow } from './queries';

/** How the results are computed; the server README's "Experiments" section explains it. */
export const RESULTS_METHOD = 'wilson-95 per variant; newcombe-95 difference and pooled two-proportion z-test against the control';

const DAY_MS = 86_400_000;

/**
 * An A/B test's results from the stored events: visitors first exposed from `from` (a UTC date, the
 * experiment's creation day by default) up to the end of `to` (today by default), and those of them who
 * sent the conversion event after their exposure. Every variant of the definition is listed, in its order
 * (the first is the control), with zeros where nobody came.
 */
export async function getExperimentResults(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { experimentId: string; from?: string; to?: string; conversionEvent?: string },
  now = new Date(),
): Promise<ExperimentResults> {
  authorize(actor, 'reports:read');
  const row = await findExperimentRow(db, website.id, input.experimentId);
  if (!row) throw notFound(OWNER_EXPERIMENT_MESSAGES.notFound);
  const from = input.from ? new Date(`${input.from}T00:00:00Z`) : new Date(Date.UTC(row.created_at.getUTCFullYear(), row.created_at.getUTCMonth(), row.created_at.getUTCDate()));
  const toDay = input.to ? new Date(`${input.to}T00:00:00Z`) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (Number.isNaN(from.getTime()) || Number.isNaN(toDay.getTime()) || from > toDay) {
    throw invalid(OWNER_EXPERIMENT_MESSAGES.range, { from: OWNER_EXPERIMENT_MESSAGES.range });
  }
  const to = new Date(toDay.getTime() + DAY_MS);
  const conversionEvent = input.conversionEvent ?? row.conversion_event;
  const counted = new Map((await countExposuresAndConversions(db, website.id, row.id, conversionEvent, from, to)).map((count) => [count.variant, count]));
  const counts = row.variants.map((variant) => counted.get(variant.name) ?? { variant: variant.name, exposures: 0, conversions: 0 });
  return {
    experimentId: row.id,
    name: row.name,
    conversionEvent,
    from: from.toISOString().slice(0, 10),
    to: toDay.toISOString().slice(0, 10),
    method: RESULTS_METHOD,
    variants: compareVariants(counts),
  };
}
