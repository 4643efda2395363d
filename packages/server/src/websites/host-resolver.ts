import type { Kysely } from 'kysely';
import type { Database, Website } from '../db/schema';
import type { HostAnswer } from '../http/host-answer';
import { WebsiteCache, WEBSITE_FRESH_MS } from './cache';
import { onWebsiteChanged } from './changes';
import { hostKindOf, normalHostOf } from './hosts';
import { findWebsiteByCustomDomain, findWebsiteByIdentifier, type WebsiteWithPrimaryHost } from './queries';

export type { HostAnswer };

/** Hosts remembered per process, at most: a flood of made-up hosts evicts the oldest, never grows memory past this. */
export const HOST_CACHE_CAPACITY = 10_000;

interface Entry {
  answer: Promise<HostAnswer>;
  readAt: number;
  /** The website the answer is about, so a change to it forgets the entry. */
  websiteId?: string;
}

/**
 * The website each request is served for, from its Host header.
 *
 * Without a platform domain (one-site mode, `npm start`'s default) every host gets the one website, read live as
 * before. With one, `{identifier}.{platformDomain}` and each verified custom domain name a website; answers are
 * cached per host for WEBSITE_FRESH_MS (so another process's change is seen within a second), forgotten at once
 * when this process changes the website or its domains, and capped at HOST_CACHE_CAPACITY hosts.
 */
export class WebsiteResolver {
  readonly #entries = new Map<string, Entry>();
  readonly #oneSite: WebsiteCache | undefined;
  readonly #stopListening: () => void;

  constructor(
    private readonly db: Kysely<Database>,
    readonly platformDomain: string | undefined,
    options: { websiteIdentifier?: string; now?: () => number; capacity?: number } = {},
  ) {
    this.#now = options.now ?? Date.now;
    this.#capacity = options.capacity ?? HOST_CACHE_CAPACITY;
    this.#oneSite = platformDomain ? undefined : new WebsiteCache(db, options.websiteIdentifier, this.#now);
    this.#stopListening = onWebsiteChanged((websiteId) => this.forget(websiteId));
  }

  readonly #now: () => number;
  readonly #capacity: number;

  /** Platform mode or not: with a platform domain, the website comes from the Host. */
  get isPlatform(): boolean {
    return this.platformDomain !== undefined;
  }

  /** One-site mode: finds the website once (fails when there is none), so a server does not start without one. */
  async load(): Promise<void> {
    await this.#oneSite?.load();
  }

  /** One-site mode's website (jobs and tests that have no request); undefined in platform mode. */
  oneSite(): Promise<Website> | undefined {
    return this.#oneSite?.current();
  }

  forHost(hostHeader: string | undefined): Promise<HostAnswer> {
    if (this.#oneSite) return this.#oneSite.current().then(answerFor);
    const host = normalHostOf(hostHeader);
    const time = this.#now();
    const entry = this.#entries.get(host);
    if (entry && time - entry.readAt < WEBSITE_FRESH_MS) {
      // Most recently used last: the first key is the one a full cache evicts.
      this.#entries.delete(host);
      this.#entries.set(host, entry);
      return entry.answer;
    }
    const next: Entry = { answer: this.#look(host), readAt: time };
    this.#remember(host, next);
    next.answer.then(
      (answer) => {
        if (answer.kind === 'website' || answer.kind === 'suspended') next.websiteId = answer.website.id;
      },
      // A failed read is not kept: the next request tries again.
      () => {
        if (this.#entries.get(host) === next) this.#entries.delete(host);
      },
    );
    return next.answer;
  }

  /** Forgets what this process knows of a website (and every "unknown" answer: a domain may just have been verified). */
  forget(websiteId: string): void {
    for (const [host, entry] of this.#entries) {
      if (entry.websiteId === undefined || entry.websiteId === websiteId) this.#entries.delete(host);
    }
  }

  close(): void {
    this.#stopListening();
    this.#oneSite?.close();
  }

  #remember(host: string, entry: Entry): void {
    this.#entries.delete(host);
    this.#entries.set(host, entry);
    while (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  async #look(host: string): Promise<HostAnswer> {
    const kind = hostKindOf(host, this.platformDomain!);
    if (kind.kind === 'platform') return { kind: 'platform' };
    const found =
      kind.kind === 'subdomain' ? await findWebsiteByIdentifier(this.db, kind.identifier) : await findWebsiteByCustomDomain(this.db, kind.host);
    if (!found) return { kind: 'unknown' };
    const { primaryHost, website } = found;
    if (website.deleted_at) return { kind: 'unknown' };
    // Without a primary custom domain (none chosen, or the primary removed) the platform subdomain is primary, and
    // every verified custom domain keeps answering 301 to it.
    const primary = primaryHost ?? `${website.identifier}.${this.platformDomain!}`;
    if (primary !== host) return { kind: 'redirect', host: primary, website };
    return answerFor(website);
  }
}

function answerFor(website: Website): HostAnswer {
  if (website.deleted_at) return { kind: 'unknown' };
  if (website.suspended_at) return { kind: 'suspended', website };
  return { kind: 'website', website };
}

export type { WebsiteWithPrimaryHost };
