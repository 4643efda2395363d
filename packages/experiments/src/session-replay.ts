/**
 * Session replay's eligibility (platform §4 "Session-replay: sampling needs the feature toggle, the
 * experiment sample, and more than 2 CPU cores"): the website's `session-replay` feature toggle on, the
 * visitor bucketed into the `sampled` variant of the `session-replay-sample` A/B test (its weights are the
 * sampling rate), and `navigator.hardwareConcurrency` above 2. The server answers GET
 * /api/commerce/fullstory/getId with a real replay session id only when the first two hold for the visitor;
 * otherwise with the mock id, which tells the browser to skip.
 */
import { evaluateAbTest, evaluateFeatureToggle, type ExperimentConfiguration } from './evaluate';

export const SESSION_REPLAY_TOGGLE = 'session-replay';
export const SESSION_REPLAY_SAMPLE = 'session-replay-sample';
export const SESSION_REPLAY_SAMPLED_VARIANT = 'sampled';
export const MOCK_REPLAY_SESSION_ID = 'mock-session-id';
export const MINIMUM_REPLAY_CORES = 3;

export const SESSION_REPLAY_MESSAGES = {
  eligibility: 'Error determining FullStory eligibility',
  injection: 'Error injecting FullStory script',
} as const;

/** The toggle and the sample: what the server can judge (it cannot count the visitor's cores). */
export function isInReplaySample(configuration: ExperimentConfiguration | null | undefined): boolean {
  if (!evaluateFeatureToggle(configuration, SESSION_REPLAY_TOGGLE, false).enabled) return false;
  const sample = evaluateAbTest(configuration, SESSION_REPLAY_SAMPLE, 'not-sampled');
  // Only a visitor bucketed (or overridden) into the sample: a stopped test or one outside its segment gives
  // the control, which must never mean "record" whatever order the owner listed the variants in.
  const drawn = sample.reason === 'bucketed' || sample.reason === 'override';
  return drawn && sample.context.variant === SESSION_REPLAY_SAMPLED_VARIANT;
}

/** All three conditions, in the browser. */
export function isReplayEligible(configuration: ExperimentConfiguration | null | undefined, hardwareConcurrency: number | undefined): boolean {
  return typeof hardwareConcurrency === 'number' && hardwareConcurrency >= MINIMUM_REPLAY_CORES && isInReplaySample(configuration);
}
