/**
 * The server's rendered-page cache (issue 35 item 2): anonymous, impersonal page answers kept in memory under a
 * byte cap, least recently used first out, per website.
 *
 * Each website has a generation. Invalidating a website bumps it and drops its entries; a render that started before
 * the bump carries the generation it looked up under (its ticket), so the page it made from older data is never
 * stored as current. An entry also ends at its website's next scheduled change (a post set to publish at 09:00)
 * and after `maxAgeMs` at the latest, for what only time changes (an event becoming past).
 */

export interface CachedPage {
  status: number;
  /** The answer's own headers (content type, cache control, ETag, surrogate keys). */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
  /** The body compressed once, added when ready (http/compression.ts picks one per Accept-Encoding). */
  encoded: { br?: Buffer; gzip?: Buffer };
}

interface Entry {
  websiteId: string;
  page: CachedPage;
  expiresAt: number;
  bytes: number;
}

/** Where a page request stands: the key it was looked up under and its website's generation at that moment. */
export interface PageCacheTicket {
  websiteId: string;
  key: string;
  generation: number;
}

export interface RenderedPageCacheOptions {
  /** The memory all entries may take (bodies and their compressed copies). 0 turns the cache off. */
  maxBytes: number;
  /** The longest an entry is served. */
  maxAgeMs: number;
  now?: () => number;
}

/** Bytes counted for an entry besides its bodies (key, headers, bookkeeping). */
const ENTRY_OVERHEAD_BYTES = 512;

export class RenderedPageCache {
  // Map order is use order: the first entry is the least recently used.
  readonly #entries = new Map<string, Entry>();
  readonly #generations = new Map<string, number>();
  /** Each website's next scheduled change, as epoch ms (Infinity: none), known since its last invalidation. */
  readonly #nextChangeAt = new Map<string, number>();
  #bytes = 0;
  readonly #now: () => number;

  constructor(private readonly options: RenderedPageCacheOptions) {
    this.#now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The ticket of a lookup: what `store` needs to keep the page made for it. */
  ticketFor(websiteId: string, key: string): PageCacheTicket {
    return { websiteId, key, generation: this.#generations.get(websiteId) ?? 0 };
  }

  /** The page kept for this ticket, if still current. */
  get(ticket: PageCacheTicket): CachedPage | undefined {
    const id = entryIdOf(ticket);
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#drop(id, entry);
      return undefined;
    }
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    return entry.page;
  }

  /** Whether the website's next scheduled change is known (since its last invalidation). */
  knowsNextChange(websiteId: string): boolean {
    return this.#nextChangeAt.has(websiteId);
  }

  /** The website's next scheduled change (null: none); its pages are invalidated when that time comes. */
  setNextChange(websiteId: string, at: Date | null, generation: number): void {
    if (generation !== (this.#generations.get(websiteId) ?? 0)) return;
    this.#nextChangeAt.set(websiteId, at ? at.getTime() : Number.POSITIVE_INFINITY);
  }

  /** How long a page of the website stored now may be served (its maximum age, or until the next scheduled change). */
  lifetimeMs(websiteId: string): number {
    const nextChange = this.#nextChangeAt.get(websiteId) ?? Number.POSITIVE_INFINITY;
    return Math.min(this.options.maxAgeMs, nextChange - this.#now());
  }

  /** Invalidates the website when its next scheduled change has come; true when it did. */
  expireIfDue(websiteId: string): boolean {
    const at = this.#nextChangeAt.get(websiteId);
    if (at === undefined || at > this.#now()) return false;
    this.invalidate(websiteId);
    return true;
  }

  /** Keeps a page made for this ticket, unless its website changed since the lookup. */
  store(ticket: PageCacheTicket, page: CachedPage): boolean {
    if (!this.enabled || ticket.generation !== (this.#generations.get(ticket.websiteId) ?? 0)) return false;
    const bytes = sizeOf(page);
    // One page may not take more than an eighth of the cache: it would push out many.
    if (bytes > this.options.maxBytes / 8) return false;
    const id = entryIdOf(ticket);
    const previous = this.#entries.get(id);
    if (previous) this.#drop(id, previous);
    const nextChange = this.#nextChangeAt.get(ticket.websiteId) ?? Number.POSITIVE_INFINITY;
    const entry: Entry = { websiteId: ticket.websiteId, page, bytes, expiresAt: Math.min(this.#now() + this.options.maxAgeMs, nextChange) };
    this.#entries.set(id, entry);
    this.#bytes += bytes;
    this.#evictOverCap();
    return true;
  }

  /** Adds a compressed copy to a kept page (its size now counts), if the page is still the one kept. */
  addEncoding(ticket: PageCacheTicket, page: CachedPage, encoding: 'br' | 'gzip', body: Buffer): void {
    const id = entryIdOf(ticket);
    const entry = this.#entries.get(id);
    if (!entry || entry.page !== page) return;
    page.encoded[encoding] = body;
    this.#bytes += body.length;
    entry.bytes += body.length;
    this.#evictOverCap();
  }

  /** Everything the website's pages showed may have changed: drop them and refuse renders begun before now. */
  invalidate(websiteId: string): void {
    this.#generations.set(websiteId, (this.#generations.get(websiteId) ?? 0) + 1);
    this.#nextChangeAt.delete(websiteId);
    for (const [id, entry] of this.#entries) if (entry.websiteId === websiteId) this.#drop(id, entry);
  }

  /** Every website changed (a deploy of a new theme, a test resetting the database). */
  invalidateAll(): void {
    for (const websiteId of new Set([...this.#generations.keys(), ...[...this.#entries.values()].map((entry) => entry.websiteId)])) this.invalidate(websiteId);
  }

  #drop(id: string, entry: Entry): void {
    this.#entries.delete(id);
    this.#bytes -= entry.bytes;
  }

  #evictOverCap(): void {
    for (const [id, entry] of this.#entries) {
      if (this.#bytes <= this.options.maxBytes) return;
      this.#drop(id, entry);
    }
  }
}

const entryIdOf = (ticket: PageCacheTicket) => `${ticket.websiteId}\n${ticket.key}`;

function sizeOf(page: CachedPage): number {
  let bytes = ENTRY_OVERHEAD_BYTES + page.body.length + (page.encoded.br?.length ?? 0) + (page.encoded.gzip?.length ?? 0);
  for (const [name, value] of Object.entries(page.headers)) bytes += name.length + value.length;
  return bytes;
}
