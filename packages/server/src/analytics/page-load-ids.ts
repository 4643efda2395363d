import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * pageLoadIds (platform §7: GET /api/performance/settings): a fresh id per call, signed with a secret every
 * server process shares, so a record's id is checked without storing the ids handed out. The id holds when it
 * was issued; records may use it for a day.
 */
export const PAGE_LOAD_ID_LIFETIME_MS = 24 * 60 * 60 * 1000;

export class PageLoadIds {
  constructor(private readonly secret: string) {}

  issue(nowMs = Date.now()): string {
    const body = `${nowMs.toString(36)}-${randomBytes(12).toString('base64url')}`;
    return `${body}.${this.#sign(body)}`;
  }

  /** Whether the id was issued here (any process) and is at most a day old. */
  isValid(id: unknown, nowMs = Date.now()): id is string {
    if (typeof id !== 'string' || id.length > 200) return false;
    const [body, signature, extra] = id.split('.');
    if (!body || !signature || extra !== undefined) return false;
    const expected = Buffer.from(this.#sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    const issuedAt = parseInt(body.split('-')[0] ?? '', 36);
    return Number.isFinite(issuedAt) && issuedAt <= nowMs + 60_000 && nowMs - issuedAt <= PAGE_LOAD_ID_LIFETIME_MS;
  }

  #sign(body: string): string {
    return createHmac('sha256', this.secret).update(`page-load:${body}`).digest('base64url').slice(0, 22);
  }
}
