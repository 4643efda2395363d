// Core formatters and predicates: escaping, JSON, lookups, text and number helpers, comparisons.
import type { Formatter, Predicate, RenderState } from '../runtime';
import { argValue, child, isTruthy, numberToText, toText } from '../runtime';

const HTML_SPECIAL = /[&<>]/;
const ATTRIBUTE_SPECIAL = /[&<>"]/;

export function escapeHtml(text: string): string {
  if (!HTML_SPECIAL.test(text)) return text;
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

export function escapeAttribute(text: string): string {
  if (!ATTRIBUTE_SPECIAL.test(text)) return text;
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** JSON for embedding in HTML: '</' is written '<\/' so a string cannot close a script element. */
export function jsonText(value: unknown, indent?: number): string {
  if (value === undefined) return '';
  return JSON.stringify(value, null, indent).replace(/<\//g, '<\\/');
}

/** Text of a scalar; objects and arrays give ''. */
function scalarText(v: unknown): string {
  return v !== null && typeof v === 'object' ? '' : toText(v);
}

/** Numbers as the reference's numeric formatters read them: missing, null, objects and arrays are 0, text by its numeric prefix ('800x400' is 800, 'x' NaN). */
function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number.parseFloat(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return 0;
}

/** Follows keys (a key, a dotted key path, or an array of keys) into a value. */
function follow(value: unknown, key: unknown): unknown {
  if (key !== null && typeof key === 'object' && !Array.isArray(key)) return undefined;
  if (Array.isArray(key)) {
    let v = value;
    for (const k of key) v = child(v, toText(k));
    return v;
  }
  return child(value, toText(key));
}

/** Word-boundary truncation: cut at the last space before the limit and keep it, then the ellipsis. */
export function truncateWords(text: string, max: number, ellipsis = '...'): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space + 1) : cut) + ellipsis;
}

const slugCache = new Map<string, string>();

/** Slugs repeat across a page (tags, categories): a bounded cache keyed by the text. */
export function slugifyTitle(text: string): string {
  let slug = slugCache.get(text);
  if (slug === undefined) {
    slug = computeSlug(text);
    if (slugCache.size >= 2000) slugCache.clear();
    slugCache.set(text, slug);
  }
  return slug;
}

function computeSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}

const SMART_REPLACEMENTS: [RegExp, string][] = [
  [/---/g, '\u2014'],
  [/--/g, '\u2014'],
  [/\.\.\./g, '\u2026'],
  [/(^|[\s(\[{"\u2014-])'/g, '$1\u2018'],
  [/'/g, '\u2019'],
  [/(^|[\s(\[{\u2014-])"/g, '$1\u201c'],
  [/"/g, '\u201d'],
];

export function smartypants(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SMART_REPLACEMENTS) out = out.replace(pattern, replacement);
  return out;
}

export const CORE_FORMATTERS: Record<string, Formatter> = {
  html: (v) => escapeHtml(scalarText(v)),
  htmlattr: (v) => escapeAttribute(scalarText(v)),
  htmltag: (v) => escapeAttribute(scalarText(v)),
  safe: (v) => scalarText(v).replace(/<[^>]*?>/g, ''),
  str: (v) => scalarText(v),
  raw: (v) => (v === undefined ? 'null' : JSON.stringify(v)),
  json: (v) => jsonText(v),
  'json-pretty': (v) => jsonText(v, 2),
  output: (_v, args) => args.join(' '),
  apply: (v, args, s) => {
    if (!args[0]) return '';
    let named: Record<string, string> | undefined;
    for (const arg of args.slice(1)) {
      const eq = arg.indexOf('=');
      if (eq > 0) (named ??= {})[arg.slice(0, eq)] = arg.slice(eq + 1);
    }
    return s.applyPartial(args[0], v, { isolated: args.includes('private'), args: named }) ?? '';
  },
  AbsUrl: (v, _args, s) => `${toText(s.resolve('base-url'))}/${toText(v)}`,
  capitalize: (v) => scalarText(v).toUpperCase(),
  count: (v) => {
    if (Array.isArray(v)) return v.length;
    if (typeof v === 'string') return v.length;
    if (v !== null && typeof v === 'object') return Object.keys(v).length;
    return 0;
  },
  cycle: (v, args) => {
    const n = toNumber(v);
    if (!Number.isInteger(n) || args.length === 0) return '';
    return args[(((n - 1) % args.length) + args.length) % args.length];
  },
  'encode-space': (v) => scalarText(v).replace(/ /g, '&nbsp;'),
  'encode-uri': (v) => encodeURI(scalarText(v)),
  'encode-uri-component': (v) => encodeURIComponent(scalarText(v)),
  'url-encode': (v) => encodeURIComponent(scalarText(v)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  format: (v, args, s) => {
    const values = args.map((a) => s.resolve(a));
    return toText(v).replace(/\{(\d+)\}/g, (_m, index: string) => {
      const i = Number(index);
      return i < values.length ? toText(values[i]) : '';
    });
  },
  get: (v, args, s) => {
    let value = v;
    for (const arg of args) {
      const key = s.resolve(arg);
      if (key === undefined || key === null) return undefined;
      value = follow(value, key);
      if (value === undefined) return undefined;
    }
    return value;
  },
  prop: (v, args) => {
    let value = v;
    for (const arg of args) {
      for (const key of arg.split('.')) {
        value = child(value, key);
        if (value === undefined) return undefined;
      }
    }
    return value;
  },
  lookup: (v, args, s) => {
    const key = args[0] === undefined ? undefined : s.resolve(args[0]);
    return key === undefined || key === null ? undefined : follow(v, key);
  },
  'key-by': (v, args) => {
    if (!Array.isArray(v) || !args[0]) return undefined;
    const path = args[0].split('.');
    const out: Record<string, unknown> = {};
    for (const item of v) {
      let key: unknown = item;
      for (const k of path) key = child(key, k);
      if (key !== undefined && key !== null && typeof key !== 'object') out[toText(key)] = item;
    }
    return out;
  },
  iter: (_v, _args, s) => {
    const i = s.resolve('@index');
    return i === undefined ? '' : i;
  },
  mod: (v, args) => {
    const n = toNumber(v);
    const given = args.length ? Number(args[0]) : NaN;
    // A missing, zero or unreadable modulus means 2.
    const m = Number.isFinite(given) && given !== 0 ? given : 2;
    return numberToText(n % m);
  },
  round: (v) => numberToText(Math.round(toNumber(v))),
  pluralize: (v, args) => {
    const n = toNumber(v);
    let singular = '';
    let plural = 's';
    if (args.length === 1) plural = args[0]!;
    else if (args.length >= 2) {
      singular = args[0]!;
      plural = args[1]!;
    }
    return n === 1 ? singular : plural;
  },
  slugify: (v) => slugifyTitle(scalarText(v)),
  smartypants: (v) => smartypants(scalarText(v)),
  truncate: (v, args) => {
    const max = args.length ? Number(args[0]) : 100;
    return truncateWords(scalarText(v), Number.isFinite(max) ? max : 100, args.length > 1 ? args[1] : '...');
  },
};

function compareArgs(node: unknown, args: readonly string[], s: RenderState, test: (a: any, b: any) => boolean): boolean {
  if (args.length === 0) return false;
  const [a, b] = args.length === 1 ? [node, argValue(s, args[0]!)] : [argValue(s, args[0]!), argValue(s, args[1]!)];
  // A missing value compares as JSON null.
  return test(a === undefined ? null : a, b === undefined ? null : b);
}

export function equals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

// Ordering predicates compare JSON values with JavaScript's relational operators, as the reference does
// (1 <= "1", null <= null); equal?/notEqual? compare strictly (1 is not "1").
export const CORE_PREDICATES: Record<string, Predicate> = {
  'equal?': (node, args, s) => compareArgs(node, args, s, equals),
  'notEqual?': (node, args, s) => compareArgs(node, args, s, (a, b) => !equals(a, b)),
  'greaterThan?': (node, args, s) => compareArgs(node, args, s, (a, b) => a > b),
  'greaterThanOrEqual?': (node, args, s) => compareArgs(node, args, s, (a, b) => a >= b),
  'lessThan?': (node, args, s) => compareArgs(node, args, s, (a, b) => a < b),
  'lessThanOrEqual?': (node, args, s) => compareArgs(node, args, s, (a, b) => a <= b),
};

export { isTruthy };
