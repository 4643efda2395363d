import type { Kysely } from 'kysely';
import type { Database, Website } from '../db/schema';
import { onWebsiteChanged } from './changes';
import { findDefaultWebsite, findWebsiteById } from './queries';

/**
 * How long a process trusts its copy of the website row before reading it again. A change made in
 * this process is seen at once (changes.ts); one made by another process, or straight in the
 * database, within this time. Half a second keeps "within a second" true with room to spare, at the
 * cost of one small primary-key read per process per half second.
 */
export const WEBSITE_FRESH_MS = 500;

/** The website (and its settings) that requests are served for, read live rather than once at start. */
export class WebsiteCache {
  #websiteId: string | undefined;
  #entry: { website: Promise<Website>; readAt: number } | undefined;
  readonly #stopListening: () => void;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly identifier: string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.#stopListening = onWebsiteChanged((websiteId) => {
      if (websiteId === this.#websiteId) this.#entry = undefined;
    });
  }

  /** Finds the website once (fails when there is none), so a server does not start without one. */
  async load(): Promise<Website> {
    const website = await findDefaultWebsite(this.db, this.identifier);
    if (!website) throw new Error('No website in the database: run the migrations and the demo seed first.');
    this.#websiteId = website.id;
    this.#entry = { website: Promise.resolve(website), readAt: this.now() };
    return website;
  }

  /** The website as it is now (at most WEBSITE_FRESH_MS old). Concurrent requests share one read. */
  current(): Promise<Website> {
    const time = this.now();
    const entry = this.#entry;
    if (entry && time - entry.readAt < WEBSITE_FRESH_MS) return entry.website;
    const websiteId = this.#websiteId;
    if (!websiteId) return this.load();
    const website = findWebsiteById(this.db, websiteId).then((row) => {
      if (!row) throw new Error(`Website ${websiteId} is gone from the database.`);
      return row;
    });
    const next = { website, readAt: time };
    this.#entry = next;
    // A failed read is not kept: the next request tries again.
    website.catch(() => {
      if (this.#entry === next) this.#entry = undefined;
    });
    return website;
  }

  close(): void {
    this.#stopListening();
  }
}
