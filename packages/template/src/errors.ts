// The engine's error catalogue: every problem is reported as a TemplateError (kind, message, line, column).

export type TemplateErrorKind =
  | 'unknown-formatter'
  | 'unknown-predicate'
  | 'dead-code'
  | 'eof-in-block'
  | 'not-allowed'
  | 'unclosed'
  | 'partial-missing'
  | 'partial-parse'
  | 'partial-recursion'
  | 'expression-parse'
  | 'expression-reduce'
  | 'formatter'
  | 'not-implemented'
  | 'limit';

export interface TemplateError {
  kind: TemplateErrorKind;
  message: string;
  line: number;
  column: number;
}

/** Thrown by render() in strict mode, carrying every error collected so far. */
export class TemplateRenderError extends Error {
  readonly errors: TemplateError[];
  constructor(errors: TemplateError[]) {
    super(errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
    this.name = 'TemplateRenderError';
    this.errors = errors;
  }
}

export const MESSAGES = {
  unknownFormatter: (name: string) => `Formatter '${name}' is unknown`,
  unknownPredicate: (name: string) => `Predicate '${name}' is unknown`,
  deadCode: (what: string) => `This ${what} block will never execute`,
  eofInBlock: (what: string) => `Reached the end of input inside ${what} block`,
  notAllowedAtRoot: (what: string) => `Instruction ${what} not allowed at root`,
  notAllowedInBlock: (what: string, block: string) => `Instruction ${what} is not allowed inside ${block} block`,
  afterEof: 'Instructions after {.eof} are ignored',
  unclosed: (what: string) => `Unclosed ${what} block`,
  partialMissing: (name: string) => `Attempt to apply partial or macro '${name}', which was not found`,
  partialParse: (name: string, detail: string) => `Parse of partial "${name}" failed: ${detail}`,
  partialRecursion: (name: string, limit: number) =>
    `Attempt to apply partial '${name}' exceeded maximum recursion depth of ${limit}`,
  expressionParse: (source: string, detail: string) => `Error parsing expression "${source}": ${detail}`,
  expressionReduce: (source: string, detail: string) => `Error reducing expression "${source}": ${detail}`,
} as const;

let cachedSource = '';
let cachedLineStarts: number[] = [0];

/** Converts a character offset into 1-based line and column (line starts are indexed once per source). */
export function lineColumn(source: string, offset: number): { line: number; column: number } {
  if (source !== cachedSource) {
    cachedLineStarts = [0];
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) cachedLineStarts.push(i + 1);
    cachedSource = source;
  }
  let lo = 0;
  let hi = cachedLineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (cachedLineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - cachedLineStarts[lo]! + 1 };
}

export function makeError(kind: TemplateErrorKind, message: string, source: string, offset: number): TemplateError {
  const { line, column } = lineColumn(source, offset);
  return { kind, message, line, column };
}
