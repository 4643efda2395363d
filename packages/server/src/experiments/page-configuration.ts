import type { Kysely } from 'kysely';
import { parseVisitorCookie } from '@vitrine/tracking/visitor-cookie';
import type { DeviceView, ExperimentConfiguration, ExperimentDefinition, VisitorFacts } from '@vitrine/experiments';
import { deviceOf } from '../devices';
import type { Database, Website } from '../db/schema';
import { definitionOf } from './definitions-service';
import { listExperimentRows } from './queries';

/**
 * The experiment configuration a page carries (issue 19 item 2): the website's definitions (its own,
 * shadowing platform-wide ones of the same name), the visitor's analytics id and facts for segment rules,
 * and the session's overrides. Built once per page on the server and evaluated there and in the browser
 * with the same @vitrine/experiments functions.
 */
export interface RequestFacts {
  /** The SS_ANALYTICS_ID cookie (the server sets it when missing, so the first page buckets too). */
  analyticsId: string;
  userAgent: string;
  acceptLanguage: string | undefined;
  /** The census visitor cookie (ss_cvr): a visitor with more than one visit is returning. */
  visitorCookie: string | undefined;
  signedIn: boolean;
  overrides: Record<string, string>;
}

export function deviceViewOf(userAgent: string): DeviceView {
  const type = deviceOf(userAgent).type;
  if (type === 'mobile' || type === 'wearable') return 'phone';
  if (type === 'tablet') return 'tablet';
  return 'desktop';
}

/** The visitor's first preferred language tag (en-US), else the website's locale. */
export function localeOf(acceptLanguage: string | undefined, fallback: string): string {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  return first && /^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/.test(first) ? first.replace(/-([a-z]{2})$/i, (_, region: string) => `-${region.toUpperCase()}`).replace(/^[A-Z]+/, (language) => language.toLowerCase()) : fallback;
}

export function visitorFactsOf(website: Website, facts: RequestFacts): VisitorFacts {
  const visitor = parseVisitorCookie(facts.visitorCookie);
  return {
    locale: localeOf(facts.acceptLanguage, website.locale),
    device: deviceViewOf(facts.userAgent),
    isNewVisitor: !visitor || visitor.visitCount <= 1,
    signedIn: facts.signedIn,
  };
}

/** The website's definitions by name: its own win over the platform's. */
export async function definitionsFor(db: Kysely<Database>, websiteId: string): Promise<Record<string, ExperimentDefinition>> {
  const rows = await listExperimentRows(db, websiteId);
  const definitions: Record<string, ExperimentDefinition> = Object.create(null);
  for (const row of rows.filter((candidate) => candidate.website_id === null)) definitions[row.name] = definitionOf(row);
  for (const row of rows.filter((candidate) => candidate.website_id !== null)) definitions[row.name] = definitionOf(row);
  return definitions;
}

export async function experimentConfigurationFor(db: Kysely<Database>, website: Website, facts: RequestFacts, now = new Date()): Promise<ExperimentConfiguration> {
  return {
    definitions: { ...(await definitionsFor(db, website.id)) },
    analyticsId: facts.analyticsId,
    visitor: visitorFactsOf(website, facts),
    overrides: facts.overrides,
    evaluatedAt: now.toISOString(),
  };
}
