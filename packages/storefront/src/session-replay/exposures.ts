import { createExperimentClient, readPageExperimentConfiguration, type Evaluation, type ExperimentClient } from '@vitrine/experiments';

/**
 * The storefront's experiment client: the page's configuration, and each first exposure reported by beacon
 * (`POST /api/experiments/exposures`, the crumb cookie travels with it). The server evaluates it again and
 * records it once per visitor and experiment.
 */
export const EXPOSURES_PATH = '/api/experiments/exposures';

export function reportExposure(evaluation: Evaluation): void {
  const body = JSON.stringify({ name: evaluation.context.name });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(EXPOSURES_PATH, new Blob([body], { type: 'text/plain' }))) return;
    void fetch(EXPOSURES_PATH, { method: 'POST', body, headers: { 'Content-Type': 'text/plain' }, credentials: 'same-origin', keepalive: true }).catch(() => undefined);
  } catch {
    // a report that cannot leave the page is lost; the experiment still works
  }
}

let client: ExperimentClient | undefined;

/** The page's client (one per page). */
export function pageExperiments(): ExperimentClient {
  client ??= createExperimentClient(readPageExperimentConfiguration(), { onExposure: reportExposure });
  return client;
}
