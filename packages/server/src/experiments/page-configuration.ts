import type { Kysely } from 'kysely';
import { parseVisitorCookie } from '@vitrine/tracking/visitor-cookie';
import { controlVariantOf, evaluateExperiment, type DeviceView, type Evaluation, type ExperimentConfiguration, type ExperimentDefinition, type VisitorFacts } from '@vitrine/experiments';
import { deviceOf } from '../devices';
import type { Database, Website } from '../db/schema';
import { definitionOf } from './definitions-service';
import { insertExposures, listExperimentRows, type ExperimentRow } from './queries';
import { experimentRowsForPages } from './rows-cache';

/**
 * The experiment configuration a page carries (issue 19 item 2): the website's definitions (its own,
 * shadowing platform-wide ones of the same name), the visitor's analytics id and facts for segment rules,
 * and the session's overrides. Built once per page on the server and evaluated there and in the browser
 * with the same @vitrine/experiments functions.
 */
export interface RequestFacts {
  /** The SS_ANALYTICS_ID cookie (made by the tracking client; '' on a first-time visitor's first page, which sets none). */
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
/** The rows in force by name: a website's own row wins over a platform-wide one of the same name. */
function rowsInForce(rows: readonly ExperimentRow[]): Map<string, ExperimentRow> {
  const byName = new Map<string, ExperimentRow>();
  for (const row of rows.filter((candidate) => candidate.website_id === null)) byName.set(row.name, row);
  for (const row of rows.filter((candidate) => candidate.website_id !== null)) byName.set(row.name, row);
  return byName;
}

function configurationOf(inForce: ReadonlyMap<string, ExperimentRow>, website: Website, facts: RequestFacts, now: Date): ExperimentConfiguration {
  return {
    definitions: Object.fromEntries([...inForce].map(([name, row]) => [name, definitionOf(row)])),
    analyticsId: facts.analyticsId,
    visitor: visitorFactsOf(website, facts),
    overrides: facts.overrides,
    evaluatedAt: now.toISOString(),
  };
}

export async function experimentConfigurationFor(db: Kysely<Database>, website: Website, facts: RequestFacts, now = new Date()): Promise<ExperimentConfiguration> {
  return configurationOf(rowsInForce(await experimentRowsForPages(db, website.id, now.getTime())), website, facts, now);
}

/**
 * A visitor's exposure, re-checked on the server: the experiment evaluated for this visitor exactly as their
 * page was, and recorded when they are bucketed into it (not an override, not the control shown outside the
 * segment). `newlyExposed` is true the first time only: one row per visitor and experiment.
 */
export async function recordExposure(
  db: Kysely<Database>,
  website: Website,
  facts: RequestFacts,
  name: string,
  now = new Date(),
): Promise<{ newlyExposed: boolean; experimentId: string; evaluation: Evaluation } | undefined> {
  if (!/^[A-Za-z0-9_-]{8,100}$/.test(facts.analyticsId)) return undefined;
  // One read of the rows serves both the experiment and the configuration it is evaluated in.
  const inForce = rowsInForce(await listExperimentRows(db, website.id));
  const row = inForce.get(name);
  if (!row) return undefined;
  const configuration = configurationOf(inForce, website, facts, now);
  const evaluation = evaluateExperiment(configuration, name, row.experiment_type, controlVariantOf(definitionOf(row)));
  if (!evaluation.exposed) return { newlyExposed: false, experimentId: row.id, evaluation };
  const inserted = await insertExposures(db, [{ websiteId: website.id, experimentId: row.id, analyticsId: facts.analyticsId, variant: evaluation.context.variant }]);
  return { newlyExposed: inserted.length > 0, experimentId: row.id, evaluation };
}
