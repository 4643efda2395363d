import { assignVariant } from './bucketing';
import { controlVariantOf, isInSegment, isRunning, isSoundDefinition, type ExperimentDefinition, type ExperimentType, type VisitorFacts } from './definitions';

/**
 * Evaluating an experiment for the page's visitor. The page arrives with its configuration (the website's
 * definitions, the visitor's analytics id and facts, any session override); the server and the browser run
 * this same function on it, so a server-rendered page and its islands agree. Each answer says why.
 */
export const EXPERIMENT_ERRORS = {
  notLoaded: 'The underlying Praetor configuration is not loaded',
  unknownFeature: 'The specified feature does not exist',
  wrongType: (type: ExperimentType) => `The specified feature is not a ${type}`,
  invalidDefinition: 'The specified feature has an invalid server-side definition',
} as const;

/** Platform §3's Experiment context. */
export interface ExperimentContext {
  name: string;
  experimentType: ExperimentType;
  variant: string;
  segmentName: string | null;
  containsError: boolean;
}

export type EvaluationReason = 'bucketed' | 'override' | 'outside-segment' | 'not-running' | 'not-loaded' | 'unknown-feature' | 'wrong-type' | 'invalid-definition';

export interface Evaluation {
  context: ExperimentContext;
  reason: EvaluationReason;
  /** Set when the supplied default was returned because of a problem. */
  error?: string;
  /** Whether this visitor now takes part (an exposure to record once). Overrides and the control-by-rule do not count. */
  exposed: boolean;
}

export interface ExperimentConfiguration {
  definitions: Record<string, ExperimentDefinition>;
  analyticsId: string;
  visitor: VisitorFacts;
  /** Session overrides (test name → variant), honoured only where the server allowed them. */
  overrides: Record<string, string>;
  /** The server's clock when the page was built (ISO), so the browser decides "running" as the server did. */
  evaluatedAt: string;
  /** The experiments the server rendered this page with: the browser reports their exposures. */
  shown?: string[];
}

function fallback(name: string, type: ExperimentType, defaultVariant: string, reason: EvaluationReason, error: string): Evaluation {
  return { context: { name, experimentType: type, variant: defaultVariant, segmentName: null, containsError: true }, reason, error, exposed: false };
}

export function evaluateExperiment(configuration: ExperimentConfiguration | null | undefined, name: string, type: ExperimentType, defaultVariant: string): Evaluation {
  if (!configuration || typeof configuration !== 'object' || !configuration.definitions) return fallback(name, type, defaultVariant, 'not-loaded', EXPERIMENT_ERRORS.notLoaded);
  const definition = Object.prototype.hasOwnProperty.call(configuration.definitions, name) ? configuration.definitions[name] : undefined;
  if (!definition) return fallback(name, type, defaultVariant, 'unknown-feature', EXPERIMENT_ERRORS.unknownFeature);
  if (definition.experimentType !== type) return fallback(name, type, defaultVariant, 'wrong-type', EXPERIMENT_ERRORS.wrongType(type));
  if (!isSoundDefinition(definition)) return fallback(name, type, defaultVariant, 'invalid-definition', EXPERIMENT_ERRORS.invalidDefinition);

  const segmentName = definition.segment?.name ?? null;
  const answer = (variant: string, reason: EvaluationReason, exposed: boolean): Evaluation => ({
    context: { name, experimentType: type, variant, segmentName, containsError: false },
    reason,
    exposed,
  });
  const override = configuration.overrides?.[name];
  if (override !== undefined && definition.variants.some((variant) => variant.name === override)) return answer(override, 'override', false);
  if (!isRunning(definition, Date.parse(configuration.evaluatedAt))) return answer(controlVariantOf(definition), 'not-running', false);
  if (!isInSegment(definition.segment, configuration.visitor)) return answer(controlVariantOf(definition), 'outside-segment', false);
  const variant = assignVariant(name, configuration.analyticsId, definition.variants);
  return answer(variant?.name ?? controlVariantOf(definition), 'bucketed', true);
}

/** A feature toggle: on only when its variant is the string 'true'. */
export function evaluateFeatureToggle(configuration: ExperimentConfiguration | null | undefined, name: string, defaultValue: boolean) {
  const evaluation = evaluateExperiment(configuration, name, 'FEATURE_TOGGLE', String(defaultValue));
  return { ...evaluation, enabled: evaluation.error ? defaultValue : evaluation.context.variant === 'true' };
}

export function evaluateAbTest(configuration: ExperimentConfiguration | null | undefined, name: string, defaultVariant: string) {
  return evaluateExperiment(configuration, name, 'AB_TEST', defaultVariant);
}
