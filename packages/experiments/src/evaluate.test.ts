import { describe, expect, it } from 'vitest';
import { checkDefinition, DEFINITION_MESSAGES, type ExperimentDefinition } from './definitions';
import { evaluateAbTest, evaluateExperiment, evaluateFeatureToggle, EXPERIMENT_ERRORS, type ExperimentConfiguration } from './evaluate';
import { applyOverrideChange, mayOverride, overrideChangesFrom } from './override';
import { effectiveFeatureFlags, FEATURE_FLAGS, NAMED_FEATURE_FLAGS } from './feature-flags';

const toggle = (overrides: Partial<ExperimentDefinition> = {}): ExperimentDefinition => ({
  name: 'new-header',
  experimentType: 'FEATURE_TOGGLE',
  variants: [{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }],
  segment: null,
  status: 'running',
  startsAt: null,
  endsAt: null,
  ...overrides,
});
const abTest = (overrides: Partial<ExperimentDefinition> = {}): ExperimentDefinition => ({
  name: 'hero-copy',
  experimentType: 'AB_TEST',
  variants: [{ name: 'control', weight: 50 }, { name: 'bold', weight: 50 }],
  segment: null,
  status: 'running',
  startsAt: null,
  endsAt: null,
  ...overrides,
});
const config = (definitions: ExperimentDefinition[], extra: Partial<ExperimentConfiguration> = {}): ExperimentConfiguration => ({
  definitions: Object.fromEntries(definitions.map((definition) => [definition.name, definition])),
  analyticsId: 'visitor-123456',
  visitor: { locale: 'en-US', device: 'desktop', isNewVisitor: true, signedIn: false },
  overrides: {},
  evaluatedAt: '2026-11-24T12:00:00.000Z',
  ...extra,
});

describe('feature toggles', () => {
  it("is on only when the variant is the string 'true'", () => {
    expect(evaluateFeatureToggle(config([toggle()]), 'new-header', false)).toMatchObject({ enabled: true, reason: 'bucketed', exposed: true });
    const off = toggle({ variants: [{ name: 'true', weight: 0 }, { name: 'false', weight: 100 }] });
    expect(evaluateFeatureToggle(config([off]), 'new-header', true)).toMatchObject({ enabled: false, context: { variant: 'false', containsError: false } });
  });

  it('returns the supplied default with the spec error when the configuration is not loaded, the feature is unknown, of the wrong type, or invalid', () => {
    expect(evaluateFeatureToggle(undefined, 'new-header', true)).toMatchObject({ enabled: true, error: 'The underlying Praetor configuration is not loaded', reason: 'not-loaded' });
    expect(evaluateFeatureToggle(config([]), 'new-header', true)).toMatchObject({ enabled: true, error: 'The specified feature does not exist', context: { containsError: true } });
    expect(evaluateFeatureToggle(config([abTest({ name: 'new-header' })]), 'new-header', false)).toMatchObject({ enabled: false, error: 'The specified feature is not a FEATURE_TOGGLE' });
    expect(evaluateAbTest(config([toggle()]), 'new-header', 'x')).toMatchObject({ error: 'The specified feature is not a AB_TEST', context: { variant: 'x' } });
    const broken = toggle({ variants: [{ name: 'on', weight: 1 }, { name: 'off', weight: 1 }] });
    expect(evaluateFeatureToggle(config([broken]), 'new-header', true)).toMatchObject({ enabled: true, error: 'The specified feature has an invalid server-side definition' });
    expect(EXPERIMENT_ERRORS.notLoaded).toBe('The underlying Praetor configuration is not loaded');
    expect(evaluateFeatureToggle(config([]), '__proto__', true)).toMatchObject({ error: 'The specified feature does not exist' });
  });
});

describe('A/B tests', () => {
  it('gives the control, unexposed, outside the segment and when not running, and says why', () => {
    const segmented = abTest({ segment: { name: 'phones in French', rules: { devices: ['phone'], locales: ['fr'] } } });
    expect(evaluateAbTest(config([segmented]), 'hero-copy', 'x')).toMatchObject({ reason: 'outside-segment', exposed: false, context: { variant: 'control', segmentName: 'phones in French' } });
    const inside = config([segmented], { visitor: { locale: 'fr-CA', device: 'phone', isNewVisitor: false, signedIn: false } });
    expect(evaluateAbTest(inside, 'hero-copy', 'x')).toMatchObject({ reason: 'bucketed', exposed: true, context: { segmentName: 'phones in French', containsError: false } });
    expect(evaluateAbTest(config([abTest({ status: 'stopped' })]), 'hero-copy', 'x')).toMatchObject({ reason: 'not-running', exposed: false, context: { variant: 'control' } });
    expect(evaluateAbTest(config([abTest({ startsAt: '2026-12-01T00:00:00Z' })]), 'hero-copy', 'x').reason).toBe('not-running');
    expect(evaluateAbTest(config([abTest({ endsAt: '2026-11-24T12:00:00Z' })]), 'hero-copy', 'x').reason).toBe('not-running');
  });

  it('honours an override for a variant the test has, unexposed', () => {
    const evaluation = evaluateExperiment(config([abTest()], { overrides: { 'hero-copy': 'bold' } }), 'hero-copy', 'AB_TEST', 'x');
    expect(evaluation).toMatchObject({ reason: 'override', exposed: false, context: { variant: 'bold' } });
    expect(evaluateAbTest(config([abTest()], { overrides: { 'hero-copy': 'nope' } }), 'hero-copy', 'x').reason).toBe('bucketed');
  });
});

describe('definitions', () => {
  it('refuses bad definitions field by field', () => {
    expect(checkDefinition(abTest())).toEqual({});
    expect(checkDefinition(abTest({ name: 'Hero Copy' }))).toEqual({ name: DEFINITION_MESSAGES.name });
    expect(checkDefinition(abTest({ name: 'page' }))).toEqual({ name: DEFINITION_MESSAGES.reservedName });
    expect(checkDefinition(abTest({ variants: [{ name: 'only', weight: 1 }] }))).toEqual({ variants: DEFINITION_MESSAGES.variants });
    expect(checkDefinition(abTest({ variants: [{ name: 'a', weight: 1 }, { name: 'a', weight: 1 }] }))).toEqual({ variants: DEFINITION_MESSAGES.duplicateVariant });
    expect(checkDefinition(abTest({ variants: [{ name: 'a', weight: -1 }, { name: 'b', weight: 1 }] }))).toEqual({ variants: DEFINITION_MESSAGES.weight });
    expect(checkDefinition(abTest({ variants: [{ name: 'a', weight: 0 }, { name: 'b', weight: 0 }] }))).toEqual({ variants: DEFINITION_MESSAGES.totalWeight });
    expect(checkDefinition(toggle({ variants: [{ name: 'yes', weight: 1 }, { name: 'no', weight: 1 }] }))).toEqual({ variants: DEFINITION_MESSAGES.toggleVariants });
    expect(checkDefinition(abTest({ segment: { name: 'x', rules: { devices: ['watch' as never], visitor: 'old' as never } } }))).toEqual({
      'segment.rules.devices': DEFINITION_MESSAGES.devices,
      'segment.rules.visitor': DEFINITION_MESSAGES.visitor,
    });
    expect(checkDefinition(abTest({ startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }))).toEqual({ endsAt: DEFINITION_MESSAGES.window });
  });
});

describe('the test-variant override', () => {
  it('sets variants the tests have, resets with the reset value, ignores the rest', () => {
    const change = overrideChangesFrom({ 'hero-copy': 'bold', 'new-header': 'reset', other: 'x', 'price-test': 'nope' }, { 'hero-copy': ['control', 'bold'], 'new-header': ['true', 'false'], 'price-test': ['a', 'b'] });
    expect(change).toEqual({ set: { 'hero-copy': 'bold' }, reset: ['new-header'] });
    expect(applyOverrideChange({ 'new-header': 'true', kept: 'a' }, change)).toEqual({ kept: 'a', 'hero-copy': 'bold' });
  });

  it('is honoured only on internal-status websites or for internal users', () => {
    expect(mayOverride(6, false)).toBe(true);
    expect(mayOverride(8, true)).toBe(true);
    expect(mayOverride(8, false)).toBe(false);
  });
});

describe('feature flags', () => {
  it('enumerates 1–70 with the named ones', () => {
    expect(FEATURE_FLAGS).toHaveLength(70);
    expect(FEATURE_FLAGS[28]).toEqual({ code: 29, name: 'siteUserAccounts' });
    expect(FEATURE_FLAGS[39]).toEqual({ code: 40, name: 'giftCards' });
    expect(FEATURE_FLAGS[0]).toEqual({ code: 1, name: 'flag-1' });
    expect(NAMED_FEATURE_FLAGS).toEqual({ siteUserAccounts: 29, giftCards: 40, commerceSubscriptions: 50, afterpay: 64, nativeProductReviews: 66, clearpay: 68, klarna: 70 });
  });

  it('applies the website’s choices over the defaults', () => {
    const flags = effectiveFeatureFlags([{ code: 40, enabled: false }, { code: 3, enabled: true }]);
    expect(flags.has(40)).toBe(false);
    expect(flags.has(3)).toBe(true);
    expect(flags.has(50)).toBe(true);
    expect(flags.has(4)).toBe(false);
  });
});

describe('session replay eligibility', () => {
  const replayToggle = toggle({ name: 'session-replay' });
  const sample = (weight: number) => abTest({ name: 'session-replay-sample', variants: [{ name: 'sampled', weight }, { name: 'not-sampled', weight: 100 - weight }] });

  it('needs the toggle on, the visitor in the sample, and more than 2 cores', async () => {
    const { isReplayEligible, isInReplaySample } = await import('./session-replay');
    expect(isReplayEligible(config([replayToggle, sample(100)]), 4)).toBe(true);
    expect(isReplayEligible(config([replayToggle, sample(100)]), 3)).toBe(true);
    expect(isReplayEligible(config([replayToggle, sample(100)]), 2)).toBe(false);
    expect(isReplayEligible(config([replayToggle, sample(100)]), undefined)).toBe(false);
    expect(isReplayEligible(config([replayToggle, sample(0)]), 8)).toBe(false);
    expect(isReplayEligible(config([toggle({ name: 'session-replay', variants: [{ name: 'true', weight: 0 }, { name: 'false', weight: 100 }] }), sample(100)]), 8)).toBe(false);
    expect(isReplayEligible(config([sample(100)]), 8)).toBe(false);
    expect(isInReplaySample(config([replayToggle]))).toBe(false);
    expect(isInReplaySample(undefined)).toBe(false);
    // A stopped sample gives its control, even when 'sampled' is listed first: nobody is recorded.
    expect(isReplayEligible(config([replayToggle, { ...sample(100), status: 'stopped' }]), 8)).toBe(false);
  });
});
