/** The experiments domain (issue 19): feature toggles and A/B tests, exposures and results, the platform feature flags. */
export { registerOwnerExperimentRoutes } from './owner-routes';
export { featureFlagsOf, isFeatureOn, requireFeature, forgetFeatureFlags, FEATURE_FLAG_CACHE_MS, FEATURE_FLAG_MESSAGES } from './feature-flags';
export { definitionOf } from './definitions-service';
export { listExperimentRows, insertExposures } from './queries';
export { forgetExperimentRows, EXPERIMENT_ROWS_CACHE_MS } from './rows-cache';
export { pageExperimentsFor, THEME_TOGGLES, OVERRIDES_COOKIE, ANALYTICS_ID_COOKIE, type PageExperiments, type PageExperimentRequest } from './page-experiments';
export { experimentConfigurationFor, recordExposure, visitorFactsOf, deviceViewOf, localeOf, type RequestFacts } from './page-configuration';
