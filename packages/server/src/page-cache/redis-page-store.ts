import { RedisConnection } from '../http/redis-rate-limit';
import type { CachedPage } from './rendered-page-cache';

/**
 * The page cache shared by every process through Redis (REDIS_URL; issue 35 item 2): a page one process rendered is
 * answered by the others without rendering it again. Each process keeps its own memory tier in front
 * (rendered-page-cache.ts); this is the tier behind it.
 *
 * Keys: `vitrine:pc:{websiteId}:gen` holds the website's generation (INCR invalidates every page of it at once, in
 * every process), and `vitrine:pc:{websiteId}:{generation}:{page key}` one page, expiring by itself. A lookup reads
 * the generation and the page in one script; a store happens only if the generation is still the one its lookup saw,
 * so a render begun before a change never lands as current. Redis slower than `timeoutMs` or gone counts as a miss:
 * a page is then rendered, never refused.
 */

const LOOKUP_SCRIPT = `
local generation = redis.call('GET', KEYS[1]) or '0'
local page = redis.call('GET', ARGV[1] .. generation .. ':' .. ARGV[2]) or ''
return generation .. '\\n' .. page
`;

const STORE_SCRIPT = `
if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
redis.call('SET', ARGV[2], ARGV[3], 'PX', ARGV[4])
return 1
`;

interface StoredPage {
  status: number;
  headers: Record<string, string>;
  body: string;
  br?: string;
  gzip?: string;
}

export interface SharedLookup {
  generation: string;
  page: CachedPage | undefined;
}

const DEFAULT_TIMEOUT_MS = 250;

export class RedisPageStore {
  readonly #redis: RedisConnection;
  readonly #timeoutMs: number;

  /** namespace: the keys' prefix (processes of one install share it; tests take their own). */
  constructor(url: string, options: { timeoutMs?: number; log?: (message: string) => void; namespace?: string } = {}) {
    this.#redis = new RedisConnection(url);
    this.#namespace = options.namespace ?? 'vitrine:pc';
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#log = options.log ?? ((message) => console.error(message));
  }

  readonly #log: (message: string) => void;
  readonly #namespace: string;

  /** The website's generation and the page kept under it; undefined when Redis did not answer in time. */
  async lookup(websiteId: string, key: string): Promise<SharedLookup | undefined> {
    const reply = await this.#call([['EVAL', LOOKUP_SCRIPT, '1', this.#generationKey(websiteId), this.#pagePrefix(websiteId), key]]);
    if (typeof reply !== 'string') return undefined;
    const newline = reply.indexOf('\n');
    const generation = reply.slice(0, newline);
    const stored = reply.slice(newline + 1);
    if (stored === '') return { generation, page: undefined };
    const parsed = JSON.parse(stored) as StoredPage;
    const encoded: CachedPage['encoded'] = {};
    if (parsed.br) encoded.br = Buffer.from(parsed.br, 'base64');
    if (parsed.gzip) encoded.gzip = Buffer.from(parsed.gzip, 'base64');
    return { generation, page: { status: parsed.status, headers: parsed.headers, body: Buffer.from(parsed.body, 'base64'), encoded } };
  }

  /** Keeps a page for `ttlMs`, if the website's generation is still `generation`. */
  async store(websiteId: string, generation: string, key: string, page: CachedPage, ttlMs: number): Promise<boolean> {
    if (ttlMs <= 0) return false;
    const stored: StoredPage = {
      status: page.status,
      headers: { ...page.headers },
      body: page.body.toString('base64'),
      ...(page.encoded.br ? { br: page.encoded.br.toString('base64') } : {}),
      ...(page.encoded.gzip ? { gzip: page.encoded.gzip.toString('base64') } : {}),
    };
    const reply = await this.#call([['EVAL', STORE_SCRIPT, '1', this.#generationKey(websiteId), generation, `${this.#pagePrefix(websiteId)}${generation}:${key}`, JSON.stringify(stored), String(Math.ceil(ttlMs))]]);
    return reply === 1;
  }

  /** Every kept page of the website is gone for every process (the old generation's pages expire by themselves). */
  async invalidate(websiteId: string): Promise<void> {
    await this.#call([['INCR', this.#generationKey(websiteId)]]);
  }

  async close(): Promise<void> {
    await this.#redis.close();
  }

  #generationKey(websiteId: string): string {
    return `${this.#namespace}:${websiteId}:gen`;
  }

  #pagePrefix(websiteId: string): string {
    return `${this.#namespace}:${websiteId}:`;
  }

  async #call(commands: string[][]): Promise<string | number | null | undefined> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), this.#timeoutMs);
      });
      const replies = await Promise.race([this.#redis.pipeline(commands), timeout]);
      if (replies === undefined) {
        this.#log(`page cache: Redis did not answer within ${this.#timeoutMs} ms; the page is rendered`);
        return undefined;
      }
      const [reply] = replies;
      return reply instanceof Error ? undefined : reply;
    } catch (error) {
      this.#log(`page cache: Redis failed (${(error as Error).message}); the page is rendered`);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}

