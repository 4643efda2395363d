/** The long-text field's max-length counter (storefront §5). */
import { characterCount } from './guards';

export interface MaxLengthCounter {
  /** 'current / max', as the spec writes it: '12 / 100'. */
  text: string;
  current: number;
  max: number;
  /** Over the limit: the field takes its error style (and validation says 'You have exceeded the character limit.'). */
  over: boolean;
}

/**
 * A field's maximum as the counter reads it: a whole number from a number or a plain decimal string
 * ('250', ' 250 ', 250.9 → 250). A non-numeric or negative maximum counts as 0, which means no counter (and no
 * limit).
 */
export function readMaxLength(maxLength: unknown): number {
  let numeric: number;
  if (typeof maxLength === 'number') numeric = maxLength;
  else if (typeof maxLength === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(maxLength)) numeric = Number(maxLength);
  else return 0;
  if (!Number.isFinite(numeric) || numeric < 0) return 0;
  return Math.floor(numeric);
}

/** The counter for `value` under `maxLength`, or null when the maximum reads as 0 (no counter). */
export function maxLengthCounter(value: string, maxLength: unknown): MaxLengthCounter | null {
  const max = readMaxLength(maxLength);
  if (max === 0) return null;
  const current = characterCount(value);
  return { text: `${current} / ${max}`, current, max, over: current > max };
}
