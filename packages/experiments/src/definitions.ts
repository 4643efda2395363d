import type { WeightedVariant } from './bucketing';

/**
 * What an experiment is (platform §3 "Experiment context", §4 "Feature toggle"): a feature toggle (variants
 * 'true' and 'false': on only when the variant is the string 'true') or an A/B test (named variants with
 * weights, the first being the control). A segment narrows who takes part; a visitor outside it, or any
 * visitor while the experiment is not running, gets the control ('false' for a toggle) and is not exposed.
 */
export const EXPERIMENT_TYPES = ['FEATURE_TOGGLE', 'AB_TEST'] as const;
export type ExperimentType = (typeof EXPERIMENT_TYPES)[number];

export const DEVICE_VIEWS = ['desktop', 'phone', 'tablet'] as const;
export type DeviceView = (typeof DEVICE_VIEWS)[number];

export interface SegmentRules {
  /** Locales (en-US) or languages (en) the visitor's locale must match; any when absent. */
  locales?: string[];
  devices?: DeviceView[];
  visitor?: 'new' | 'returning';
  signedIn?: boolean;
}

export interface ExperimentSegment {
  name: string;
  rules: SegmentRules;
}

export type ExperimentStatus = 'draft' | 'running' | 'stopped';

export interface ExperimentDefinition {
  name: string;
  experimentType: ExperimentType;
  variants: WeightedVariant[];
  segment: ExperimentSegment | null;
  status: ExperimentStatus;
  /** ISO times; the experiment runs between them (either may be open). */
  startsAt: string | null;
  endsAt: string | null;
}

/** What the page knows about its visitor for segment rules. */
export interface VisitorFacts {
  locale: string;
  device: DeviceView;
  isNewVisitor: boolean;
  signedIn: boolean;
}

export const EXPERIMENT_LIMITS = { nameLength: 64, variants: 10, variantNameLength: 40, segmentLocales: 50 } as const;

/** Names are also query parameters (the test-variant override), so they stay clear of the pages' own. */
export const EXPERIMENT_NAME_PATTERN = /^[a-z][a-z0-9-]*$/;
export const RESERVED_EXPERIMENT_NAMES = ['q', 'page', 'format', 'sku', 'tag', 'category', 'cartToken', 'orderId', 'itemId', 'token', 'confirm', 'cancelled'];

export const DEFINITION_MESSAGES = {
  name: `name must be lowercase letters, digits and dashes, starting with a letter, at most ${EXPERIMENT_LIMITS.nameLength} characters.`,
  reservedName: 'name is a query parameter the pages already use; choose another.',
  experimentType: `experimentType must be one of ${EXPERIMENT_TYPES.join(', ')}.`,
  variants: `variants must list 2 to ${EXPERIMENT_LIMITS.variants} variants, each with a name and a weight.`,
  toggleVariants: "A feature toggle's variants are 'true' and 'false'.",
  variantName: `Each variant name must be 1 to ${EXPERIMENT_LIMITS.variantNameLength} characters of letters, digits, dashes or underscores.`,
  duplicateVariant: 'Variant names must differ.',
  weight: 'Each weight must be a number from 0 to 100.',
  totalWeight: 'At least one variant must have a weight above 0.',
  segmentName: 'segment.name must be 1 to 64 characters.',
  locales: `segment.rules.locales must list up to ${EXPERIMENT_LIMITS.segmentLocales} locales such as en or en-US.`,
  devices: `segment.rules.devices must name ${DEVICE_VIEWS.join(', ')}.`,
  visitor: "segment.rules.visitor must be 'new' or 'returning'.",
  signedIn: 'segment.rules.signedIn must be true or false.',
  window: 'endsAt must be after startsAt.',
  status: 'status must be draft, running or stopped.',
} as const;

const VARIANT_NAME = /^[A-Za-z0-9_-]{1,40}$/;
const LOCALE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/** Every problem with a definition, keyed by its field ({} when it is sound). */
export function checkDefinition(definition: ExperimentDefinition): Record<string, string> {
  const errors: Record<string, string> = {};
  if (typeof definition.name !== 'string' || !EXPERIMENT_NAME_PATTERN.test(definition.name) || definition.name.length > EXPERIMENT_LIMITS.nameLength) {
    errors.name = DEFINITION_MESSAGES.name;
  } else if (RESERVED_EXPERIMENT_NAMES.includes(definition.name)) errors.name = DEFINITION_MESSAGES.reservedName;
  if (!EXPERIMENT_TYPES.includes(definition.experimentType)) errors.experimentType = DEFINITION_MESSAGES.experimentType;
  if (!['draft', 'running', 'stopped'].includes(definition.status)) errors.status = DEFINITION_MESSAGES.status;
  const variants = definition.variants;
  if (!Array.isArray(variants) || variants.length < 2 || variants.length > EXPERIMENT_LIMITS.variants) {
    errors.variants = DEFINITION_MESSAGES.variants;
  } else if (variants.some((variant) => typeof variant?.name !== 'string' || !VARIANT_NAME.test(variant.name))) {
    errors.variants = DEFINITION_MESSAGES.variantName;
  } else if (new Set(variants.map((variant) => variant.name)).size !== variants.length) {
    errors.variants = DEFINITION_MESSAGES.duplicateVariant;
  } else if (variants.some((variant) => typeof variant.weight !== 'number' || !Number.isFinite(variant.weight) || variant.weight < 0 || variant.weight > 100)) {
    errors.variants = DEFINITION_MESSAGES.weight;
  } else if (!variants.some((variant) => variant.weight > 0)) {
    errors.variants = DEFINITION_MESSAGES.totalWeight;
  } else if (definition.experimentType === 'FEATURE_TOGGLE' && [...variants.map((variant) => variant.name)].sort().join() !== 'false,true') {
    errors.variants = DEFINITION_MESSAGES.toggleVariants;
  }
  const segment = definition.segment;
  if (segment !== null && segment !== undefined) {
    if (typeof segment.name !== 'string' || segment.name.length < 1 || segment.name.length > 64) errors['segment.name'] = DEFINITION_MESSAGES.segmentName;
    const rules = segment.rules ?? {};
    if (rules.locales !== undefined && (!Array.isArray(rules.locales) || rules.locales.length > EXPERIMENT_LIMITS.segmentLocales || rules.locales.some((locale) => typeof locale !== 'string' || !LOCALE.test(locale)))) {
      errors['segment.rules.locales'] = DEFINITION_MESSAGES.locales;
    }
    if (rules.devices !== undefined && (!Array.isArray(rules.devices) || rules.devices.some((device) => !DEVICE_VIEWS.includes(device)))) {
      errors['segment.rules.devices'] = DEFINITION_MESSAGES.devices;
    }
    if (rules.visitor !== undefined && rules.visitor !== 'new' && rules.visitor !== 'returning') errors['segment.rules.visitor'] = DEFINITION_MESSAGES.visitor;
    if (rules.signedIn !== undefined && typeof rules.signedIn !== 'boolean') errors['segment.rules.signedIn'] = DEFINITION_MESSAGES.signedIn;
  }
  if (definition.startsAt && definition.endsAt && Date.parse(definition.endsAt) <= Date.parse(definition.startsAt)) errors.endsAt = DEFINITION_MESSAGES.window;
  return errors;
}

export function isSoundDefinition(definition: ExperimentDefinition): boolean {
  return Object.keys(checkDefinition(definition)).length === 0;
}

/** Whether the experiment runs at `now`: status running and inside its window. */
export function isRunning(definition: ExperimentDefinition, now: number): boolean {
  if (definition.status !== 'running') return false;
  if (definition.startsAt && Date.parse(definition.startsAt) > now) return false;
  if (definition.endsAt && Date.parse(definition.endsAt) <= now) return false;
  return true;
}

/** Whether the visitor falls inside the segment (everyone when there is none). */
export function isInSegment(segment: ExperimentSegment | null, visitor: VisitorFacts): boolean {
  if (!segment) return true;
  const { locales, devices, visitor: visitorKind, signedIn } = segment.rules;
  if (locales && locales.length > 0) {
    const language = visitor.locale.split('-')[0];
    if (!locales.some((locale) => locale === visitor.locale || locale === language)) return false;
  }
  if (devices && devices.length > 0 && !devices.includes(visitor.device)) return false;
  if (visitorKind === 'new' && !visitor.isNewVisitor) return false;
  if (visitorKind === 'returning' && visitor.isNewVisitor) return false;
  if (signedIn !== undefined && signedIn !== visitor.signedIn) return false;
  return true;
}

/** The control: 'false' for a toggle, the first variant for an A/B test. */
export function controlVariantOf(definition: ExperimentDefinition): string {
  return definition.experimentType === 'FEATURE_TOGGLE' ? 'false' : definition.variants[0]?.name ?? '';
}
