// The .eval expression language: JavaScript-like operators and precedence over JSON values.
import type { RenderState } from './runtime';
import { compilePath, isTruthy, parsePath, toText, type Resolver } from './runtime';

export const EXPRESSION_ERRORS = {
  invalidFunction: 'Invalid function',
  unexpectedCharacter: 'Unexpected character',
  unterminatedString: 'Unterminated string',
  hexDigits: 'Expected digits after start of hex number',
  duplicateDecimal: 'Duplicate decimal point in number',
  tooManyTokens: 'Expression exceeds the maximum number of allowed tokens',
} as const;

export interface ExpressionLimits {
  /** Maximum tokens in one expression. */
  maxTokens: number;
  /** Maximum length of a string built by concatenation. */
  maxStringLength: number;
}

export const DEFAULT_EXPRESSION_LIMITS: ExpressionLimits = { maxTokens: 500, maxStringLength: 65_536 };

type Token =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 'lit'; v: boolean | null | number }
  | { t: 'var'; v: string }
  | { t: 'fn'; v: string }
  | { t: 'op'; v: string }
  | { t: '('; v: '(' }
  | { t: ')'; v: ')' }
  | { t: 'sep'; v: string };

export class ExpressionError extends Error {}

const FUNCTIONS = new Set(['max', 'min', 'abs', 'num', 'str', 'bool']);
const OPERATORS = ['===', '!==', '**', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '+', '-', '*', '/', '%', '<', '>', '&', '|', '^', '!', '~', '='];

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}
function isIdentStart(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z_$@]/.test(c);
}
function isIdentPart(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_$@.-]/.test(c);
}

export function tokenize(src: string, limits: ExpressionLimits): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (tok: Token) => {
    tokens.push(tok);
    if (tokens.length > limits.maxTokens) throw new ExpressionError(EXPRESSION_ERRORS.tooManyTokens);
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c === ';' || c === ',') {
      push({ t: 'sep', v: c });
      i++;
      continue;
    }
    if (c === '(' || c === ')') {
      push({ t: c, v: c } as Token);
      i++;
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(src[i + 1]))) {
      if (c === '0' && (src[i + 1] === 'x' || src[i + 1] === 'X')) {
        let j = i + 2;
        while (j < src.length && /[0-9a-fA-F]/.test(src[j]!)) j++;
        if (j === i + 2) throw new ExpressionError(EXPRESSION_ERRORS.hexDigits);
        push({ t: 'num', v: parseInt(src.slice(i + 2, j), 16) });
        i = j;
        continue;
      }
      let j = i;
      let dot = false;
      while (j < src.length) {
        const d = src[j]!;
        if (isDigit(d)) j++;
        else if (d === '.') {
          if (dot) throw new ExpressionError(EXPRESSION_ERRORS.duplicateDecimal);
          dot = true;
          j++;
        } else break;
      }
      if ((src[j] === 'e' || src[j] === 'E') && (isDigit(src[j + 1]) || ((src[j + 1] === '+' || src[j + 1] === '-') && isDigit(src[j + 2])))) {
        j += 2;
        while (isDigit(src[j])) j++;
      }
      push({ t: 'num', v: Number(src.slice(i, j)) });
      i = j;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let out = '';
      let closed = false;
      while (j < src.length) {
        const d = src[j]!;
        if (d === c) {
          closed = true;
          j++;
          break;
        }
        if (d === '\\') {
          const e = src[j + 1];
          if (e === undefined) break;
          j += 2;
          switch (e) {
            case 'n': out += '\n'; break;
            case 't': out += '\t'; break;
            case 'r': out += '\r'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'v': out += '\v'; break;
            case '0': out += '\0'; break;
            case 'u': {
              const hex = /^[0-9a-fA-F]{4}/.exec(src.slice(j));
              if (hex) {
                out += String.fromCharCode(parseInt(hex[0], 16));
                j += 4;
              } else out += 'u';
              break;
            }
            case 'x': {
              const hex = /^[0-9a-fA-F]{2}/.exec(src.slice(j));
              if (hex) {
                out += String.fromCharCode(parseInt(hex[0], 16));
                j += 2;
              } else out += 'x';
              break;
            }
            default:
              out += e;
          }
          continue;
        }
        out += d;
        j++;
      }
      if (!closed) throw new ExpressionError(EXPRESSION_ERRORS.unterminatedString);
      push({ t: 'str', v: out });
      i = j;
      continue;
    }
    if (isIdentStart(c)) {
      let j = i + 1;
      // A '-' belongs to the name only between name characters followed by a letter (kebab-case keys).
      while (isIdentPart(src[j]) && (src[j] !== '-' || /[A-Za-z]/.test(src[j + 1] ?? ''))) j++;
      const word = src.slice(i, j);
      i = j;
      let k = i;
      while (src[k] === ' ') k++;
      if (src[k] === '(') {
        if (!FUNCTIONS.has(word)) throw new ExpressionError(`${EXPRESSION_ERRORS.invalidFunction} ${word}`);
        push({ t: 'fn', v: word });
        continue;
      }
      if (word === 'true' || word === 'false') push({ t: 'lit', v: word === 'true' });
      else if (word === 'null') push({ t: 'lit', v: null });
      else if (word === 'NaN') push({ t: 'lit', v: NaN });
      else if (word === 'Infinity') push({ t: 'lit', v: Infinity });
      else push({ t: 'var', v: word });
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op) {
      push({ t: 'op', v: op });
      i += op.length;
      continue;
    }
    throw new ExpressionError(EXPRESSION_ERRORS.unexpectedCharacter);
  }
  return tokens;
}

type Expr =
  | { k: 'const'; v: unknown }
  | { k: 'var'; name: string; get: Resolver }
  | { k: 'unary'; op: string; a: Expr }
  | { k: 'binary'; op: string; a: Expr; b: Expr }
  | { k: 'assign'; name: string; value: Expr }
  | { k: 'call'; fn: string; args: Expr[] };

const BINARY_PRECEDENCE: Record<string, number> = {
  '=': 1,
  '||': 3,
  '&&': 4,
  '|': 5,
  '^': 6,
  '&': 7,
  '==': 8,
  '!=': 8,
  '===': 8,
  '!==': 8,
  '<': 9,
  '<=': 9,
  '>': 9,
  '>=': 9,
  '<<': 10,
  '>>': 10,
  '+': 11,
  '-': 11,
  '*': 12,
  '/': 12,
  '%': 12,
  '**': 13,
};
const RIGHT_ASSOC = new Set(['=', '**']);

class ExprParser {
  i = 0;
  constructor(private readonly tokens: Token[]) {}
  peek(): Token | undefined {
    return this.tokens[this.i];
  }
  parseAll(): Expr[] {
    const list: Expr[] = [];
    while (this.i < this.tokens.length) {
      const tok = this.peek()!;
      if (tok.t === 'sep') {
        this.i++;
        continue;
      }
      list.push(this.parseBinary(0));
    }
    return list;
  }
  parseBinary(minPrec: number): Expr {
    let left = this.parseUnary();
    for (;;) {
      const tok = this.peek();
      if (!tok || tok.t !== 'op') break;
      const prec = BINARY_PRECEDENCE[tok.v];
      if (prec === undefined || prec < minPrec) break;
      this.i++;
      const right = this.parseBinary(RIGHT_ASSOC.has(tok.v) ? prec : prec + 1);
      if (tok.v === '=') {
        if (left.k !== 'var' || !left.name.startsWith('@')) throw new ExpressionError('Invalid assignment target');
        left = { k: 'assign', name: left.name, value: right };
      } else left = { k: 'binary', op: tok.v, a: left, b: right };
    }
    return left;
  }
  parseUnary(): Expr {
    const tok = this.peek();
    if (!tok) throw new ExpressionError('Unexpected end of expression');
    if (tok.t === 'op' && (tok.v === '!' || tok.v === '~' || tok.v === '-' || tok.v === '+')) {
      this.i++;
      return { k: 'unary', op: tok.v, a: this.parseUnary() };
    }
    return this.parsePrimary();
  }
  parsePrimary(): Expr {
    const tok = this.tokens[this.i++];
    if (!tok) throw new ExpressionError('Unexpected end of expression');
    switch (tok.t) {
      case 'num':
      case 'str':
      case 'lit':
        return { k: 'const', v: tok.v };
      case 'var': {
        const path = parsePath(tok.v);
        if (!path) throw new ExpressionError(EXPRESSION_ERRORS.unexpectedCharacter);
        return { k: 'var', name: tok.v, get: compilePath(path) };
      }
      case 'fn': {
        if (this.peek()?.t !== '(') throw new ExpressionError(EXPRESSION_ERRORS.invalidFunction);
        this.i++;
        const args: Expr[] = [];
        while (this.peek() && this.peek()!.t !== ')') {
          if (this.peek()!.t === 'sep') {
            this.i++;
            continue;
          }
          args.push(this.parseBinary(0));
        }
        if (this.peek()?.t !== ')') throw new ExpressionError('Unbalanced parenthesis');
        this.i++;
        return { k: 'call', fn: tok.v, args };
      }
      case '(': {
        const inner = this.parseBinary(0);
        if (this.peek()?.t !== ')') throw new ExpressionError('Unbalanced parenthesis');
        this.i++;
        return inner;
      }
      default:
        throw new ExpressionError(`Unexpected token '${tok.v}'`);
    }
  }
}

export interface CompiledExpression {
  source: string;
  /** Evaluates every expression; returns the value to print, or undefined when nothing is printed. */
  evaluate(state: RenderState): unknown;
}

/** Parses an expression; throws ExpressionError with one of the catalogue messages. */
export function parseExpression(source: string, limits: ExpressionLimits = DEFAULT_EXPRESSION_LIMITS): CompiledExpression {
  const list = new ExprParser(tokenize(source, limits)).parseAll();
  return {
    source,
    evaluate(state) {
      let last: unknown = undefined;
      for (const expr of list) {
        if (expr.k === 'assign') {
          state.setVariable(expr.name, reduce(expr.value, state, limits));
          last = undefined;
        } else last = reduce(expr, state, limits);
      }
      return last;
    },
  };
}

/** Operators and functions take numbers, strings, booleans and null; an object or array is a reduce error. */
function scalarOperand(v: unknown, op: string): unknown {
  if (v !== null && typeof v === 'object') throw new ExpressionError(`Invalid arguments to operator ${op}`);
  return v;
}

/** JSON values become JS primitives for operators; objects and arrays stay as they are. */
function operand(v: unknown): unknown {
  return v === undefined ? null : v;
}

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') return Number(v.trim());
  if (v === null || v === undefined) return 0;
  return NaN;
}

function reduce(expr: Expr, state: RenderState, limits: ExpressionLimits): unknown {
  switch (expr.k) {
    case 'const':
      return expr.v;
    case 'var':
      return operand(expr.get(state));
    case 'assign': {
      const value = reduce(expr.value, state, limits);
      state.setVariable(expr.name, value);
      return value;
    }
    case 'unary': {
      const a = scalarOperand(reduce(expr.a, state, limits), expr.op);
      switch (expr.op) {
        case '!':
          return !isTruthy(a);
        case '~':
          // The reference engine's ~ on a variable always gives -1 (it does not read the value); we do the same.
          return expr.a.k === 'var' ? -1 : ~toNumber(a);
        case '-':
          return -toNumber(a);
        default:
          return toNumber(a);
      }
    }
    case 'call': {
      if (expr.fn === 'max' || expr.fn === 'min') {
        // max/min skip objects and arrays among their arguments.
        const numbers = expr.args
          .map((a) => reduce(a, state, limits))
          .filter((v) => v === null || typeof v !== 'object')
          .map(toNumber);
        if (numbers.length === 0) return null;
        // Values that are not numbers are skipped while any number remains.
        const valid = numbers.filter((n) => !Number.isNaN(n));
        if (valid.length === 0) return NaN;
        return expr.fn === 'max' ? Math.max(...valid) : Math.min(...valid);
      }
      const args = expr.args.map((a) => scalarOperand(reduce(a, state, limits), expr.fn));
      switch (expr.fn) {
        case 'abs':
          return Math.abs(toNumber(args[0]));
        case 'num':
          return toNumber(args[0]);
        case 'str':
          return stringOf(args[0]);
        default:
          return isTruthy(args[0]);
      }
    }
    case 'binary': {
      if (expr.op === '&&') {
        const a = scalarOperand(reduce(expr.a, state, limits), expr.op);
        return isTruthy(a) ? isTruthy(scalarOperand(reduce(expr.b, state, limits), expr.op)) : false;
      }
      if (expr.op === '||') {
        const a = scalarOperand(reduce(expr.a, state, limits), expr.op);
        return isTruthy(a) ? true : isTruthy(scalarOperand(reduce(expr.b, state, limits), expr.op));
      }
      const a = scalarOperand(reduce(expr.a, state, limits), expr.op) as any;
      const b = scalarOperand(reduce(expr.b, state, limits), expr.op) as any;
      switch (expr.op) {
        case '+': {
          if (typeof a === 'string' || typeof b === 'string') {
            const text = stringOf(a) + stringOf(b);
            if (text.length > limits.maxStringLength) throw new ExpressionError('Concatenation exceeds the maximum string length');
            return text;
          }
          return toNumber(a) + toNumber(b);
        }
        case '-': return toNumber(a) - toNumber(b);
        case '*': return toNumber(a) * toNumber(b);
        case '/': return toNumber(a) / toNumber(b);
        case '%': return toNumber(a) % toNumber(b);
        case '**': return toNumber(a) ** toNumber(b);
        case '<<': return toNumber(a) << toNumber(b);
        case '>>': return toNumber(a) >> toNumber(b);
        case '&': return toNumber(a) & toNumber(b);
        case '|': return toNumber(a) | toNumber(b);
        case '^': return toNumber(a) ^ toNumber(b);
        case '==': return looseEquals(a, b);
        case '!=': return !looseEquals(a, b);
        case '===': return strictEquals(a, b);
        case '!==': return !strictEquals(a, b);
        case '<': return compare(a, b, (x, y) => x < y);
        case '<=': return compare(a, b, (x, y) => x <= y);
        case '>': return compare(a, b, (x, y) => x > y);
        default: return compare(a, b, (x, y) => x >= y);
      }
    }
  }
}

/** String conversion inside expressions follows JavaScript: null is 'null', booleans 'true'/'false'. */
function stringOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') return v === 0 ? '0' : String(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function looseEquals(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  if (a === null || b === null || typeof a === 'object' || typeof b === 'object') return strictEquals(a, b);
  return toNumber(a) === toNumber(b);
}

function strictEquals(a: unknown, b: unknown): boolean {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

function compare(a: unknown, b: unknown, op: (x: any, y: any) => boolean): boolean {
  if (typeof a === 'string' && typeof b === 'string') return op(a, b);
  return op(toNumber(a), toNumber(b));
}
