// Small readers the plugin families share for walking context JSON.
import { child, toText } from '../runtime';

/** Reads up to three keys deep (fixed arity: no rest-array allocation on the hot path). */
export function get(node: unknown, a: string, b?: string, c?: string): unknown {
  let v = child(node, a);
  if (b === undefined || v === undefined) return v;
  v = child(v, b);
  if (c === undefined || v === undefined) return v;
  return child(v, c);
}

/** A value as template text; missing values print nothing. */
export const text = (v: unknown): string => (v === undefined || v === null ? '' : toText(v));
