// i18n formatters: message (the template message syntax), plural, decimal, money, percentages.
import { numberFormat, pluralRules } from '@vitrine/format/intl-cache';
import type { Formatter, RenderState } from '../runtime';
import { child, toText } from '../runtime';
import { DATE_FORMATTERS, formatDateTime, siteTimeZone } from './date';

// ---------------------------------------------------------------- numbers

/** Reads a JSON value as a decimal string ('12.50'), or null. */
export function decimalText(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(v)) return v.trim();
  return null;
}

// The reference's option names (key:value; a bare key has the value ''), mapped onto Intl.NumberFormat.
const ROUNDING: Record<string, Intl.NumberFormatOptions['roundingMode']> = {
  up: 'expand',
  down: 'trunc',
  truncate: 'trunc',
  ceil: 'ceil',
  ceiling: 'ceil',
  floor: 'floor',
  'half-even': 'halfEven',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
};

/** Digit counts: the reference clamps them to 0–50; Intl takes at most 100 fraction and 21 integer or significant digits. */
function digits(value: string, min: number, max: number): number | undefined {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.min(50, Math.max(0, n)))) : undefined;
}

interface NumberOptions {
  style?: string;
  /** symbol:narrow (money only). */
  narrowSymbol?: boolean;
  /** Whether grouping was asked for or refused; undefined when no option says. */
  group?: boolean;
  intl: Intl.NumberFormatOptions;
}

/** Options shared by decimal and money, e.g. style:short maxfrac:1 group round:half-up. */
function numberOptions(args: readonly string[]): NumberOptions {
  const intl: Intl.NumberFormatOptions = {};
  const options: NumberOptions = { intl };
  for (const arg of args) {
    const colon = arg.indexOf(':');
    const key = colon < 0 ? arg : arg.slice(0, colon);
    const value = colon < 0 ? '' : arg.slice(colon + 1);
    switch (key) {
      case 'style':
        options.style = value;
        break;
      case 'symbol':
        if (value === 'narrow') options.narrowSymbol = true;
        break;
      case 'group':
      case 'grouping':
        options.group = value === '' || value === 'true';
        break;
      case 'no-group':
      case 'no-grouping':
        options.group = false;
        break;
      case 'round':
      case 'rounding':
        if (ROUNDING[value]) intl.roundingMode = ROUNDING[value];
        break;
      case 'minint':
      case 'minInt':
      case 'minIntegerDigits':
      case 'minimumIntegerDigits':
        intl.minimumIntegerDigits = digits(value, 1, 21);
        break;
      case 'maxfrac':
      case 'maxFrac':
      case 'maxFractionDigits':
      case 'maximumFractionDigits':
        intl.maximumFractionDigits = digits(value, 0, 100);
        break;
      case 'minfrac':
      case 'minFrac':
      case 'minFractionDigits':
      case 'minimumFractionDigits':
        intl.minimumFractionDigits = digits(value, 0, 100);
        break;
      case 'maxsig':
      case 'maxSig':
      case 'maxSignificantDigits':
      case 'maximumSignificantDigits':
        intl.maximumSignificantDigits = digits(value, 1, 21);
        break;
      case 'minsig':
      case 'minSig':
      case 'minSignificantDigits':
      case 'minimumSignificantDigits':
        intl.minimumSignificantDigits = digits(value, 1, 21);
        break;
    }
  }
  for (const key of Object.keys(intl) as (keyof Intl.NumberFormatOptions)[]) if (intl[key] === undefined) delete intl[key];
  if (intl.minimumFractionDigits !== undefined && intl.maximumFractionDigits !== undefined && intl.minimumFractionDigits > intl.maximumFractionDigits) {
    intl.maximumFractionDigits = intl.minimumFractionDigits;
  }
  if (options.group === false) intl.useGrouping = false;
  return options;
}

function safeFormat(locale: string, options: Intl.NumberFormatOptions, value: string): string {
  try {
    return numberFormat(locale, options).format(value as unknown as number);
  } catch {
    return '';
  }
}

export function formatDecimal(value: string, args: readonly string[], locale: string): string {
  const { style, intl } = numberOptions(args);
  if (style === 'percent') return safeFormat(locale, { style: 'percent', ...intl }, value);
  // Compact numbers keep the grouping of their integer part ('9,007 trillion'), as CLDR data formats them.
  if (style === 'short' || style === 'long') {
    return safeFormat(locale, { notation: 'compact', compactDisplay: style, useGrouping: 'always' as unknown as boolean, ...intl }, value);
  }
  return safeFormat(locale, { maximumFractionDigits: 3, ...intl }, value);
}

/** A money object's decimal amount and currency: { decimalValue, currencyCode } or { value, currency }. */
export function readMoney(v: unknown): { amount: string; currency: string } | null {
  const decimalValue = child(v, 'decimalValue');
  const code = child(v, 'currencyCode');
  if (typeof code === 'string' && decimalText(decimalValue) !== null) return { amount: decimalText(decimalValue)!, currency: code };
  const value = child(v, 'value');
  const currency = child(v, 'currency');
  if (typeof currency === 'string' && decimalText(value) !== null) return { amount: decimalText(value)!, currency };
  return null;
}

/** Money styles as the reference names them: symbol (default), accounting, code, name, short. */
export function formatMoneyAmount(amount: string, currency: string, args: readonly string[], locale: string): string {
  const { style, narrowSymbol, intl } = numberOptions(args);
  const base: Intl.NumberFormatOptions = { style: 'currency', currency, ...(narrowSymbol ? { currencyDisplay: 'narrowSymbol' } : {}), ...intl };
  if (style === 'short') return safeFormat(locale, { ...base, notation: 'compact', compactDisplay: 'short' }, amount);
  if (style === 'accounting') return safeFormat(locale, { ...base, currencySign: 'accounting' }, amount);
  if (style === 'name') return safeFormat(locale, { ...base, currencyDisplay: 'name' }, amount);
  if (style === 'code') return safeFormat(locale, { ...base, currencyDisplay: 'code' }, amount);
  return safeFormat(locale, base, amount);
}

// ---------------------------------------------------------------- messages

type Part =
  | string
  | { kind: 'arg'; names: string[]; format: string | null; options: string[] }
  | { kind: 'plural'; name: string; ordinal: boolean; branches: Map<string, Part[]> }
  | { kind: 'select'; name: string; branches: Map<string, Part[]> };

type Message = Part[];

/** Parses the template message syntax: {0}, {name}, {0 plural one{# item} other{# items}}, {0 money style:short}. */
function parseMessage(src: string, start = 0, nested = false): { parts: Message; end: number } {
  const parts: Message = [];
  let text = '';
  let i = start;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '}' && nested) break;
    if (c !== '{') {
      text += c;
      i++;
      continue;
    }
    const close = findClose(src, i);
    if (close < 0) {
      text += src.slice(i);
      break;
    }
    if (text) parts.push(text);
    text = '';
    parts.push(parseArgument(src.slice(i + 1, close)));
    i = close + 1;
  }
  if (text) parts.push(text);
  return { parts, end: i };
}

function findClose(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === '{') depth++;
    else if (src[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

function parseArgument(body: string): Part {
  const m = /^\s*([^\s{}]+)\s*(?:([A-Za-z-]+)\s*)?([\s\S]*)$/.exec(body);
  if (!m) return '';
  const names = m[1]!.split(';');
  const format = m[2] ?? null;
  const rest = m[3] ?? '';
  if (format === 'plural' || format === 'selectordinal' || format === 'select') {
    const branches = new Map<string, Part[]>();
    let i = 0;
    while (i < rest.length) {
      const km = /^\s*([^\s{]+)\s*\{/.exec(rest.slice(i));
      if (!km) break;
      const open = i + km[0].length - 1;
      const close = findClose(rest, open);
      if (close < 0) break;
      branches.set(km[1]!, parseMessage(rest.slice(open + 1, close)).parts);
      i = close + 1;
    }
    return format === 'select'
      ? { kind: 'select', name: names[0]!, branches }
      : { kind: 'plural', name: names[0]!, ordinal: format === 'selectordinal', branches };
  }
  return { kind: 'arg', names, format, options: rest.split(/\s+/).filter(Boolean) };
}

const messageCache = new Map<string, Message>();
const MESSAGE_CACHE_LIMIT = 100;

function compiledMessage(src: string): Message {
  let parsed = messageCache.get(src);
  if (!parsed) {
    parsed = parseMessage(src).parts;
    if (messageCache.size >= MESSAGE_CACHE_LIMIT) messageCache.delete(messageCache.keys().next().value!);
    messageCache.set(src, parsed);
  }
  return parsed;
}

interface MessageArgs {
  positional: unknown[];
  named: Record<string, unknown>;
}

/** Marks a placeholder that names no argument at all (unlike an argument whose value is missing). */
const NO_ARGUMENT: unique symbol = Symbol('no-argument');

function lookupArg(args: MessageArgs, name: string): unknown {
  if (/^\d+$/.test(name)) {
    const i = Number(name);
    return i < args.positional.length ? args.positional[i] : NO_ARGUMENT;
  }
  return Object.prototype.hasOwnProperty.call(args.named, name) ? args.named[name] : NO_ARGUMENT;
}

/**
 * An argument as a decimal, as the reference's message arguments convert: a money object gives its amount, true 1,
 * and anything that is not a number (false, null, missing, objects, text) 0.
 */
function argumentDecimal(value: unknown): string {
  const amount = child(value, 'decimalValue') ?? child(value, 'value');
  const source = amount !== undefined ? amount : value;
  if (typeof source === 'boolean') return source ? '1' : '0';
  return decimalText(source) ?? '0';
}

function pluralCategoryOf(value: unknown, locale: string, ordinal: boolean): { category: string; text: string; n: number } | null {
  const text = decimalText(value);
  if (text === null) return null;
  const n = Number(text);
  const fraction = /\.(\d*)$/.exec(text)?.[1]?.length ?? 0;
  const category = pluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal', minimumFractionDigits: fraction }).select(n);
  return { category, text, n };
}

function renderMessage(parts: Message, args: MessageArgs, s: RenderState, hash: string | null): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += hash === null ? part : part.replace(/#/g, hash);
      continue;
    }
    if (part.kind === 'plural') {
      const plural = pluralCategoryOf(lookupArg(args, part.name), s.locale, part.ordinal);
      if (!plural) continue;
      const branch = part.branches.get(`=${plural.n}`) ?? part.branches.get(plural.category) ?? part.branches.get('other');
      if (branch) out += renderMessage(branch, args, s, plural.text);
      continue;
    }
    if (part.kind === 'select') {
      const value = toText(lookupArg(args, part.name));
      const branch = part.branches.get(value) ?? part.branches.get('other');
      if (branch) out += renderMessage(branch, args, s, hash);
      continue;
    }
    const value = lookupArg(args, part.names[0]!);
    out += formatArgument(part, value, args, s);
  }
  return out;
}

function formatArgument(part: Extract<Part, { kind: 'arg' }>, value: unknown, args: MessageArgs, s: RenderState): string {
  if (value === NO_ARGUMENT) return '';
  switch (part.format) {
    case null:
      return value === undefined || value === null ? '' : toText(value);
    case 'number':
    case 'decimal':
      return formatDecimal(argumentDecimal(value), part.options, s.locale);
    case 'money':
    case 'currency': {
      const money = readMoney(value);
      return money ? formatMoneyAmount(money.amount, money.currency, part.options, s.locale) : '';
    }
    case 'datetime': {
      return typeof value === 'number' ? formatDateTime(value, part.options, s.locale, siteTimeZone(s)) : '';
    }
    case 'datetime-interval': {
      const end = lookupArg(args, part.names[1] ?? '');
      if (end === NO_ARGUMENT) return '';
      const interval = DATE_FORMATTERS['datetime-interval']!;
      return toText(interval(value, part.options, s, [value, end]));
    }
    default:
      return value === undefined || value === null ? '' : toText(value);
  }
}

/** Resolves the message formatter's arguments: paths (positional) and name=path or name:path pairs (named and positional). */
function messageArgs(args: readonly string[], s: RenderState): MessageArgs {
  const positional: unknown[] = [];
  const named: Record<string, unknown> = {};
  for (const arg of args) {
    const eq = arg.search(/[:=]/);
    if (eq >= 0) {
      const value = s.resolve(arg.slice(eq + 1));
      named[arg.slice(0, eq)] = value;
      positional.push(value);
    } else positional.push(s.resolve(arg));
  }
  return { positional, named };
}

const message: Formatter = (v, args, s) => {
  if (typeof v !== 'string') return '';
  return renderMessage(compiledMessage(v), messageArgs(args, s), s, null);
};

// ---------------------------------------------------------------- legacy money helpers

/** Cents as a plain amount with two decimals and grouping: 12345 -> '123.45'. */
function centsText(v: unknown, locale = 'en-US'): string {
  const cents = Number(v);
  const value = Number.isFinite(cents) ? cents / 100 : 0;
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

function validLocale(locale: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0;
  } catch {
    return false;
  }
}

export const I18N_FORMATTERS: Record<string, Formatter> = {
  message,
  plural: message,
  decimal: (v, args, s) => {
    const text = decimalText(v);
    return text === null ? '' : formatDecimal(text, args, s.locale);
  },
  money: (v, args, s) => {
    const money = readMoney(v);
    return money ? formatMoneyAmount(money.amount, money.currency, args, s.locale) : '';
  },
  currency: (v, args, s) => {
    const money = readMoney(v);
    return money ? formatMoneyAmount(money.amount, money.currency, args, s.locale) : '';
  },
  moneyFormat: (v) => (typeof v === 'number' ? centsText(v) : ''),
  'money-format': (v) => (typeof v === 'number' ? centsText(v) : ''),
  'money-string': (v) => (typeof v === 'number' ? `<span class="sqs-money-native">${centsText(v)}</span>` : ''),
  'bookkeeper-money-format': (v, _args, s) => {
    if (!validLocale(s.locale)) return '';
    const cents = Number(v);
    return numberFormat(s.locale, { style: 'currency', currency: 'USD' }).format(Number.isFinite(cents) ? cents / 100 : 0);
  },
  'percentage-format': (v, args, s) => {
    const n = Number(v);
    const value = Number.isFinite(n) ? n : 0;
    const trim = args.includes('trim');
    return numberFormat(validLocale(s.locale) ? s.locale : 'en-US', {
      minimumFractionDigits: trim ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(value);
  },
  'i18n-money-format': () => '',
  datetimefield: () => '',
  unit: (_v, _args, s) => {
    s.error('not-implemented', "Formatter 'unit' is not yet implemented");
    return '';
  },
};
