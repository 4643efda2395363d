import type { Kysely } from 'kysely';
import {
  applyOverrideChange,
  evaluateFeatureToggle,
  mayOverride,
  overrideChangesFrom,
  type ExperimentConfiguration,
} from '@vitrine/experiments';
import type { Database, Website } from '../db/schema';
import { experimentConfigurationFor, type RequestFacts } from './page-configuration';

/**
 * What a storefront page needs from experiments (issue 19 items 2 and 3), decided from the request's cookies
 * and query, for the route to apply:
 * - the visitor's analytics id: SS_ANALYTICS_ID, the tracking client's cookie (390 days; the client makes it in the
 *   platform spec's order, §4). A page sets no cookie (issue 35: anonymous pages are the same for everyone), so a
 *   first-time visitor's first page has none yet: it is evaluated with the empty id, the same for every such
 *   visitor, on the server and in the browser alike, and its experiments are not reported as shown (an exposure
 *   is recorded only once the visitor has an id). Where the website tracks nobody or restricts analytics cookies,
 *   nothing is bucketed: every answer is the default;
 * - the session's test-variant overrides (a session cookie), changed by `?{test}={variant}` / `?{test}=reset`
 *   only on an internal website (status 6) or for a signed-in contributor of this website;
 * - the configuration the page carries (`#vitrine-experiments`), and the theme's built-in toggles evaluated.
 */
export const ANALYTICS_ID_COOKIE = 'SS_ANALYTICS_ID';
export const OVERRIDES_COOKIE = 'vitrine_experiment_overrides';

/**
 * Toggles the default theme asks about, by the experiment name an owner gives them, and what each switches:
 * a feature is on unless a toggle of that name says otherwise.
 */
export const THEME_TOGGLES = {
  'quick-view': 'quickView',
  'related-products': 'relatedProducts',
} as const;

export interface PageExperimentRequest {
  cookies: Record<string, string | undefined>;
  query: Record<string, unknown>;
  userAgent: string;
  acceptLanguage: string | undefined;
  visitorCookie: string | undefined;
  signedIn: boolean;
  isContributor: boolean;
  /** Analytics cookies may be set (tracking on, no cookie restrictions). */
  trackingAllowed: boolean;
}

export interface PageExperiments {
  configuration: ExperimentConfiguration | null;
  /** The theme's switches that are OFF for this visitor (`hiddenFeatures.quickView`: true). */
  hiddenFeatures: Record<string, true>;
  cookies: Array<{ name: string; value: string; maxAgeSeconds?: number; clear?: boolean }>;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

function readOverrides(value: string | undefined): Record<string, string> {
  if (!value || value.length > 2000) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

export async function pageExperimentsFor(db: Kysely<Database>, website: Website, request: PageExperimentRequest, now = new Date()): Promise<PageExperiments> {
  const cookies: PageExperiments['cookies'] = [];
  const sentId = request.cookies[ANALYTICS_ID_COOKIE];
  const analyticsId = sentId && ID_PATTERN.test(sentId) ? sentId : '';
  if (!analyticsId && !request.trackingAllowed) return { configuration: null, hiddenFeatures: {}, cookies };

  const facts: RequestFacts = {
    analyticsId,
    userAgent: request.userAgent,
    acceptLanguage: request.acceptLanguage,
    visitorCookie: request.visitorCookie,
    signedIn: request.signedIn,
    overrides: {},
  };
  const configuration = await experimentConfigurationFor(db, website, facts, now);
  // No experiment or flag to evaluate: the page carries none (as for a visitor who may not be tracked), so its HTML is
  // the same for every visitor and a shared cache may keep it (issue 35; the configuration's evaluatedAt alone made
  // every answer differ). A stale overrides cookie is cleared all the same.
  if (Object.keys(configuration.definitions).length === 0) {
    if (request.cookies[OVERRIDES_COOKIE]) cookies.push({ name: OVERRIDES_COOKIE, value: '', clear: true });
    return { configuration: null, hiddenFeatures: {}, cookies };
  }

  let overrides = readOverrides(request.cookies[OVERRIDES_COOKIE]);
  if (mayOverride(website.status, request.isContributor)) {
    const variantsByTest = Object.fromEntries(Object.values(configuration.definitions).map((definition) => [definition.name, definition.variants.map((variant) => variant.name)]));
    const change = overrideChangesFrom(request.query, variantsByTest);
    if (Object.keys(change.set).length > 0 || change.reset.length > 0) {
      overrides = applyOverrideChange(overrides, change);
      cookies.push(Object.keys(overrides).length > 0 ? { name: OVERRIDES_COOKIE, value: JSON.stringify(overrides) } : { name: OVERRIDES_COOKIE, value: '', clear: true });
    }
  } else {
    // Elsewhere an override is ignored, whatever a cookie says.
    overrides = {};
  }
  configuration.overrides = overrides;

  const hiddenFeatures: Record<string, true> = {};
  const shown: string[] = [];
  for (const [name, feature] of Object.entries(THEME_TOGGLES)) {
    if (!configuration.definitions[name]) continue;
    const evaluation = evaluateFeatureToggle(configuration, name, true);
    if (!evaluation.enabled) hiddenFeatures[feature] = true;
    if (evaluation.exposed && analyticsId) shown.push(name);
  }
  configuration.shown = shown;
  return { configuration, hiddenFeatures, cookies };
}
