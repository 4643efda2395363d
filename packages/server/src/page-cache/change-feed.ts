import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema';

/**
 * How the processes sharing a database tell each other that a website's pages changed (issue 35 item 2):
 * PostgreSQL's NOTIFY on one channel, the website id as payload. A notification sent inside a transaction is
 * delivered only when it commits, so work that runs without a request (a job) announces its change in its own
 * transaction and no process hears of a change that was rolled back. On the embedded database the same statements
 * reach PGlite's listeners in this process (it has no other).
 */
export const PAGE_CHANGES_CHANNEL = 'vitrine_page_changes';

/** This process's name in its announcements: the one that announced a change is the one that purges the CDN. */
export const THIS_PROCESS = randomUUID();

/** Tells every process (this one included, once committed) that the website's pages changed. */
export async function announcePagesChanged(db: Kysely<Database>, websiteId: string): Promise<void> {
  await sql`SELECT pg_notify(${PAGE_CHANGES_CHANNEL}, ${`${websiteId} ${THIS_PROCESS}`})`.execute(db);
}

/** An announcement heard: the website (or '*': any may have changed) and whether this process made it. */
export interface PageChange {
  websiteId: string;
  ownAnnouncement: boolean;
}

function changeOf(payload: string): PageChange {
  const [websiteId = '', origin] = payload.split(' ');
  return { websiteId, ownAnnouncement: origin === THIS_PROCESS };
}

/** Hears the announcements; `stop` ends the listening. */
export interface PageChangeFeed {
  listen(onChange: (change: PageChange) => void): Promise<{ stop(): Promise<void> }>;
}

/** PGlite's own listeners (one instance, one process). */
export function pgliteChangeFeed(pglite: PGlite): PageChangeFeed {
  return {
    async listen(onChange) {
      const unsubscribe = await pglite.listen(PAGE_CHANGES_CHANNEL, (payload) => onChange(changeOf(payload)));
      return { stop: async () => unsubscribe() };
    },
  };
}

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1_000;

/**
 * A connection of its own that LISTENs (a pooled one would be handed to queries). When it is lost it reconnects,
 * and tells of website '*': announcements may have been missed meanwhile, so every website's pages are dropped.
 */
export function postgresChangeFeed(connectionString: string, log: (message: string) => void = console.error): PageChangeFeed {
  return {
    async listen(onChange) {
      let stopped = false;
      let client: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString });
        next.on('notification', (message) => {
          if (message.channel === PAGE_CHANGES_CHANNEL && message.payload) onChange(changeOf(message.payload));
        });
        next.on('error', (error) => {
          log(`page changes: the listening connection was lost (${error.message}); listening again`);
          void next.end().catch(() => undefined);
          if (client === next) client = undefined;
          if (!stopped) retry = setTimeout(() => void reconnect(), RECONNECT_MS);
        });
        await next.connect();
        await next.query(`LISTEN ${PAGE_CHANGES_CHANNEL}`);
        client = next;
      };
      const reconnect = async () => {
        try {
          await connect();
          onChange({ websiteId: '*', ownAnnouncement: false });
        } catch (error) {
          log(`page changes: could not listen (${(error as Error).message}); trying again`);
          if (!stopped) retry = setTimeout(() => void reconnect(), RECONNECT_MS);
        }
      };
      await connect();
      return {
        async stop() {
          stopped = true;
          clearTimeout(retry);
          await client?.end().catch(() => undefined);
        },
      };
    },
  };
}
