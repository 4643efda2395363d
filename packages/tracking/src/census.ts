import { clearCookie, readCookie, uuid, writeCookie } from './cookies';
import type { TrackingPageContext } from './page-context';
import { pagePath } from './skip-rules';
import { postFormQuietly, postJsonQuietly } from './transport';
import {
  formatVisitorCookie,
  nextVisitorCookie,
  parseVisitorCookie,
  RESTRICTED_COOKIES,
  VISIT_COOKIE,
  VISIT_COOKIE_MAX_AGE_SECONDS,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE_SECONDS,
} from './visitor-cookie';

/** Storefront §7's census calls. */
export const CENSUS_PATHS = {
  hit: '/api/census/RecordHit',
  buttonClick: '/api/census/button-click',
  buttonRender: '/api/census/button-render',
  formRender: '/api/census/form-render',
  overlay: '/api/census/overlay',
  quickView: (itemId: string) => `/api/census/RecordQuickView/${encodeURIComponent(itemId)}`,
} as const;

/** The `event` field of a page's RecordHit. */
export const HIT_EVENT = 'pageView';

/**
 * One more hit of this visitor: `ss_cvr` read, counted on (a new visit when `ss_cvt` has lapsed) and written back for
 * 2 years, `ss_cvt` renewed for 30 minutes. Returns the new `ss_cvr` text.
 */
export function renewVisitorCookies(now: number = Date.now()): string {
  const previous = parseVisitorCookie(readCookie(VISITOR_COOKIE));
  const next = nextVisitorCookie(previous, readCookie(VISIT_COOKIE) !== null, now, uuid);
  const text = formatVisitorCookie(next);
  writeCookie(VISITOR_COOKIE, text, VISITOR_COOKIE_MAX_AGE_SECONDS);
  writeCookie(VISIT_COOKIE, String(next.visitStartMs), VISIT_COOKIE_MAX_AGE_SECONDS);
  return text;
}

/** Storefront §4: cookie restrictions clear the five analytics cookies. */
export function clearCensusCookies(): void {
  for (const name of RESTRICTED_COOKIES) clearCookie(name);
}

function localStorageSupported(): boolean {
  try {
    localStorage.setItem('ss_ls', '1');
    localStorage.removeItem('ss_ls');
    return true;
  } catch {
    return false;
  }
}

/** RecordHit's `data` (storefront §7): the site, the browser, the page. */
export function hitData(context: TrackingPageContext): Record<string, unknown> {
  return {
    websiteId: context.websiteId,
    templateId: context.templateId,
    website_locale: context.websiteLocale,
    userAgent: navigator.userAgent,
    clientDate: new Date().toISOString(),
    viewportInnerWidth: innerWidth,
    viewportInnerHeight: innerHeight,
    screenWidth: screen.width,
    screenHeight: screen.height,
    url: pagePath(),
    title: document.title,
    itemId: context.itemId,
    recordType: context.recordType,
    collectionId: context.collectionId,
    localStorageSupported: localStorageSupported(),
    queryString: location.search.slice(1),
    referrer: document.referrer,
  };
}

/** The page a census call comes from (button, form, overlay and quick-view calls). */
export function censusPageFields(context: TrackingPageContext): Record<string, unknown> {
  return {
    websiteId: context.websiteId,
    pageType: context.pageType,
    pagePath: pagePath(),
    pageTitle: document.title,
    itemId: context.itemId,
    collectionId: context.collectionId,
  };
}

/** Page fields are texts, numbers or booleans: fields without a value are left out. */
const present = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined));

/** `POST /api/census/RecordHit`, form-encoded: event, data (JSON), ss_cvr. Errors ignored. */
export function recordHit(context: TrackingPageContext, visitorCookie: string): Promise<void> {
  return postFormQuietly(CENSUS_PATHS.hit, hitFields(context, visitorCookie));
}

/** RecordHit's fields: event, data (JSON), ss_cvr (also the `hit` of a page-view call, page-view.ts). */
export function hitFields(context: TrackingPageContext, visitorCookie: string): Record<string, string> {
  return { event: HIT_EVENT, data: JSON.stringify(hitData(context)), ss_cvr: visitorCookie };
}

/**
 * The other census calls: JSON of `visitorCookie`, the page fields and the call's own fields (those without a value
 * left out: page fields are texts, numbers or booleans); failures silent.
 */
export function recordCensus(context: TrackingPageContext, path: string, fields: Record<string, unknown> = {}): Promise<void> {
  return postJsonQuietly(path, present({ ...fields, visitorCookie: readCookie(VISITOR_COOKIE), ...censusPageFields(context) }));
}
