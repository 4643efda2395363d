// Render-time state: the scope chain, the output buffer, errors, and value helpers shared by formatters.
import type { TemplateError, TemplateErrorKind } from './errors';
import { makeError, MESSAGES } from './errors';

const hasOwn = Object.prototype.hasOwnProperty;

/** One level of the scope chain: a section, a repeated item, or the root of a template or partial. */
export class Frame {
  node: unknown;
  readonly parent: Frame | null;
  /** Position in the enclosing repeated section, or -1. */
  index: number;
  /** A private partial application: names do not resolve past this frame. */
  readonly stop: boolean;
  vars: Map<string, unknown> | null = null;
  /** Macros defined in this scope (a .macro instruction defines one when execution reaches it). */
  macros: Map<string, TemplateBody> | null = null;
  constructor(node: unknown, parent: Frame | null, index = -1, stop = false) {
    this.node = node;
    this.parent = parent;
    this.index = index;
    this.stop = stop;
  }
}

/** JSON-T truthiness: missing, null, false, 0, '', [] and {} are false. */
export function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'number':
      return value !== 0 && !Number.isNaN(value);
    case 'string':
      return value.length > 0;
    case 'object':
      if (Array.isArray(value)) return value.length > 0;
      for (const key in value) if (hasOwn.call(value, key)) return true;
      return false;
    default:
      return false;
  }
}

export function numberToText(n: number): string {
  return n === 0 ? '0' : String(n);
}

/** An array item as JavaScript's String() writes it, without ever calling a value's own methods. */
function arrayItemText(item: unknown): string {
  if (item === null) return 'null';
  if (Array.isArray(item)) return item.map(arrayItemText).join(',');
  if (typeof item === 'object') return '[object Object]';
  return typeof item === 'number' ? numberToText(item) : String(item);
}

/** How a value is written to the output. Objects print nothing; arrays print their items joined by commas. */
export function toText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return numberToText(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return String(value);
    case 'object':
      if (value === null) return '';
      // Arrays print the way the reference engine prints them: each item as JavaScript's String() would.
      if (Array.isArray(value)) return value.map(arrayItemText).join(',');
      return '';
    default:
      return '';
  }
}

/** Reads one path segment of a JSON value: own properties of objects, numeric indexes of arrays. */
export function child(node: unknown, key: string): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    return /^\d+$/.test(key) ? node[Number(key)] : undefined;
  }
  return hasOwn.call(node, key) ? (node as Record<string, unknown>)[key] : undefined;
}

export function descend(node: unknown, path: readonly string[], from: number): unknown {
  let value = node;
  for (let i = from; i < path.length; i++) {
    value = child(value, path[i]!);
    if (value === undefined) return undefined;
  }
  return value;
}

export function lookupName(frame: Frame, name: string): unknown {
  for (let f: Frame | null = frame; f !== null; f = f.parent) {
    const node = f.node;
    if (node !== null && typeof node === 'object' && !Array.isArray(node) && hasOwn.call(node, name)) {
      const value = (node as Record<string, unknown>)[name];
      if (value !== undefined) return value;
    }
    if (f.stop) break;
  }
  return undefined;
}

export function lookupVariable(frame: Frame, name: string): unknown {
  for (let f: Frame | null = frame; f !== null; f = f.parent) {
    if (f.vars !== null && f.vars.has(name)) return f.vars.get(name);
  }
  return undefined;
}

export function repeatIndex(frame: Frame): number {
  for (let f: Frame | null = frame; f !== null; f = f.parent) if (f.index >= 0) return f.index;
  return -1;
}

/** Splits a dotted path into segments. Returns null when the path is not a valid variable reference. */
export function parsePath(text: string): string[] | null {
  if (!/^(?:@|[A-Za-z0-9_$@][A-Za-z0-9_$@-]*(?:\.[A-Za-z0-9_$@-]+)*)$/.test(text)) return null;
  return text === '@' ? ['@'] : text.split('.');
}

export type Resolver = (state: RenderState) => unknown;

/** Compiles a path into a resolver closure for the hot path. */
export function compilePath(path: readonly string[]): Resolver {
  const head = path[0]!;
  const rest = path.length > 1;
  if (head === '@') {
    return rest ? (s) => descend(s.frame.node, path, 1) : (s) => s.frame.node;
  }
  if (head === '@index' || head === '@index0') {
    const offset = head === '@index' ? 1 : 0;
    return (s) => {
      const i = repeatIndex(s.frame);
      return i < 0 ? undefined : i + offset;
    };
  }
  if (head.charCodeAt(0) === 64 /* @ */) {
    const name = head;
    return rest ? (s) => descend(lookupVariable(s.frame, name), path, 1) : (s) => lookupVariable(s.frame, name);
  }
  if (!rest) return (s) => lookupName(s.frame, head);
  return (s) => {
    const first = lookupName(s.frame, head);
    return first === undefined ? undefined : descend(first, path, 1);
  };
}

const resolverCache = new Map<string, Resolver | null>();

/** Resolves a path given as text (used by formatters and predicates whose arguments name variables). */
export function resolvePathText(state: RenderState, text: string): unknown {
  let resolver = resolverCache.get(text);
  if (resolver === undefined) {
    const path = parsePath(text);
    resolver = path ? compilePath(path) : null;
    if (resolverCache.size > 5000) resolverCache.clear();
    resolverCache.set(text, resolver);
  }
  return resolver ? resolver(state) : undefined;
}

export type Formatter = (value: unknown, args: readonly string[], ctx: RenderState, values: readonly unknown[]) => unknown;
export type Predicate = (node: unknown, args: readonly string[], ctx: RenderState) => boolean;

export interface MacroTable {
  get(name: string): TemplateBody | undefined;
}

/** A compiled body: writes into the render state. */
export type TemplateBody = {
  run: (state: RenderState) => void;
  source: string;
  /** Compile-time errors of a partial; reported (once per render) when it is applied. */
  errors?: readonly TemplateError[];
};

export interface PartialProvider {
  /** Compiles (cached) the partial with this name, or returns null / an error message. */
  lookup(name: string): TemplateBody | { errors: readonly string[] } | null;
}

export const MAX_PARTIAL_DEPTH = 16;
/** Partial and macro applications allowed in one render: fan-out within the depth limit cannot explode. */
export const MAX_PARTIAL_CALLS = 10_000;


export class RenderState {
  out = '';
  frame: Frame;
  readonly errors: TemplateError[] = [];
  depth = 0;
  partialCalls = 0;
  source: string;
  constructor(
    root: unknown,
    source: string,
    readonly locale: string,
    private fixedNow: number | undefined,
    readonly partials: PartialProvider,
    readonly injects: Record<string, unknown>,
    readonly formatters: Record<string, Formatter> | null,
    readonly predicates: Record<string, Predicate> | null,
  ) {
    this.frame = new Frame(root, null);
    this.source = source;
  }

  /** Current time for relative dates: the render's `now` option, else the clock when first asked. */
  get now(): number {
    return (this.fixedNow ??= Date.now());
  }

  get node(): unknown {
    return this.frame.node;
  }

  error(kind: TemplateErrorKind, message: string, offset = 0): void {
    this.errors.push(makeError(kind, message, this.source, offset));
  }

  resolve(path: string): unknown {
    return resolvePathText(this, path);
  }

  setVariable(name: string, value: unknown): void {
    const frame = this.frame;
    if (frame.vars === null) frame.vars = new Map();
    frame.vars.set(name, value);
  }

  private reportedPartials: Set<TemplateBody> | null = null;

  private reportPartialErrors(name: string, body: TemplateBody): void {
    const reported = (this.reportedPartials ??= new Set());
    if (reported.has(body)) return;
    reported.add(body);
    for (const e of body.errors!) this.errors.push({ ...e, message: `In partial '${name}': ${e.message}` });
  }

  defineMacro(name: string, body: TemplateBody): void {
    const frame = this.frame;
    (frame.macros ??= new Map()).set(name, body);
  }

  /** Macros resolve through every enclosing scope, private applications included. */
  findMacro(name: string): TemplateBody | undefined {
    for (let f: Frame | null = this.frame; f !== null; f = f.parent) {
      const found = f.macros?.get(name);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * Runs a macro or partial. `node` becomes the root of a new frame (unless inline, which runs it in the
   * current frame, as .include does). Returns the text it produced; the caller decides whether to keep it.
   */
  applyPartial(name: string, node: unknown, opts: { isolated?: boolean; inline?: boolean; offset?: number; args?: Record<string, string> } = {}): string | undefined {
    let body: TemplateBody | undefined = this.findMacro(name);
    if (!body) {
      const found = this.partials.lookup(name);
      if (found === null) {
        this.error('partial-missing', MESSAGES.partialMissing(name), opts.offset ?? 0);
        return undefined;
      }
      if (!('run' in found)) {
        for (const message of found.errors) this.error('partial-parse', MESSAGES.partialParse(name, message), opts.offset ?? 0);
        return undefined;
      }
      body = found;
      if (found.errors && found.errors.length > 0) this.reportPartialErrors(name, found);
    }
    if (this.depth >= MAX_PARTIAL_DEPTH) {
      this.error('partial-recursion', MESSAGES.partialRecursion(name, MAX_PARTIAL_DEPTH), opts.offset ?? 0);
      return undefined;
    }
    if (++this.partialCalls > MAX_PARTIAL_CALLS) {
      if (this.partialCalls === MAX_PARTIAL_CALLS + 1) {
        this.error('limit', `More than ${MAX_PARTIAL_CALLS} partial applications in one render; '${name}' and later ones were skipped`, opts.offset ?? 0);
      }
      return undefined;
    }
    const savedOut = this.out;
    const savedFrame = this.frame;
    const savedSource = this.source;
    this.out = '';
    if (!opts.inline) {
      // A private application hides outer names (stop) but still finds outer macros.
      this.frame = new Frame(node, savedFrame, -1, opts.isolated === true);
      if (opts.args) this.setVariable('@args', opts.args);
    }
    this.source = body.source;
    this.depth++;
    try {
      body.run(this);
    } finally {
      this.depth--;
      this.source = savedSource;
      this.frame = savedFrame;
    }
    const produced = this.out;
    this.out = savedOut;
    return produced;
  }
}

/** Parses a predicate/formatter argument: a JSON literal (number, "string", true, false, null) or a variable path. */
export function argValue(state: RenderState, arg: string): unknown {
  const first = arg.charCodeAt(0);
  if (first === 34 /* " */) {
    try {
      return JSON.parse(arg);
    } catch {
      return arg.slice(1, -1);
    }
  }
  if ((first >= 48 && first <= 57) || first === 45 /* - */) {
    const n = Number(arg);
    if (!Number.isNaN(n)) return n;
  }
  if (arg === 'true') return true;
  if (arg === 'false') return false;
  if (arg === 'null') return null;
  return state.resolve(arg);
}
