import { SESSION_REPLAY_SAMPLE, SESSION_REPLAY_SAMPLED_VARIANT, SESSION_REPLAY_TOGGLE } from '@vitrine/experiments';
import { formatDateTime } from '@vitrine/format/dates';
import type { CreateExperimentBody, Experiment } from './experiments-api';

/**
 * Recording's two experiments (platform §4: the toggle on and the visitor in the sample): what exists, and the
 * definitions the "Turn recording on" button creates for those missing — the toggle on for everyone, and a
 * sample test recording 10 % of visitors. Pure.
 */
export const REPLAY_SAMPLE_PERCENT = 10;

export type RecordingState = 'off' | 'partly' | 'on';

export function recordingState(experiments: readonly Experiment[]): RecordingState {
  const toggle = experiments.find((each) => each.name === SESSION_REPLAY_TOGGLE && each.experimentType === 'FEATURE_TOGGLE');
  const sample = experiments.find((each) => each.name === SESSION_REPLAY_SAMPLE && each.experimentType === 'AB_TEST');
  if (!toggle && !sample) return 'off';
  const toggleOn = toggle?.status === 'running' && (toggle.variants.find((variant) => variant.name === 'true')?.weight ?? 0) > 0;
  const sampling = sample?.status === 'running' && (sample.variants.find((variant) => variant.name === SESSION_REPLAY_SAMPLED_VARIANT)?.weight ?? 0) > 0;
  return toggleOn && sampling ? 'on' : 'partly';
}

/** The definitions still to create (none when both names are taken, whatever their state). */
export function missingRecordingExperiments(experiments: readonly Experiment[]): CreateExperimentBody[] {
  const names = new Set(experiments.map((each) => each.name));
  const missing: CreateExperimentBody[] = [];
  if (!names.has(SESSION_REPLAY_TOGGLE)) {
    missing.push({ name: SESSION_REPLAY_TOGGLE, experimentType: 'FEATURE_TOGGLE', variants: [{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }], segment: null, status: 'running', startsAt: null, endsAt: null });
  }
  if (!names.has(SESSION_REPLAY_SAMPLE)) {
    missing.push({
      name: SESSION_REPLAY_SAMPLE,
      experimentType: 'AB_TEST',
      variants: [{ name: 'not-sampled', weight: 100 - REPLAY_SAMPLE_PERCENT }, { name: SESSION_REPLAY_SAMPLED_VARIANT, weight: REPLAY_SAMPLE_PERCENT }],
      segment: null,
      status: 'running',
      startsAt: null,
      endsAt: null,
    });
  }
  return missing;
}

/** A duration as the player and the list show it: '0:07', '12:30', '1:02:05'. */
export function durationText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export function whenText(iso: string, locale: string, timeZone: string): string {
  return formatDateTime(iso, { locale, timeZone, dateStyle: 'medium', timeStyle: 'short' });
}
