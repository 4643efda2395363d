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
  | { t: 'bindvar'; name: string; vars: string[][]; fmts: FormatterCall[]; pos: number }
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

/** Splits arguments on a delimiter, keeping double-quoted runs together. */
export function splitArgs(text: string, delimiter: string): string[] {
  const args: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    if (c === delimiter && !quoted) {
      args.push(current);
      current = '';
    } else current += c;
  }
  args.push(current);
  return delimiter === ' ' ? args.filter((a) => a !== '') : args;
}

const NAME = /^[A-Za-z][A-Za-z0-9_-]*/;

/** Parses `name<delim>arg<delim>arg`. */
function parseCall(text: string): { name: string; args: string[] } | null {
  const m = NAME.exec(text);
  if (!m) return null;
  const name = m[0];
  const rest = text.slice(name.length);
  if (rest.trim() === '') return { name, args: [] };
  return { name, args: splitArgs(rest.slice(1), rest[0]!) };
}

/** Parses `a.b, c|fmt args|fmt2` (the body of a variable or .var instruction). */
export function parseVariableRef(text: string): { vars: string[][]; fmts: FormatterCall[] } | null {
  const bar = text.indexOf('|');
  const varText = bar < 0 ? text : text.slice(0, bar);
  if (varText === '' || varText.trim() !== varText) return null;
  const vars: string[][] = [];
  for (const piece of varText.split(',')) {
    const path = parsePath(piece.trim());
    if (!path) return null;
    vars.push(path);
  }
  const fmts: FormatterCall[] = [];
  if (bar >= 0) {
    for (const segment of text.slice(bar + 1).split('|')) {
      const call = parseCall(segment);
      if (!call) return null;
      fmts.push(call);
    }
  }
  return { vars, fmts };
}

function parsePredicateCall(text: string): PredicateCall | null {
  const m = /^([A-Za-z][A-Za-z0-9_-]*\?)(.*)$/s.exec(text);
  if (!m) return null;
  const rest = m[2]!;
  if (rest.trim() === '') return { name: m[1]!, args: [] };
  return { name: m[1]!, args: splitArgs(rest.slice(1), rest[0]!) };
}

function parseIf(text: string): IfCondition | null {
  const words = text.trim().split(/\s+/);
  if (words.length === 0 || words[0] === '') return null;
  if (words[0]!.endsWith('?')) {
    const call = parsePredicateCall(text.trim());
    return call ? { kind: 'predicate', call } : null;
  }
  const operands: string[][] = [];
  const operators: ('&&' | '||')[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (i % 2 === 1) {
      if (word !== '&&' && word !== '||') return null;
      operators.push(word);
    } else {
      const path = parsePath(word);
      if (!path) return null;
      operands.push(path);
    }
  }
  if (operands.length !== operators.length + 1) return null;
  return { kind: 'logic', operands, operators };
}

type Token =
  | { k: 'node'; node: Node }
  | { k: 'open'; node: BlockNode }
  | { k: 'end'; pos: number }
  | { k: 'or'; pred: PredicateCall | null; pos: number }
  | { k: 'alternates'; pos: number }
  | null;

/** Blocks nested deeper than this are not opened (the instruction stays text): keeps compile and render stacks shallow. */
export const MAX_BLOCK_NESTING = 256;

export interface ParseOptions {
  isPredicate?: (name: string) => boolean;
}

function instruction(inner: string, pos: number, errors: TemplateError[], source: string, opts: ParseOptions): Token {
  if (inner.charCodeAt(0) !== 46 /* . */) {
    const ref = parseVariableRef(inner);
    return ref ? { k: 'node', node: { t: 'var', vars: ref.vars, fmts: ref.fmts, pos, raw: `{${inner}}` } } : null;
  }
  const m = /^\.([A-Za-z][A-Za-z0-9_-]*\??)(?:(\s)(.*))?$/s.exec(inner);
  // A predicate may be followed directly by its delimiter, e.g. {.equal?:a:b}
  const pm = m ? null : /^\.([A-Za-z][A-Za-z0-9_-]*\?)(.+)$/s.exec(inner);
  if (!m && !pm) return null;
  const word = (m ?? pm)![1]!;
  const rest = m ? (m[3] ?? '') : '';
  const hasRest = m ? m[2] !== undefined : true;
  if (word.endsWith('?')) {
    const call = parsePredicateCall(inner.slice(1));
    if (!call) return null;
    if (opts.isPredicate && !opts.isPredicate(call.name)) {
      errors.push(makeError('unknown-predicate', MESSAGES.unknownPredicate(call.name), source, pos));
    }
    return { k: 'open', node: { t: 'predicate', call, body: [], alt: null, pos } };
  }
  if (!m) return null;
  switch (word) {
    case 'end':
      return hasRest ? null : { k: 'end', pos };
    case 'or': {
      if (!hasRest || rest.trim() === '') return hasRest && rest !== '' ? null : { k: 'or', pred: null, pos };
      const call = parsePredicateCall(rest.trim());
      if (!call) return null;
      if (opts.isPredicate && !opts.isPredicate(call.name)) {
        errors.push(makeError('unknown-predicate', MESSAGES.unknownPredicate(call.name), source, pos));
      }
      return { k: 'or', pred: call, pos };
    }
    case 'alternates':
      return rest === 'with' ? { k: 'alternates', pos } : null;
    case 'section': {
      const path = parsePath(rest.trim());
      return path ? { k: 'open', node: { t: 'section', path, body: [], alt: null, pos } } : null;
    }
    case 'repeated': {
      const rm = /^section\s+(\S+)\s*$/.exec(rest);
      const path = rm ? parsePath(rm[1]!) : null;
      return path ? { k: 'open', node: { t: 'repeated', path, body: [], alternates: null, alt: null, pos } } : null;
    }
    case 'if': {
      const cond = parseIf(rest);
      return cond ? { k: 'open', node: { t: 'if', cond, body: [], alt: null, pos } } : null;
    }
    case 'var': {
      const vm = /^(@[A-Za-z0-9_$-]+)\s+(.+)$/s.exec(rest);
      const ref = vm ? parseVariableRef(vm[2]!.trim()) : null;
      return ref ? { k: 'node', node: { t: 'bindvar', name: vm![1]!, vars: ref.vars, fmts: ref.fmts, pos } } : null;
    }
    case 'ctx': {
      const words = rest.trim().split(/\s+/);
      const name = words.shift();
      if (!name || !/^@[A-Za-z0-9_$-]+$/.test(name)) return null;
      const pairs: [string, string[]][] = [];
      for (const w of words) {
        const eq = w.indexOf('=');
        if (eq <= 0) return null;
        const path = parsePath(w.slice(eq + 1));
        if (!path) return null;
        pairs.push([w.slice(0, eq), path]);
      }
      return { k: 'node', node: { t: 'ctx', name, pairs, pos } };
    }
    case 'eval':
      return { k: 'node', node: { t: 'eval', source: rest, pos } };
    case 'include': {
      const words = rest.trim().split(/\s+/).filter(Boolean);
      if (words.length === 0) return null;
      return { k: 'node', node: { t: 'include', name: words[0]!, args: words.slice(1), pos } };
    }
    case 'inject': {
      const words = rest.trim().split(/\s+/).filter(Boolean);
      if (words.length < 2 || !/^@[A-Za-z0-9_$-]+$/.test(words[0]!)) return null;
      return { k: 'node', node: { t: 'inject', name: words[0]!, path: words[1]!, args: words.slice(2), pos } };
    }
    case 'macro': {
      const name = rest.trim();
      if (!name || /\s/.test(name)) return null;
      return { k: 'open', node: { t: 'macro', name, body: [], pos } };
    }
    case 'meta-left':
      return hasRest ? null : { k: 'node', node: { t: 'text', text: '{' } };
    case 'meta-right':
      return hasRest ? null : { k: 'node', node: { t: 'text', text: '}' } };
    case 'space':
      return hasRest ? null : { k: 'node', node: { t: 'text', text: ' ' } };
    case 'tab':
      return hasRest ? null : { k: 'node', node: { t: 'text', text: '\t' } };
    case 'newline':
      return hasRest ? null : { k: 'node', node: { t: 'text', text: '\n' } };
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

  while (i < n) {
    const open = source.indexOf('{', i);
    if (open < 0) break;
    if (source.charCodeAt(open + 1) === 35 /* # */) {
      const multi = source.charCodeAt(open + 2) === 35;
      const close = multi ? source.indexOf('##}', open + 3) : source.indexOf('}', open + 2);
      if (close < 0) {
        i = open + 1;
        continue;
      }
      flush(open);
      i = textStart = close + (multi ? 3 : 1);
      continue;
    }
    let k = open + 1;
    while (k < n) {
      const c = source.charCodeAt(k);
      if (c === 125 /* } */ || c === 123 /* { */ || c === 10) break;
      k++;
    }
    if (k >= n) break;
    if (source.charCodeAt(k) !== 125) {
      i = k;
      continue;
    }
    const tok = instruction(source.slice(open + 1, k), open, errors, source, opts);
    if (tok === null) {
      i = k + 1;
      continue;
    }
    flush(open);
    i = textStart = k + 1;
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
