/**
 * The census visitor cookies (storefront §4, §9): `ss_cvr` names the visitor for 2 years, `ss_cvt` marks a
 * visit in progress for 30 minutes. The browser client writes them; the server reads `ss_cvr` from each hit
 * to count visitors and visits, so the format lives here once.
 *
 * ss_cvr = `{id}|{firstSeenMs}|{visitStartMs}|{visitCount}|{hitCount}`: an id plus four numbers separated by
 * bars (the spec fixes only that much; which numbers is ours). A visit is (id, visitCount).
 */

export const VISITOR_COOKIE = 'ss_cvr';
export const VISIT_COOKIE = 'ss_cvt';
/** Storefront §9: cvr lasts 2 years, cvt 30 minutes. */
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
export const VISIT_COOKIE_MAX_AGE_SECONDS = 30 * 60;
/** The analytics cookies cleared when cookie restrictions apply (storefront §4). */
export const RESTRICTED_COOKIES = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'] as const;

export interface VisitorCookie {
  id: string;
  firstSeenMs: number;
  visitStartMs: number;
  visitCount: number;
  hitCount: number;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function formatVisitorCookie(cookie: VisitorCookie): string {
  return [cookie.id, cookie.firstSeenMs, cookie.visitStartMs, cookie.visitCount, cookie.hitCount].join('|');
}

/** The cookie's parts, or undefined for anything that is not exactly an id and four non-negative whole numbers. */
export function parseVisitorCookie(value: string | undefined | null): VisitorCookie | undefined {
  if (!value || value.length > 200) return undefined;
  const parts = value.split('|');
  if (parts.length !== 5 || !ID_PATTERN.test(parts[0]!)) return undefined;
  const numbers = parts.slice(1).map((part) => (/^\d{1,16}$/.test(part) ? Number(part) : Number.NaN));
  if (numbers.some((number) => !Number.isSafeInteger(number))) return undefined;
  const [firstSeenMs, visitStartMs, visitCount, hitCount] = numbers as [number, number, number, number];
  return { id: parts[0]!, firstSeenMs, visitStartMs, visitCount, hitCount };
}

/**
 * The cookie after one more hit at `nowMs`: a new visitor when there is none, a new visit when no visit
 * cookie is alive (`visitAlive` false: ss_cvt expired after 30 minutes without a hit).
 */
export function nextVisitorCookie(previous: VisitorCookie | undefined, visitAlive: boolean, nowMs: number, newId: () => string): VisitorCookie {
  if (!previous) return { id: newId(), firstSeenMs: nowMs, visitStartMs: nowMs, visitCount: 1, hitCount: 1 };
  if (!visitAlive) return { ...previous, visitStartMs: nowMs, visitCount: previous.visitCount + 1, hitCount: previous.hitCount + 1 };
  return { ...previous, hitCount: previous.hitCount + 1 };
}
