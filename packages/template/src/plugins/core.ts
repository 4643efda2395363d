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

/**
 * Word-boundary truncation: cut after the last whitespace character within the limit (or at the limit when there is
 * none), then the ellipsis.
 */
export function truncateWords(text: string, max: number, ellipsis = '...'): string {
  if (text.length <= max) return text;
  let end = max;
  for (let i = max - 1; i >= 0; i--) {
    if (/[ \n\t\v\r\f]/.test(text[i]!)) {
      end = i + 1;
      break;
    }
  }
  return text.slice(0, end) + ellipsis;
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

/** As the reference slugifies: drop everything but ASCII letters, digits, whitespace and '-', then each run of whitespace becomes '-'. */
function computeSlug(text: string): string {
  return text.replace(/[^a-zA-Z0-9\s-]+/g, '').replace(/\s+/g, '-').toLowerCase();
}

/**
 * `{0}`-style placeholders (the format formatter): a placeholder past the last value prints nothing, and a brace
 * holding anything but digits is dropped with its contents.
 */
export function formatPlaceholders(pattern: string, values: readonly unknown[]): string {
  let out = '';
  let index = -1; // -1 outside a placeholder, -2 inside a bad one, else the index read so far
  for (const c of pattern) {
    if (index === -2) {
      if (c === '}') index = -1;
    } else if (index >= 0) {
      if (c >= '0' && c <= '9') index = index * 10 + (c.charCodeAt(0) - 48);
      else if (c === '}') {
        if (index < values.length) {
          const value = values[index];
          out += value === undefined || value === null ? '' : toText(value);
        }
        index = -1;
      } else index = -2;
    } else if (c === '{') index = 0;
    else out += c;
  }
  return out;
}

/**
 * Resolves a path the way the reference resolves a formatter's arguments: the formatted value is the innermost
 * scope ('@' is the value itself), then the instruction's scopes outwards.
 */
export function resolveFromValue(s: RenderState, value: unknown, pathText: string): unknown {
  const dot = pathText.indexOf('.');
  const head = dot < 0 ? pathText : pathText.slice(0, dot);
  if (head === '@') return dot < 0 ? value : descendText(value, pathText.slice(dot + 1));
  if (head.charCodeAt(0) !== 64 /* @ */ && value !== null && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, head)) {
    const first = (value as Record<string, unknown>)[head];
    if (first !== undefined) return dot < 0 ? first : descendText(first, pathText.slice(dot + 1));
  }
  return s.resolve(pathText);
}

function descendText(value: unknown, rest: string): unknown {
  let v = value;
  for (const key of rest.split('.')) {
    v = child(v, key);
    if (v === undefined) return undefined;
  }
  return v;
}

// The reference's replacements, in its order. (Its opening single quote follows '-', '\u2014', '\\', 's', '(', '['
// or '"' — the class holds a backslash and an 's', not whitespace — and its opening double quote follows '-',
// '\u2014', '/', '[', '(', '\u2018' or whitespace.)
/**
 * find-first / find-last: the first (last) item of a list whose value at `path` is true. With two arguments the first
 * names a lookup object: the item's text is a key in it, and the path is read from what that key holds. Without a
 * path the first (last) item is the answer.
 */
function findNth(v: unknown, args: readonly string[], s: RenderState, forward: boolean): unknown {
  if (!Array.isArray(v) || v.length === 0) return undefined;
  const lookup = args.length === 2 ? resolveFromValue(s, v, args[0]!) : undefined;
  const pathText = args.length === 1 ? args[0] : args.length >= 2 ? args[1] : undefined;
  for (let n = 0; n < v.length; n++) {
    const item = v[forward ? n : v.length - 1 - n];
    if (pathText === undefined) return item;
    const candidate = args.length === 2 ? child(lookup, scalarText(item)) : item;
    if (isTruthy(descendText(candidate, pathText))) return item;
  }
  return undefined;
}

const SMART_REPLACEMENTS: [RegExp, string][] = [
  [/(^|[-\u2014\\s(\["])'/gm, '$1\u2018'],
  [/'/gm, '\u2019'],
  [/(^|[-\u2014/\[(\u2018\s])"/gm, '$1\u201c'],
  [/"/gm, '\u201d'],
  [/--/gm, '\u2014'],
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
  // A false value (missing, '', 0, [], {}) passes through unchanged, as in the reference.
  safe: (v) => (isTruthy(v) ? scalarText(v).replace(/<[^>]*?>/g, '') : v),
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
  'encode-space': (v) => scalarText(v).replace(/\s/g, '&nbsp;'),
  'encode-uri': (v) => encodeURI(scalarText(v)),
  'encode-uri-component': (v) => encodeURIComponent(scalarText(v)),
  'url-encode': (v) => encodeURIComponent(scalarText(v)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  format: (v, args, s) => formatPlaceholders(scalarText(v), args.map((a) => s.resolve(a))),
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
  // The argument names a variable whose text is itself a path; both are looked up from the value outwards.
  lookup: (v, args, s) => {
    if (!args[0]) return '';
    const path = resolveFromValue(s, v, args[0]);
    return resolveFromValue(s, v, path === undefined || path === null ? '' : scalarText(path));
  },
  'key-by': (v, args) => {
    const out: Record<string, unknown> = {};
    if (!Array.isArray(v) || !args[0]) return out;
    const path = args[0].split('.');
    for (const item of v) {
      let key: unknown = item;
      for (const k of path) key = child(key, k);
      if (key !== undefined) out[String(key)] = item;
    }
    return out;
  },
  'find-first': (v, args, s) => findNth(v, args, s, true),
  'find-last': (v, args, s) => findNth(v, args, s, false),
  'line-breaks': (v) => scalarText(v).replace(/\n/g, '<br/>'),
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
  // A limit that is not a positive number leaves the value as it is.
  truncate: (v, args) => {
    const max = args.length ? Number.parseInt(args[0]!, 10) : 100;
    if (!Number.isFinite(max) || max <= 0) return v;
    return truncateWords(scalarText(v), max, args.length > 1 ? args[1] : '...');
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
  // Registered by the reference without an implementation: always false, with an error saying so.
  'units-metric?': (_node, _args, s) => {
    s.error('not-implemented', "Predicate 'units-metric?' is not yet implemented");
    return false;
  },
};

export { isTruthy };
