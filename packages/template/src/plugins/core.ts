// Core formatters and predicates: escaping, JSON, lookups, text and number helpers, comparisons.
import type { Formatter, Predicate, RenderState } from '../runtime';
import { argValue, isTruthy, toText } from '../runtime';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

export const CORE_FORMATTERS: Record<string, Formatter> = {
  html: (v) => escapeHtml(toText(v)),
  htmlattr: (v) => escapeAttribute(toText(v)),
  htmltag: (v) => escapeAttribute(toText(v)),
  safe: (v) => toText(v).replace(/<[^>]*?>/g, ''),
  str: (v) => toText(v),
  raw: (v) => toText(v),
  json: (v) => (v === undefined ? '' : JSON.stringify(v).replace(/<\//g, '<\\/')),
  'json-pretty': (v) => (v === undefined ? '' : JSON.stringify(v, null, 2)),
  apply: (v, args, s) => (args[0] ? (s.applyPartial(args[0], v, { isolated: args.includes('private') }) ?? '') : ''),
};

export const CORE_PREDICATES: Record<string, Predicate> = {
  'equal?': (node, args, s) => compareArgs(node, args, s, (a, b) => equals(a, b)),
};

function compareArgs(node: unknown, args: readonly string[], s: RenderState, test: (a: unknown, b: unknown) => boolean): boolean {
  if (args.length === 0) return false;
  if (args.length === 1) return test(node, argValue(s, args[0]!));
  return test(argValue(s, args[0]!), argValue(s, args[1]!));
}

export function equals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

export { isTruthy };
