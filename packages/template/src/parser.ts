// Scanner and assembler: template text -> instruction tree. Invalid instructions stay literal text.
import type { TemplateError } from './errors';
import { makeError, MESSAGES } from './errors';
import { parsePath } from './runtime';

export interface FormatterCall {
  name: string;
  args: string[];
}

export interface PredicateCall {
  name: string;
  args: string[];
}

export type IfCondition =
  | { kind: 'predicate'; call: PredicateCall }
  | { kind: 'logic'; operands: string[][]; operators: ('&&' | '||')[] };

export interface Alternative {
  pred: PredicateCall | null;
  pos: number;
  body: Node[];
  next: Alternative | null;
}

export type Node =
  | { t: 'text'; text: string }
  | { t: 'var'; vars: string[][]; fmts: FormatterCall[]; pos: number; raw: string }
  | { t: 'section'; path: string[]; body: Node[]; alt: Alternative | null; pos: number }
  | { t: 'repeated'; path: string[]; body: Node[]; alternates: Node[] | null; alt: Alternative | null; pos: number }
  | { t: 'predicate'; call: PredicateCall; body: Node[]; alt: Alternative | null; pos: number }
  | { t: 'if'; cond: IfCondition; body: Node[]; alt: Alternative | null; pos: number }
  | { t: 'bindvar'; name: string; vars: string[][]; fmts: FormatterCall[]; pos: number; raw: string }
  | { t: 'ctx'; name: string; pairs: [string, string[]][]; pos: number }
  | { t: 'eval'; source: string; pos: number }
  | { t: 'include'; name: string; args: string[]; pos: number }
  | { t: 'inject'; name: string; path: string; args: string[]; pos: number }
  | { t: 'macro'; name: string; body: Node[]; pos: number };

type BlockNode = Extract<Node, { body: Node[] }>;

export interface ParseResult {
  body: Node[];
  macros: Map<string, Node[]>;
  errors: TemplateError[];
}

// The grammar of an instruction, as the reference engine's matcher reads it. Each pattern is sticky: it matches at
// the cursor or not at all.
const WORD = '[a-zA-Z][a-zA-Z0-9_-]*';
const SEGMENT = `\\d+|(?:@|\\$)?${WORD}|@`;
const RX = {
  word: new RegExp(WORD, 'y'),
  variable: new RegExp(`(?:${SEGMENT})(?:\\.(?:${SEGMENT}))*`, 'y'),
  definition: new RegExp(`@${WORD}`, 'y'),
  filePath: /[./a-zA-Z0-9_-]+/y,
  predicate: new RegExp(`${WORD}\\?`, 'y'),
  whitespace: /[ \f\n\r\t\v]+/y,
  separator: / *, */y,
  operator: /&&|\|\|/y,
  formatterArgs: /[^|}]+/y,
  instructionArgs: /[^}]+/y,
};

/** A cursor over the text of one instruction (between its braces). */
class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  /** Matches a pattern at the cursor and moves past it; null (cursor unchanged) when it does not match. */
  take(rx: RegExp): string | null {
    rx.lastIndex = this.pos;
    const m = rx.exec(this.text);
    if (m === null) return null;
    this.pos = rx.lastIndex;
    return m[0];
  }
  /** Exactly one space. */
  space(): boolean {
    if (this.text.charCodeAt(this.pos) !== 32) return false;
    this.pos++;
    return true;
  }
  peek(): string | undefined {
    return this.text[this.pos];
  }
  get done(): boolean {
    return this.pos === this.text.length;
  }
  /** Arguments: the first character is the delimiter, the rest is split on it. */
  args(rx: RegExp, emptyIsNone: boolean): string[] | null {
    const raw = this.take(rx);
    if (raw === null) return null;
    const list = raw.slice(1).split(raw[0]!);
    return emptyIsNone && list.length === 1 && list[0] === '' ? [] : list;
  }
}

/** A dotted variable reference, split into its segments. */
function variable(c: Cursor): string[] | null {
  const raw = c.take(RX.variable);
  return raw === null ? null : raw === '@' ? ['@'] : raw.split('.');
}

/** `a, b , c`: one or more references; a separator not followed by a reference fails. */
function variables(c: Cursor): string[][] | null {
  const first = variable(c);
  if (first === null) return null;
  const list = [first];
  for (;;) {
    const at = c.pos;
    if (c.take(RX.separator) === null) return list;
    const next = variable(c);
    if (next === null) {
      c.pos = at;
      return null;
    }
    list.push(next);
  }
}

/** `|name args|name2`: null when there is no chain; 'invalid' when it starts but is broken. */
function formatters(c: Cursor): FormatterCall[] | null | 'invalid' {
  const text = c.text;
  if (text[c.pos] !== '|') return null;
  // A second pipe is not a chain (it sniffs out inline script such as {a||b}).
  if (text[c.pos + 1] === '|') return 'invalid';
  c.pos++;
  const list: FormatterCall[] = [];
  for (;;) {
    const name = c.take(RX.word);
    if (name === null) return 'invalid';
    const args = c.args(RX.formatterArgs, false);
    list.push({ name, args: args ?? [] });
    if (text[c.pos] !== '|') return list;
    c.pos++;
  }
}

/** `{a.b, c|fmt args}` or `{.var @x a|fmt}`: variables then an optional chain, nothing after. */
function variableRef(c: Cursor): { vars: string[][]; fmts: FormatterCall[] } | null {
  const vars = variables(c);
  if (vars === null) return null;
  const fmts = formatters(c);
  if (fmts === 'invalid' || !c.done) return null;
  return { vars, fmts: fmts ?? [] };
}

function predicateCall(c: Cursor): PredicateCall | null {
  const name = c.take(RX.predicate);
  if (name === null) return null;
  return { name, args: c.args(RX.instructionArgs, true) ?? [] };
}

/** `a && b || c`: references joined by operators (whitespace around them optional). */
function ifCondition(c: Cursor): IfCondition | null {
  const operands: string[][] = [];
  const operators: ('&&' | '||')[] = [];
  for (;;) {
    const v = variable(c);
    if (v === null) {
      if (operators.length > 0) return null;
      break;
    }
    operands.push(v);
    c.take(RX.whitespace);
    const op = c.take(RX.operator) as '&&' | '||' | null;
    if (op === null) break;
    operators.push(op);
    c.take(RX.whitespace);
  }
  if (operands.length === 0 || !c.done) return null;
  return { kind: 'logic', operands, operators };
}

/** The instruction keywords, tried by prefix in this order (as the reference matches them). */
const KEYWORDS: readonly string[] = [
  'alternates with', 'ctx', 'end', 'eof', 'eval', 'if', 'include', 'inject', 'macro', 'meta-left', 'meta-right',
  'newline', 'or', 'repeated section', 'section', 'space', 'tab', 'var',
];
const LITERALS: Record<string, string> = { 'meta-left': '{', 'meta-right': '}', space: ' ', tab: '\t', newline: '\n' };

type Token =
  | { k: 'node'; node: Node }
  | { k: 'open'; node: BlockNode }
  | { k: 'end'; pos: number }
  | { k: 'eof'; pos: number }
  | { k: 'or'; pred: PredicateCall | null; pos: number }
  | { k: 'alternates'; pos: number }
  | null;

/** Blocks nested deeper than this are not opened (the instruction stays text): keeps compile and render stacks shallow. */
export const MAX_BLOCK_NESTING = 256;

export interface ParseOptions {
  isPredicate?: (name: string) => boolean;
}

function reportUnknownPredicate(call: PredicateCall, pos: number, errors: TemplateError[], source: string, opts: ParseOptions): void {
  if (opts.isPredicate && !opts.isPredicate(call.name)) {
    errors.push(makeError('unknown-predicate', MESSAGES.unknownPredicate(call.name), source, pos));
  }
}

/** Reads the text between an instruction's braces; null when it is not an instruction (it then prints as written). */
function instruction(inner: string, pos: number, errors: TemplateError[], source: string, opts: ParseOptions): Token {
  const c = new Cursor(inner);
  const raw = `{${inner}}`;
  if (inner.charCodeAt(0) !== 46 /* . */) {
    const ref = variableRef(c);
    return ref ? { k: 'node', node: { t: 'var', vars: ref.vars, fmts: ref.fmts, pos, raw } } : null;
  }
  c.pos = 1;
  const call = predicateCall(c);
  if (call !== null) {
    reportUnknownPredicate(call, pos, errors, source, opts);
    return { k: 'open', node: { t: 'predicate', call, body: [], alt: null, pos } };
  }
  const keyword = KEYWORDS.find((k) => inner.startsWith(k, 1));
  if (keyword === undefined) return null;
  c.pos = 1 + keyword.length;
  switch (keyword) {
    case 'alternates with':
      return c.done ? { k: 'alternates', pos } : null;
    case 'end':
      return c.done ? { k: 'end', pos } : null;
    case 'eof':
      return c.done ? { k: 'eof', pos } : null;
    case 'meta-left':
    case 'meta-right':
    case 'space':
    case 'tab':
    case 'newline':
      return c.done ? { k: 'node', node: { t: 'text', text: LITERALS[keyword]! } } : null;
    case 'var': {
      if (!c.space()) return null;
      const name = c.take(RX.definition);
      if (name === null || !c.space()) return null;
      const ref = variableRef(c);
      return ref ? { k: 'node', node: { t: 'bindvar', name, vars: ref.vars, fmts: ref.fmts, pos, raw } } : null;
    }
    case 'ctx': {
      if (!c.space()) return null;
      const name = c.take(RX.definition);
      if (name === null || !c.space()) return null;
      // key=path pairs separated by whitespace; reading stops at the first word that is not a pair (that word is
      // skipped, as the reference skips it).
      const pairs: [string, string[]][] = [];
      for (;;) {
        const key = c.take(RX.word);
        if (key === null) break;
        if (c.peek() !== '=') break;
        const at = c.pos;
        c.pos++;
        const path = variable(c);
        if (path === null) {
          c.pos = at;
          break;
        }
        pairs.push([key, path]);
        c.take(RX.whitespace);
      }
      return pairs.length > 0 && c.done ? { k: 'node', node: { t: 'ctx', name, pairs, pos } } : null;
    }
    case 'eval':
      if (c.take(RX.whitespace) === null) return null;
      return { k: 'node', node: { t: 'eval', source: inner.slice(c.pos), pos } };
    case 'if': {
      if (c.take(RX.whitespace) === null) return null;
      const pred = predicateCall(c);
      if (pred !== null) {
        reportUnknownPredicate(pred, pos, errors, source, opts);
        return { k: 'open', node: { t: 'predicate', call: pred, body: [], alt: null, pos } };
      }
      const cond = ifCondition(c);
      return cond ? { k: 'open', node: { t: 'if', cond, body: [], alt: null, pos } } : null;
    }
    case 'include': {
      if (c.peek() !== ' ') return null;
      // Space-delimited: the first argument names the macro or partial.
      const args = c.args(RX.instructionArgs, true);
      if (args === null || args.length === 0) return null;
      return { k: 'node', node: { t: 'include', name: args[0]!, args: args.slice(1), pos } };
    }
    case 'inject': {
      if (!c.space()) return null;
      const name = c.take(RX.definition);
      if (name === null || !c.space()) return null;
      const path = c.take(RX.filePath);
      if (path === null) return null;
      const args = c.args(RX.instructionArgs, true) ?? [];
      return { k: 'node', node: { t: 'inject', name, path, args, pos } };
    }
    case 'macro': {
      if (!c.space()) return null;
      const name = c.take(RX.filePath);
      return name !== null && c.done ? { k: 'open', node: { t: 'macro', name, body: [], pos } } : null;
    }
    case 'or': {
      if (c.done) return { k: 'or', pred: null, pos };
      if (!c.space()) return null;
      const pred = predicateCall(c);
      if (pred === null) return null;
      reportUnknownPredicate(pred, pos, errors, source, opts);
      return { k: 'or', pred, pos };
    }
    case 'repeated section':
    case 'section': {
      if (c.take(RX.whitespace) === null) return null;
      const path = variable(c);
      if (path === null || !c.done) return null;
      const node: BlockNode = keyword === 'section'
        ? { t: 'section', path, body: [], alt: null, pos }
        : { t: 'repeated', path, body: [], alternates: null, alt: null, pos };
      return { k: 'open', node };
    }
    default:
      return null;
  }
}

const BLOCK_NAMES: Record<BlockNode['t'], string> = {
  section: 'SECTION',
  repeated: 'REPEATED',
  predicate: 'PREDICATE',
  if: 'IF',
  macro: 'MACRO',
};

interface OpenBlock {
  node: BlockNode;
  /** Where new nodes go: the body, the alternates-with list, or the latest .or branch. */
  target: Node[];
  lastAlt: Alternative | null;
  /** A plain .or was seen: further branches never run. */
  closedOr: boolean;
}

/** Parses template source into an instruction tree, collecting syntax errors. Never throws. */
export function parse(source: string, opts: ParseOptions = {}): ParseResult {
  const errors: TemplateError[] = [];
  const root: Node[] = [];
  const macros = new Map<string, Node[]>();
  const stack: OpenBlock[] = [];
  let target = root;
  let textStart = 0;
  let nestingReported = false;
  let i = 0;
  const n = source.length;

  const flush = (end: number) => {
    if (end > textStart) {
      const last = target[target.length - 1];
      const text = source.slice(textStart, end);
      if (last && last.t === 'text') last.text += text;
      else target.push({ t: 'text', text });
    }
  };
  const addNode = (node: Node) => {
    if (node.t === 'text') {
      const last = target[target.length - 1];
      if (last && last.t === 'text') {
        last.text += node.text;
        return;
      }
    }
    target.push(node);
  };

  // As the reference engine scans: from a '{', the instruction runs to the next '}' (across lines), starting
  // again at any '{' met on the way; '{##' opens a comment that runs to '##}' or the end of the input.
  let ended = false;
  while (i < n && !ended) {
    let open = source.indexOf('{', i);
    if (open < 0) break;
    if (source.charCodeAt(open + 1) === 35 /* # */ && source.charCodeAt(open + 2) === 35) {
      const close = source.indexOf('##}', open + 3);
      flush(open);
      i = textStart = close < 0 ? n : close + 3;
      continue;
    }
    const close = source.indexOf('}', open + 1);
    if (close < 0) break;
    open = source.lastIndexOf('{', close);
    const inner = source.slice(open + 1, close);
    if (inner.charCodeAt(0) === 35 /* # */) {
      flush(open);
      i = textStart = close + 1;
      continue;
    }
    const tok = instruction(inner, open, errors, source, opts);
    i = close + 1;
    if (tok === null) continue;
    flush(open);
    textStart = i;
    const top = stack[stack.length - 1];
    switch (tok.k) {
      case 'node':
        addNode(tok.node);
        break;
      case 'open':
        if (stack.length >= MAX_BLOCK_NESTING) {
          if (!nestingReported) errors.push(makeError('limit', `Blocks nested deeper than ${MAX_BLOCK_NESTING} levels are not allowed`, source, open));
          nestingReported = true;
          textStart = open;
          break;
        }
        if (tok.node.t === 'macro') macros.set(tok.node.name, tok.node.body);
        if (top && top.node.t === 'repeated' && top.target === top.node.alternates) {
          // As the reference engine assembles it: a block opened in the alternates-with part goes to the
          // repeated body, and so does everything after it.
          top.target = target = top.node.body;
        }
        target.push(tok.node);
        stack.push({ node: tok.node, target: tok.node.body, lastAlt: null, closedOr: false });
        target = tok.node.body;
        break;
      case 'eof':
        // An explicit end of input: at the root nothing after it is read; inside a block it is an error.
        if (!top) {
          if (i < n) errors.push(makeError('not-allowed', MESSAGES.afterEof, source, tok.pos));
          textStart = n;
          ended = true;
        } else errors.push(makeError('eof-in-block', MESSAGES.eofInBlock(BLOCK_NAMES[top.node.t]), source, tok.pos));
        break;
      case 'end':
        if (!top) {
          errors.push(makeError('not-allowed', MESSAGES.notAllowedAtRoot('END'), source, tok.pos));
          break;
        }
        stack.pop();
        target = stack.length ? stack[stack.length - 1]!.target : root;
        break;
      case 'alternates':
        if (!top) {
          errors.push(makeError('not-allowed', MESSAGES.notAllowedAtRoot('ALTERNATES_WITH'), source, tok.pos));
        } else if (top.node.t !== 'repeated' || top.node.alternates !== null || top.lastAlt !== null) {
          errors.push(makeError('not-allowed', MESSAGES.notAllowedInBlock('ALTERNATES_WITH', BLOCK_NAMES[top.node.t]), source, tok.pos));
        } else {
          top.node.alternates = [];
          top.target = target = top.node.alternates;
        }
        break;
      case 'or': {
        if (!top) {
          errors.push(makeError('not-allowed', MESSAGES.notAllowedAtRoot('OR_PREDICATE'), source, tok.pos));
          break;
        }
        if (top.node.t === 'macro') {
          errors.push(makeError('not-allowed', MESSAGES.notAllowedInBlock('OR_PREDICATE', 'MACRO'), source, tok.pos));
          break;
        }
        if (top.closedOr) {
          // After a plain .or nothing else can run: report it and keep what follows in the current branch.
          errors.push(makeError('dead-code', MESSAGES.deadCode('OR_PREDICATE'), source, tok.pos));
          break;
        }
        const alt: Alternative = { pred: tok.pred, pos: tok.pos, body: [], next: null };
        if (top.lastAlt) top.lastAlt.next = alt;
        else (top.node as { alt: Alternative | null }).alt = alt;
        top.lastAlt = alt;
        if (tok.pred === null) top.closedOr = true;
        top.target = target = alt.body;
        break;
      }
    }
  }
  flush(n);
  for (let s = stack.length - 1; s >= 0; s--) {
    const block = stack[s]!;
    const what = BLOCK_NAMES[block.node.t];
    if (s === stack.length - 1) errors.push(makeError('eof-in-block', MESSAGES.eofInBlock(what), source, block.node.pos));
    else errors.push(makeError('unclosed', MESSAGES.unclosed(what), source, block.node.pos));
  }
  return { body: root, macros, errors };
}
