import { evaluateAbTest, evaluateFeatureToggle, type Evaluation, type ExperimentConfiguration } from './evaluate';

/**
 * The browser's experiment client (issue 19 item 2). The page carries its configuration (no extra round
 * trip): `<script type="application/json" id="vitrine-experiments">`, written by the server from the same
 * definitions it evaluated the page with. Each answer carries the Experiment context and why; the first
 * answer that exposes the visitor to an experiment is reported once (the server records it once per
 * visitor and experiment, and re-checks it).
 */
export const EXPERIMENTS_SCRIPT_ID = 'vitrine-experiments';

/** The page's configuration, or null when the page has none or it does not read as one. */
export function readPageExperimentConfiguration(doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document): ExperimentConfiguration | null {
  const script = doc?.getElementById(EXPERIMENTS_SCRIPT_ID);
  if (!script?.textContent) return null;
  try {
    const parsed = JSON.parse(script.textContent) as ExperimentConfiguration;
    return parsed && typeof parsed === 'object' && parsed.definitions && typeof parsed.analyticsId === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export interface ExperimentClientOptions {
  /** Called once per experiment the visitor is exposed to on this page. */
  onExposure?: (evaluation: Evaluation) => void;
  /** Where the spec's errors go (console.warn by default). */
  warn?: (message: string, name: string) => void;
}

export interface ExperimentClient {
  getFeatureToggle(name: string, defaultValue: boolean): Evaluation & { enabled: boolean };
  getABTestVariant(name: string, defaultVariant: string): Evaluation;
}

export function createExperimentClient(configuration: ExperimentConfiguration | null, options: ExperimentClientOptions = {}): ExperimentClient {
  const reported = new Set<string>();
  const warn = options.warn ?? ((message, name) => console.warn(`${message}: ${name}`));
  const after = <T extends Evaluation>(name: string, evaluation: T): T => {
    if (evaluation.error) warn(evaluation.error, name);
    if (evaluation.exposed && !reported.has(name)) {
      reported.add(name);
      options.onExposure?.(evaluation);
    }
    return evaluation;
  };
  return {
    getFeatureToggle: (name, defaultValue) => after(name, evaluateFeatureToggle(configuration, name, defaultValue)),
    getABTestVariant: (name, defaultVariant) => after(name, evaluateAbTest(configuration, name, defaultVariant)),
  };
}
