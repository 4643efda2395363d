// The .eval expression language, with the reference engine's semantics: the text becomes tokens, each
// ';'-separated expression is put in reverse Polish order (operator precedence and associativity as in
// JavaScript), and a render reduces it with a stack. Operands are numbers, strings, booleans and null; a variable
// is read when an operator or function needs it, and an object or array there makes the operation fail.
import { MESSAGES } from './errors';
import type { RenderState } from './runtime';
import { compilePath, type Resolver } from './runtime';

/** The messages the spec names (each appears in the error an expression reports). */
export const EXPRESSION_ERRORS = {
  invalidFunction: 'Invalid function',
  unexpectedCharacter: 'Unexpected character',
  unterminatedString: 'Unterminated string',
  hexDigits: 'Expected digits after start of hex number',
  duplicateDecimal: 'Duplicate decimal point in number',
  tooManyTokens: 'Expression exceeds the maximum number of allowed tokens',
} as const;

export interface ExpressionLimits {
  /** Maximum tokens in one .eval instruction. */
  maxTokens: number;
  /** Maximum length of a string built by concatenation. */
  maxStringLength: number;
}

export const DEFAULT_EXPRESSION_LIMITS: ExpressionLimits = { maxTokens: 500, maxStringLength: 65_536 };

interface Operator {
  readonly name: string;
  readonly precedence: number;
  readonly rightAssociative: boolean;
  /** Unary operators work on the top of the stack; binary ones take two operands. */
  readonly unary: boolean;
}

const op = (name: string, precedence: number, rightAssociative = false, unary = false): Operator => ({ name, precedence, rightAssociative, unary });

// Precedence as in JavaScript; the names are what the debug form ({.eval # …}) prints.
const OPS = {
  plus: op('unary plus', 17, true, true),
  minus: op('unary minus', 17, true, true),
  not: op('logical not', 17, true, true),
  bitNot: op('bitwise not', 17, true, true),
  pow: op('exponent', 16, true),
  mul: op('multiply', 15),
  div: op('divide', 15),
  mod: op('modulus', 15),
  add: op('add', 14),
  sub: op('subtract', 14),
  shl: op('left shift', 13),
  shr: op('right shift', 13),
  lt: op('less than', 12),
  gt: op('greater than', 12),
  lte: op('less than or equal', 12),
  gte: op('greater than or equal', 12),
  eq: op('equality', 11),
  neq: op('inequality', 11),
  seq: op('strict equality', 11),
  sneq: op('strict inequality', 11),
  bitAnd: op('bitwise and', 10),
  bitXor: op('bitwise xor', 9),
  bitOr: op('bitwise or', 8),
  and: op('logical and', 7),
  or: op('logical or', 6),
  assign: op('assign', 3, true),
  semicolon: op('semicolon', 1),
  comma: op('comma', 1, true),
  open: op('left paren', 1),
  close: op('right paren', 1),
} as const;

/** A value an operator can work on. */
type Scalar = number | string | boolean | null;

type Token =
  | { k: 'value'; v: Scalar }
  | { k: 'var'; path: string[]; get: Resolver }
  | { k: 'op'; op: Operator }
  | { k: 'call'; name: string }
  | { k: 'args' };

const ARGS: Token = { k: 'args' };

const CONSTANTS: ReadonlyMap<string, Scalar> = new Map<string, Scalar>([
  ['null', null], ['true', true], ['false', false], ['PI', Math.PI], ['E', Math.E], ['Infinity', Infinity], ['NaN', NaN],
]);

/** A string as a number: a whole decimal or hex number (one optional sign) or NaN; '' is 0. */
function stringToNumber(s: string): number {
  if (s === '') return 0;
  let i = s[0] === '-' || s[0] === '+' ? 1 : 0;
  if (i === s.length) return NaN;
  const c = s[i]!;
  if (c === '0' && (s[i + 1] === 'x' || s[i + 1] === 'X')) return hexEnd(s, i + 2, s.length) === s.length ? parseInt(s, 16) : NaN;
  if (c < '0' || c > '9') return NaN;
  i = decimalEnd(s, i, s.length);
  return i === s.length ? parseFloat(s) : NaN;
}

function toNumber(v: Scalar): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return stringToNumber(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return 0;
}

function toBoolean(v: Scalar): boolean {
  return typeof v === 'boolean' ? v : typeof v === 'number' || typeof v === 'string' ? Boolean(v) : false;
}

function toText(v: Scalar): string {
  return v === null ? 'null' : typeof v === 'string' ? v : String(v);
}

type Fn = (args: Scalar[]) => Scalar | undefined;

/** The first argument that passes `better` against each following one (NaN never wins a comparison). */
function pick(args: Scalar[], better: (a: number, b: number) => boolean): number | undefined {
  if (args.length === 0) return undefined;
  let best = toNumber(args[0]!);
  for (let i = 1; i < args.length; i++) {
    const n = toNumber(args[i]!);
    if (!better(best, n)) best = n;
  }
  return best;
}

const FUNCTIONS: ReadonlyMap<string, Fn> = new Map<string, Fn>([
  ['max', (args) => pick(args, (a, b) => a > b)],
  ['min', (args) => pick(args, (a, b) => a < b)],
  ['abs', (args) => (args.length ? Math.abs(toNumber(args[0]!)) : undefined)],
  ['num', (args) => (args.length ? toNumber(args[0]!) : undefined)],
  ['str', (args) => (args.length ? toText(args[0]!) : undefined)],
  ['bool', (args) => (args.length ? toBoolean(args[0]!) : undefined)],
]);

/** End of a run of hex digits from i. */
function hexEnd(s: string, i: number, end: number): number {
  while (i < end && /[0-9a-fA-F]/.test(s[i]!)) i++;
  return i;
}

/**
 * End of a decimal number starting at a digit: digits, one '.', one exponent with an optional sign. Negative
 * values are errors: -2 a missing exponent digit, -3 a second '.', -4 a '.' in the exponent.
 */
function decimalEnd(s: string, i: number, end: number): number {
  let dot = false;
  let exponent = false;
  let wantDigit = false;
  let signed = false;
  for (; i < end; i++) {
    const c = s[i]!;
    if (c === '.') {
      if (dot) return -3;
      if (exponent) return -4;
      dot = true;
    } else if (c === 'e' || c === 'E') {
      if (exponent) break;
      exponent = wantDigit = true;
    } else if (c === '-' || c === '+') {
      if (!wantDigit || signed) break;
      signed = true;
    } else if (c >= '0' && c <= '9') wantDigit = false;
    else break;
  }
  return wantDigit ? -2 : i;
}

const WORD = '[a-zA-Z][a-zA-Z0-9_-]*';
const SEGMENT = `\\d+|(?:@|\\$)?${WORD}|@`;
const VARIABLE = new RegExp(`(?:${SEGMENT})(?:\\.(?:${SEGMENT}))*`, 'y');

class ExpressionSyntaxError extends Error {}

const NAMED_CHARACTERS: Record<string, string> = { '\b': 'backspace', '\f': 'form feed', '\n': 'line feed', '\r': 'carriage return', '\t': 'tab' };
const characterName = (c: string) => NAMED_CHARACTERS[c] ?? (c <= '\u001f' ? 'control character' : 'character');

/** Reads the text into tokens; throws ExpressionSyntaxError at the first problem. */
function tokenize(src: string, limits: ExpressionLimits): Token[] {
  const tokens: Token[] = [];
  const push = (t: Token) => {
    if (t.k === 'op') {
      const top = tokens[tokens.length - 1];
      // + and - are unary at the start and after any operator but ')'.
      if ((t.op === OPS.add || t.op === OPS.sub) && (top === undefined || (top.k === 'op' && top.op !== OPS.close))) {
        t = { k: 'op', op: t.op === OPS.sub ? OPS.minus : OPS.plus };
      } else if (t.op === OPS.open && top !== undefined && top.k === 'var' && top.path.length === 1) {
        // A bare name right before '(' calls a built-in function.
        const name = top.path[0]!;
        if (!FUNCTIONS.has(name)) throw new ExpressionSyntaxError(`${EXPRESSION_ERRORS.invalidFunction} ${name}`);
        tokens[tokens.length - 1] = { k: 'call', name };
      }
    }
    tokens.push(t);
    if (tokens.length > limits.maxTokens) throw new ExpressionSyntaxError(`${EXPRESSION_ERRORS.tooManyTokens} (${limits.maxTokens})`);
  };
  const operator = (o: Operator) => push({ k: 'op', op: o });
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i]!;
    const next = src[i + 1];
    if (c >= '0' && c <= '9') {
      if (c === '0' && (next === 'x' || next === 'X')) {
        const end = hexEnd(src, i + 2, n);
        if (end === i + 2) throw new ExpressionSyntaxError(EXPRESSION_ERRORS.hexDigits);
        push({ k: 'value', v: parseInt(src.slice(i + 2, end), 16) });
        i = end;
      } else {
        const end = decimalEnd(src, i, n);
        if (end === -2) throw new ExpressionSyntaxError('Expected a digit after the exponent of a number');
        if (end === -3) throw new ExpressionSyntaxError(EXPRESSION_ERRORS.duplicateDecimal);
        if (end === -4) throw new ExpressionSyntaxError('Unexpected decimal point in exponent');
        push({ k: 'value', v: parseFloat(src.slice(i, end)) });
        i = end;
      }
      continue;
    }
    if (c === '"' || c === "'") {
      const [text, end] = readString(src, i + 1, c);
      push({ k: 'value', v: text });
      i = end;
      continue;
    }
    switch (c) {
      case '*':
        if (next === '*') i++;
        operator(next === '*' ? OPS.pow : OPS.mul);
        break;
      case '/': operator(OPS.div); break;
      case '%': operator(OPS.mod); break;
      case '+': operator(OPS.add); break;
      case '-': operator(OPS.sub); break;
      case '=':
      case '!': {
        if (next === '=') {
          const strict = src[i + 2] === '=';
          i += strict ? 2 : 1;
          operator(c === '=' ? (strict ? OPS.seq : OPS.eq) : strict ? OPS.sneq : OPS.neq);
        } else operator(c === '=' ? OPS.assign : OPS.not);
        break;
      }
      case '<':
        if (next === '<' || next === '=') i++;
        operator(next === '<' ? OPS.shl : next === '=' ? OPS.lte : OPS.lt);
        break;
      case '>':
        if (next === '>' || next === '=') i++;
        operator(next === '>' ? OPS.shr : next === '=' ? OPS.gte : OPS.gt);
        break;
      case '~': operator(OPS.bitNot); break;
      case '&':
        if (next === '&') i++;
        operator(next === '&' ? OPS.and : OPS.bitAnd);
        break;
      case '|':
        if (next === '|') i++;
        operator(next === '|' ? OPS.or : OPS.bitOr);
        break;
      case '^': operator(OPS.bitXor); break;
      case ',': operator(OPS.comma); break;
      case ';': operator(OPS.semicolon); break;
      case '(': operator(OPS.open); break;
      case ')': operator(OPS.close); break;
      case ' ':
      case '\n':
      case '\t':
      case '\r':
      case '\u00a0':
        break;
      default: {
        VARIABLE.lastIndex = i;
        const m = VARIABLE.exec(src);
        if (m === null) throw new ExpressionSyntaxError(`Unexpected ${characterName(c)} ${JSON.stringify(c)} at ${i}`);
        const raw = m[0];
        i = VARIABLE.lastIndex;
        if (CONSTANTS.has(raw)) push({ k: 'value', v: CONSTANTS.get(raw)! });
        else {
          const path = raw === '@' ? ['@'] : raw.split('.');
          push({ k: 'var', path, get: compilePath(path) });
        }
        continue;
      }
    }
    i++;
  }
  return tokens;
}

/** Reads a quoted string from just after its opening quote; returns the text and the index after the closing quote. */
function readString(src: string, i: number, quote: string): [string, number] {
  let out = '';
  const n = src.length;
  while (i < n) {
    const c = src[i]!;
    if (c === '\\' && i + 1 < n) {
      const e = src[i + 1]!;
      if (e === 'x') {
        const start = i + 2;
        const limit = start + 2;
        if (limit >= n || hexEnd(src, start, limit) !== limit) throw new ExpressionSyntaxError('Invalid hex escape: \\x takes two hex digits');
        out += printable(parseInt(src.slice(start, limit), 16));
        i = limit;
        continue;
      }
      if (e === 'u' || e === 'U') {
        const start = i + 2;
        const limit = start + (e === 'u' ? 4 : 8);
        if (hexEnd(src, start, Math.min(limit, n)) !== limit) {
          throw new ExpressionSyntaxError('Invalid unicode escape: \\u takes four hex digits, \\U eight');
        }
        out += printable(parseInt(src.slice(start, limit), 16));
        i = limit;
        continue;
      }
      out += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'f' ? '\f' : e === 'r' ? '\r' : e;
      i += 2;
      continue;
    }
    if (c === quote) return [out, i + 1];
    if (c === '\n' || c === '\r') throw new ExpressionSyntaxError(`Illegal bare ${characterName(c)} character in a string`);
    out += c;
    i++;
  }
  throw new ExpressionSyntaxError(EXPRESSION_ERRORS.unterminatedString);
}

/** A character code from an escape: control characters and codes beyond Unicode become a space. */
function printable(code: number): string {
  if (code <= 0x08 || (code >= 0x0e && code < 0x20) || code > 0x10ffff) return ' ';
  return String.fromCodePoint(code);
}

const isOp = (t: Token | undefined, o: Operator): boolean => t !== undefined && t.k === 'op' && t.op === o;

/** Orders each ';'-separated expression in reverse Polish notation (the shunting-yard algorithm). */
function toPostfix(tokens: Token[], done: Token[][]): void {
  let out: Token[] = [];
  const ops: Token[] = [];
  const flush = () => {
    while (ops.length > 0) {
      const t = ops.pop()!;
      if (isOp(t, OPS.open) || isOp(t, OPS.close)) throw new ExpressionSyntaxError('Mismatched parenthesis: a left paren is never closed');
      out.push(t);
    }
    if (out.length > 0) done.push(out);
  };
  const popToParen = () => {
    while (ops.length > 0 && !isOp(ops[ops.length - 1], OPS.open)) out.push(ops.pop()!);
  };
  for (const t of tokens) {
    if (t.k === 'call') {
      // The marker ends the argument list when the call is reduced.
      out.push(ARGS);
      ops.push(t);
      continue;
    }
    if (t.k !== 'op') {
      out.push(t);
      continue;
    }
    const o = t.op;
    if (o === OPS.semicolon) {
      flush();
      out = [];
    } else if (o === OPS.open) ops.push(t);
    else if (o === OPS.comma) popToParen();
    else if (o === OPS.close) {
      popToParen();
      if (ops.length === 0) throw new ExpressionSyntaxError('Mismatched parenthesis: a right paren closes nothing');
      ops.pop();
      if (ops.length > 0 && ops[ops.length - 1]!.k === 'call') out.push(ops.pop()!);
    } else {
      for (;;) {
        const top = ops[ops.length - 1];
        if (top === undefined) break;
        if (top.k === 'op') {
          if (top.op === OPS.open) break;
          if (!(top.op.precedence > o.precedence || (top.op.precedence === o.precedence && !top.op.rightAssociative))) break;
        }
        out.push(ops.pop()!);
      }
      ops.push(t);
    }
  }
  flush();
}

function debugToken(t: Token | undefined): string {
  if (t === undefined) return 'undefined';
  switch (t.k) {
    case 'value':
      return typeof t.v === 'string' ? JSON.stringify(t.v) : t.v === null ? 'null' : String(t.v);
    case 'var':
      return t.path.join('.');
    case 'op':
      return `<${t.op.name}>`;
    case 'call':
      return `${t.name}()`;
    case 'args':
      return '<args>';
  }
}

/** One reduction's view of variables: '@names' assigned so far in this .eval come first. */
interface Scope {
  state: RenderState;
  assigned: Map<string, Scalar> | null;
}

/** A token as an operand: variables are read now; objects, arrays and markers are not operands. */
function operandOf(scope: Scope, t: Token | undefined): Scalar | undefined {
  if (t === undefined) return undefined;
  if (t.k === 'value') return t.v;
  if (t.k !== 'var') return undefined;
  const head = t.path[0]!;
  let v: unknown;
  // A name this .eval assigned hides outer ones; its value is a scalar, so a path into it finds nothing.
  if (scope.assigned !== null && scope.assigned.has(head)) v = t.path.length === 1 ? scope.assigned.get(head) : undefined;
  else v = t.get(scope.state);
  if (v === undefined || v === null) return null;
  return typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : undefined;
}

function binary(o: Operator, a: Scalar, b: Scalar): Scalar {
  switch (o) {
    case OPS.mul: return toNumber(a) * toNumber(b);
    case OPS.div: return toNumber(a) / toNumber(b);
    case OPS.mod: return toNumber(a) % toNumber(b);
    case OPS.pow: return toNumber(a) ** toNumber(b);
    case OPS.sub: return toNumber(a) - toNumber(b);
    case OPS.add:
      // Strings concatenate (the caller checks the length limit first).
      return typeof a !== 'string' && typeof b !== 'string' ? toNumber(a) + toNumber(b) : toText(a) + toText(b);
    case OPS.shl: return toNumber(a) << toNumber(b);
    case OPS.shr: return toNumber(a) >> toNumber(b);
    // Comparisons and equality take the values as JavaScript compares them.
    case OPS.lt: return (a as number) < (b as number);
    case OPS.lte: return (a as number) <= (b as number);
    case OPS.gt: return (a as number) > (b as number);
    case OPS.gte: return (a as number) >= (b as number);
    case OPS.eq: return a == b;
    case OPS.neq: return a != b;
    case OPS.seq: return a === b;
    case OPS.sneq: return a !== b;
    case OPS.bitAnd: return toNumber(a) & toNumber(b);
    case OPS.bitXor: return toNumber(a) ^ toNumber(b);
    case OPS.bitOr: return toNumber(a) | toNumber(b);
    case OPS.and: return toBoolean(a) && toBoolean(b);
    default: return toBoolean(a) || toBoolean(b);
  }
}

/** Reduces one postfix expression. Returns the value, or undefined when it produces none. */
function reduceOne(expr: Token[], scope: Scope, limits: ExpressionLimits, fail: (detail: string) => void): Scalar | undefined {
  // undefined entries stand for an operand that could not be made (as in the reference engine's stack).
  const stack: (Token | undefined)[] = [];
  const setTop = (t: Token | undefined) => {
    if (stack.length > 0) stack[stack.length - 1] = t;
  };
  for (const t of expr) {
    if (t.k !== 'op' && t.k !== 'call') {
      stack.push(t);
      continue;
    }
    if (t.k === 'call') {
      const args: Scalar[] = [];
      while (stack.length > 0 && stack[stack.length - 1] !== undefined && stack[stack.length - 1]!.k !== 'args') {
        const arg = operandOf(scope, stack.pop());
        if (arg !== undefined) args.push(arg);
      }
      stack.pop();
      args.reverse();
      const result = FUNCTIONS.get(t.name)!(args);
      if (result === undefined) {
        fail(`Error calling function ${t.name}`);
        break;
      }
      stack.push({ k: 'value', v: result });
      continue;
    }
    const o = t.op;
    if (o.unary) {
      const top = stack[stack.length - 1];
      const arg = operandOf(scope, top);
      if (arg === undefined) setTop(undefined);
      else if (o === OPS.minus) setTop({ k: 'value', v: -1 * toNumber(arg) });
      else if (o === OPS.plus) setTop({ k: 'value', v: toNumber(arg) });
      else if (o === OPS.not) setTop({ k: 'value', v: !toBoolean(arg) });
      // As in the reference engine, ~ reads the token itself: on a variable it gives ~NaN, that is -1.
      else setTop({ k: 'value', v: ~(top!.k === 'value' ? toNumber(top!.v) : NaN) });
      continue;
    }
    if (o === OPS.assign) {
      const value = operandOf(scope, stack.pop());
      const target = stack.pop();
      if (target !== undefined && target.k === 'var' && value !== undefined && target.path.length === 1) {
        const name = target.path[0]!;
        if (name.charCodeAt(0) === 64 /* @ */ && name !== '@') (scope.assigned ??= new Map()).set(name, value);
      }
      // An assignment ends its expression and leaves no value.
      setTop(undefined);
      break;
    }
    const b = operandOf(scope, stack.pop());
    const a = operandOf(scope, stack.pop());
    if (a === undefined || b === undefined) {
      fail(`Invalid arguments to operator ${o.name}`);
      break;
    }
    if (o === OPS.add && (typeof a === 'string' || typeof b === 'string') && toText(a).length + toText(b).length > limits.maxStringLength) {
      fail(`Concatenation would exceed the maximum string length of ${limits.maxStringLength}`);
      break;
    }
    stack.push({ k: 'value', v: binary(o, a, b) });
  }
  const top = stack[stack.length - 1];
  if (top === undefined) return undefined;
  const value = operandOf(scope, top);
  if (value === undefined) {
    fail('Reduce error: unexpected token on stack');
    return undefined;
  }
  return value;
}

export interface CompiledExpression {
  source: string;
  /** The parse error, when the text is not a valid expression (it is then never reduced). */
  parseError: string | null;
  /**
   * Reduces every expression for this render: keeps its '@' assignments and returns the text to print (the last
   * value, the debug form with '#'), or '' . A reduce error is reported and the whole instruction then prints
   * nothing and assigns nothing.
   */
  run(state: RenderState, pos: number): string;
}

/** Compiles the text of an .eval instruction (a leading '#' asks for the debug form). Never throws. */
export function compileExpression(text: string, limits: ExpressionLimits = DEFAULT_EXPRESSION_LIMITS): CompiledExpression {
  const debug = text.charCodeAt(0) === 35 /* # */;
  const source = debug ? text.slice(1) : text;
  const exprs: Token[][] = [];
  let parseError: string | null = null;
  try {
    toPostfix(tokenize(source, limits), exprs);
  } catch (err) {
    if (!(err instanceof ExpressionSyntaxError)) throw err;
    parseError = err.message;
  }
  const debugText = debug ? `EVAL=[${exprs.map((e) => `[${e.map(debugToken).join(' ')}]`).join(', ')}]` : '';
  return {
    source,
    parseError,
    run(state, pos) {
      if (parseError !== null) return debugText;
      const scope: Scope = { state, assigned: null };
      let failed = false;
      const fail = (detail: string) => {
        failed = true;
        state.error('expression-reduce', MESSAGES.expressionReduce(source, detail), pos);
      };
      let last: Scalar | undefined;
      for (const expr of exprs) last = reduceOne(expr, scope, limits, fail);
      if (failed) return debugText;
      if (scope.assigned !== null) for (const [name, value] of scope.assigned) state.setVariable(name, value);
      if (last === undefined) return debugText;
      const printed = last === null ? '' : String(last);
      return debug ? `${debugText} -> ${printed}` : printed;
    },
  };
}
