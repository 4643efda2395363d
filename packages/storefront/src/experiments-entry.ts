import { readPageExperimentConfiguration } from '@vitrine/experiments';
import { pageExperiments } from './session-replay/exposures';
import { startSessionReplayIfEligible } from './session-replay/start';

/**
 * The experiments chunk (issue 19), loaded with the tracking client once the page is idle: reports the
 * exposures of the experiments the server rendered this page with (`shown`), and starts session replay
 * when the visitor is eligible. Never on pages without the tracking context (tracking-loader.ts decides).
 */
export function startExperiments(): void {
  const configuration = readPageExperimentConfiguration();
  if (!configuration) return;
  const experiments = pageExperiments();
  for (const name of configuration.shown ?? []) {
    const definition = configuration.definitions[name];
    if (!definition) continue;
    if (definition.experimentType === 'FEATURE_TOGGLE') experiments.getFeatureToggle(name, false);
    else experiments.getABTestVariant(name, definition.variants[0]?.name ?? '');
  }
  void startSessionReplayIfEligible(configuration);
}
