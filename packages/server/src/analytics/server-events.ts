import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Events the server itself records (tracker 'server'), beside what browsers send: today a visitor's first
 * exposure to an experiment (issue 19). The event id is derived from what makes the event unique, so a
 * repeat is stored once.
 */
export async function recordExperimentExposureEvent(
  db: Db,
  event: {
    websiteId: string;
    experimentId: string;
    analyticsId: string;
    context: { name: string; experimentType: string; variant: string; segmentName: string | null };
    path: string;
    userAgent: string;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('analytics_events')
    .values({
      website_id: event.websiteId,
      event_id: `experiment-exposure:${event.experimentId}:${event.analyticsId}`,
      tracker: 'server',
      schema_name: 'experiment-exposure',
      received_at: event.at,
      occurred_at: event.at,
      analytics_id: event.analyticsId,
      page_path: event.path.slice(0, 500),
      user_agent: event.userAgent.slice(0, 500),
      content: JSON.stringify({ experiment: event.context }),
    })
    .onConflict((oc) => oc.columns(['website_id', 'event_id']).doNothing())
    .execute();
}
