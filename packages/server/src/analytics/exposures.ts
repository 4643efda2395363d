import type { Kysely } from 'kysely';
import { isbot } from 'isbot';
import type { Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { recordExposure, type RequestFacts } from '../experiments';
import { analyticsDisabledByEnvironment } from './settings';
import { recordExperimentExposureEvent } from './server-events';

/**
 * POST /api/experiments/exposures: the browser says it showed an experiment; the experiments domain evaluates
 * it again for this visitor, and the first real exposure becomes an `experiment-exposure` event. Nothing is
 * recorded for bots, with analytics switched off, or when the visitor is not bucketed into the experiment.
 */
export async function recordExposureEvent(
  db: Kysely<Database>,
  website: Website,
  _actor: Actor,
  input: { name: string; facts: RequestFacts; path: string },
  now = new Date(),
): Promise<{ recorded: boolean }> {
  if (analyticsDisabledByEnvironment() || website.settings.analyticsDisabled === true || isbot(input.facts.userAgent)) return { recorded: false };
  const exposure = await recordExposure(db, website, input.facts, input.name, now);
  if (!exposure?.newlyExposed) return { recorded: false };
  await recordExperimentExposureEvent(db, {
    websiteId: website.id,
    experimentId: exposure.experimentId,
    analyticsId: input.facts.analyticsId,
    context: exposure.evaluation.context,
    path: input.path,
    userAgent: input.facts.userAgent,
    at: now,
  });
  return { recorded: true };
}
