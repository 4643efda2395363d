import { checkDefinition, type DeviceView, type ExperimentDefinition, type ExperimentStatus, type ExperimentType, type SegmentRules } from '@vitrine/experiments';
import { isoToLocalInput, localInputToIso } from '../settings/coupons/zoned-time';
import type { CreateExperimentBody, Experiment } from './experiments-api';

/**
 * The experiment form's state and its rules, apart from React: what the inputs hold (numbers as typed text,
 * times as `datetime-local` values in the website's zone), the body they make, and the checks that run as the
 * owner types — @vitrine/experiments' `checkDefinition`, the same the server runs, so the words are the server's.
 */
export interface VariantDraft {
  name: string;
  weight: string;
}

export interface ExperimentDraft {
  name: string;
  experimentType: ExperimentType;
  /** An A/B test's variants; the first is the control. */
  variants: VariantDraft[];
  /** A toggle's roll-out: the share of visitors who get 'true', in %. */
  rollout: string;
  segmentOn: boolean;
  segmentName: string;
  /** Locales one after another, separated by commas or spaces. */
  locales: string;
  devices: DeviceView[];
  visitor: '' | 'new' | 'returning';
  signedIn: '' | 'yes' | 'no';
  status: ExperimentStatus;
  startsAt: string;
  endsAt: string;
  conversionEvent: string;
}

export const DEFAULT_CONVERSION_EVENT = 'add-to-cart';

export function emptyDraft(): ExperimentDraft {
  return {
    name: '',
    experimentType: 'AB_TEST',
    variants: [
      { name: 'control', weight: '50' },
      { name: 'variant-b', weight: '50' },
    ],
    rollout: '100',
    segmentOn: false,
    segmentName: '',
    locales: '',
    devices: [],
    visitor: '',
    signedIn: '',
    status: 'draft',
    startsAt: '',
    endsAt: '',
    conversionEvent: DEFAULT_CONVERSION_EVENT,
  };
}

/** A number as an input shows it: 12.5 → '12.5', never '12.500000001'. */
const numberText = (value: number) => String(Math.round(value * 1000) / 1000);

/** The form's state for a stored experiment. */
export function draftOf(experiment: Experiment, timeZone: string): ExperimentDraft {
  const rules = (experiment.segment?.rules ?? {}) as SegmentRules;
  const on = experiment.variants.find((variant) => variant.name === 'true');
  const total = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
  return {
    name: experiment.name,
    experimentType: experiment.experimentType,
    variants: experiment.variants.map((variant) => ({ name: variant.name, weight: numberText(variant.weight) })),
    rollout: on && total > 0 ? numberText((on.weight / total) * 100) : '0',
    segmentOn: experiment.segment !== null,
    segmentName: experiment.segment?.name ?? '',
    locales: (rules.locales ?? []).join(', '),
    devices: rules.devices ?? [],
    visitor: rules.visitor ?? '',
    signedIn: rules.signedIn === undefined ? '' : rules.signedIn ? 'yes' : 'no',
    status: experiment.status,
    startsAt: isoToLocalInput(experiment.startsAt, timeZone),
    endsAt: isoToLocalInput(experiment.endsAt, timeZone),
    conversionEvent: experiment.conversionEvent,
  };
}

/** Typed text as a number; NaN for anything that is not one (the check then names the field). */
export function numberOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** A toggle's two variants from its roll-out: 'true' gets the roll-out, 'false' the rest. */
export function toggleVariants(rollout: string): Array<{ name: string; weight: number }> {
  const share = numberOf(rollout);
  return [
    { name: 'true', weight: share },
    { name: 'false', weight: Number.isFinite(share) ? Math.round((100 - share) * 1000) / 1000 : Number.NaN },
  ];
}

function segmentOf(draft: ExperimentDraft): CreateExperimentBody['segment'] {
  if (!draft.segmentOn) return null;
  const rules: SegmentRules = {};
  const locales = draft.locales.split(/[\s,]+/).filter(Boolean);
  if (locales.length > 0) rules.locales = locales;
  if (draft.devices.length > 0) rules.devices = [...draft.devices];
  if (draft.visitor) rules.visitor = draft.visitor;
  if (draft.signedIn) rules.signedIn = draft.signedIn === 'yes';
  return { name: draft.segmentName.trim(), rules };
}

/** The body the form sends (a create; an update adds the version read). */
export function bodyOf(draft: ExperimentDraft, timeZone: string): CreateExperimentBody {
  const variants = draft.experimentType === 'FEATURE_TOGGLE' ? toggleVariants(draft.rollout) : draft.variants.map((variant) => ({ name: variant.name.trim(), weight: numberOf(variant.weight) }));
  return {
    name: draft.name.trim(),
    experimentType: draft.experimentType,
    variants,
    segment: segmentOf(draft),
    status: draft.status,
    startsAt: localInputToIso(draft.startsAt, timeZone) ?? null,
    endsAt: localInputToIso(draft.endsAt, timeZone) ?? null,
    conversionEvent: draft.conversionEvent,
  };
}

export const FORM_MESSAGES = {
  rollout: 'The roll-out must be a number from 0 to 100.',
  time: 'Enter a date and a time.',
} as const;

/**
 * Every problem with the draft, keyed by the server's field names ('variants', 'segment.name', 'endsAt'…) so the
 * server's `errors` land beside the same inputs; plus 'rollout' for the toggle's own input.
 */
export function checkDraft(draft: ExperimentDraft, timeZone: string): Record<string, string> {
  const body = bodyOf(draft, timeZone);
  const definition: ExperimentDefinition = {
    name: body.name,
    experimentType: body.experimentType,
    variants: body.variants,
    segment: body.segment ?? null,
    status: body.status ?? 'draft',
    startsAt: body.startsAt ?? null,
    endsAt: body.endsAt ?? null,
  };
  const errors = checkDefinition(definition);
  if (draft.experimentType === 'FEATURE_TOGGLE') {
    const share = numberOf(draft.rollout);
    if (!Number.isFinite(share) || share < 0 || share > 100) errors.rollout = FORM_MESSAGES.rollout;
    if (errors.rollout || errors.variants) {
      errors.rollout ??= errors.variants!;
      delete errors.variants;
    }
  }
  if (localInputToIso(draft.startsAt, timeZone) === undefined) errors.startsAt = FORM_MESSAGES.time;
  if (localInputToIso(draft.endsAt, timeZone) === undefined) errors.endsAt = FORM_MESSAGES.time;
  return errors;
}
