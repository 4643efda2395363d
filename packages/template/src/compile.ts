// Instruction tree -> closures. Each node becomes a function that appends to state.out.
import type { TemplateError } from './errors';
import { makeError, MESSAGES } from './errors';
import { compileExpression } from './expr';
import type { Alternative, FormatterCall, IfCondition, Node, PredicateCall } from './parser';
import { parse } from './parser';
import { generateBody } from './codegen';
import { FORMATTERS, PREDICATES } from './registry';
import type { Formatter, Predicate, RenderState, TemplateBody } from './runtime';
import { child, compilePath, descend, Frame, isTruthy, toText } from './runtime';

type Step = (s: RenderState) => void;

export interface CompileOptions {
  formatters?: Record<string, Formatter>;
  predicates?: Record<string, Predicate>;
}

export interface CompiledTemplate extends TemplateBody {
  /** Syntax errors found while compiling; they are also reported by every render. */
  errors: readonly TemplateError[];
  /** Formatter and predicate names unknown at compile time; a render that supplies them drops their errors. */
  unknownNames: ReadonlyMap<TemplateError, string>;
}

const NOOP: Step = () => {};
/** Formatters get every variable of `{a, b|f}` in `values`; with a single variable it is empty (use `value`). */
const NO_VALUES: readonly unknown[] = Object.freeze([]);

function sequence(steps: Step[]): Step {
  switch (steps.length) {
    case 0:
      return NOOP;
    case 1:
      return steps[0]!;
    case 2: {
      const [a, b] = steps as [Step, Step];
      return (s) => {
        a(s);
        b(s);
      };
    }
    default:
      return (s) => {
        for (let i = 0; i < steps.length; i++) steps[i]!(s);
      };
  }
}

class Compiler {
  constructor(
    readonly source: string,
    readonly errors: TemplateError[],
    readonly options: CompileOptions,
  ) {}

  findFormatter(name: string): Formatter | undefined {
    return this.options.formatters?.[name] ?? FORMATTERS[name];
  }
  findPredicate(name: string): Predicate | undefined {
    return this.options.predicates?.[name] ?? PREDICATES[name];
  }

  body(nodes: Node[]): Step {
    return generateBody(nodes, this) ?? sequence(nodes.map((n) => this.node(n)));
  }

  /** The .or chain of a block, as a closure (generated code calls it). */
  alternativeOf(node: Node): Step {
    return 'alt' in node ? this.alternative(node.alt) : NOOP;
  }

  /** Formatter chain; unknown names are looked up in the render options, else the raw text is printed. */
  chain(fmts: FormatterCall[], pos: number): ((value: unknown, values: readonly unknown[], s: RenderState) => unknown) | null {
    if (fmts.length === 0) return null;
    const calls = fmts.map((f) => ({ name: f.name, args: f.args, fn: this.findFormatter(f.name) }));
    return (value, values, s) => {
      let v = value;
      for (let i = 0; i < calls.length; i++) {
        const call = calls[i]!;
        const fn = (s.formatters !== null ? s.formatters[call.name] : undefined) ?? call.fn;
        if (fn === undefined) return UNKNOWN; // reported once, at compile time
        try {
          v = fn(v, call.args, s, i === 0 ? values : NO_VALUES);
        } catch (err) {
          s.error('formatter', `Formatter '${call.name}' failed: ${(err as Error).message}`, pos);
          v = undefined;
        }
      }
      return v;
    };
  }

  predicate(call: PredicateCall, pos: number): (s: RenderState) => boolean {
    const fn = this.findPredicate(call.name);
    const { name, args } = call;
    return (s) => {
      const p = (s.predicates !== null ? s.predicates[name] : undefined) ?? fn;
      if (p === undefined) return false;
      try {
        return p(s.frame.node, args, s);
      } catch (err) {
        s.error('formatter', `Predicate '${name}' failed: ${(err as Error).message}`, pos);
        return false;
      }
    };
  }

  alternative(alt: Alternative | null): Step {
    if (alt === null) return NOOP;
    const body = this.body(alt.body);
    if (alt.pred === null) return body;
    const test = this.predicate(alt.pred, alt.pos);
    const next = this.alternative(alt.next);
    return (s) => {
      if (test(s)) body(s);
      else next(s);
    };
  }

  node(node: Node): Step {
    switch (node.t) {
      case 'text': {
        const text = node.text;
        return (s) => {
          s.out += text;
        };
      }
      case 'var': {
        const resolvers = node.vars.map(compilePath);
        const first = resolvers[0]!;
        const chain = this.chain(node.fmts, node.pos);
        const raw = node.raw;
        if (chain === null) {
          return (s) => {
            const v = first(s);
            if (v !== undefined && v !== null) s.out += typeof v === 'string' ? v : toText(v);
          };
        }
        const many = resolvers.length > 1;
        return (s) => {
          const v = first(s);
          const values = many ? resolvers.map((r) => r(s)) : NO_VALUES;
          const result = chain(v, values, s);
          if (result === UNKNOWN) s.out += raw;
          else if (result !== undefined && result !== null) s.out += typeof result === 'string' ? result : toText(result);
        };
      }
      case 'section': {
        const get = compileSectionPath(node.path);
        const body = this.body(node.body);
        const alt = this.alternative(node.alt);
        return (s) => {
          const v = get(s);
          const saved = s.frame;
          // The .or branch also runs inside the section's (empty) scope, as the reference engine does.
          s.frame = new Frame(v, saved);
          if (isTruthy(v)) body(s);
          else alt(s);
          s.frame = saved;
        };
      }
      case 'repeated': {
        const get = compileSectionPath(node.path);
        const body = this.body(node.body);
        const between = node.alternates ? this.body(node.alternates) : null;
        const alt = this.alternative(node.alt);
        return (s) => {
          const list = get(s);
          const saved = s.frame;
          if (!Array.isArray(list) || list.length === 0) {
            // Unlike .section, an empty repeated section runs its .or in the enclosing scope.
            alt(s);
            return;
          }
          // One frame per loop, moved along the list, rather than one per item.
          const frame = new Frame(undefined, saved, 0);
          s.frame = frame;
          for (let i = 0; i < list.length; i++) {
            if (i > 0 && between !== null) {
              frame.node = list[i - 1];
              frame.index = i - 1;
              between(s);
            }
            frame.node = list[i];
            frame.index = i;
            frame.vars = null;
            body(s);
          }
          s.frame = saved;
        };
      }
      case 'predicate': {
        const test = this.predicate(node.call, node.pos);
        const body = this.body(node.body);
        const alt = this.alternative(node.alt);
        return (s) => {
          if (test(s)) body(s);
          else alt(s);
        };
      }
      case 'if': {
        const test = this.condition(node.cond, node.pos);
        const body = this.body(node.body);
        const alt = this.alternative(node.alt);
        return (s) => {
          if (test(s)) body(s);
          else alt(s);
        };
      }
      case 'bindvar': {
        const first = compilePath(node.vars[0]!);
        const resolvers = node.vars.map(compilePath);
        const chain = this.chain(node.fmts, node.pos);
        const { name, raw } = node;
        return (s) => {
          let v = first(s);
          if (chain !== null) {
            v = chain(v, resolvers.length > 1 ? resolvers.map((r) => r(s)) : NO_VALUES, s);
            // An unknown formatter makes the instruction text, as for a variable.
            if (v === UNKNOWN) {
              s.out += raw;
              return;
            }
          }
          s.setVariable(name, v);
        };
      }
      case 'ctx': {
        const pairs = node.pairs.map(([key, path]) => [key, compilePath(path)] as const);
        const name = node.name;
        return (s) => {
          const obj: Record<string, unknown> = {};
          for (const [key, get] of pairs) obj[key] = get(s);
          s.setVariable(name, obj);
        };
      }
      case 'eval': {
        const expr = compileExpression(node.source);
        const pos = node.pos;
        if (expr.parseError !== null) {
          this.errors.push(makeError('expression-parse', MESSAGES.expressionParse(expr.source, expr.parseError), this.source, pos));
        }
        return (s) => {
          s.out += expr.run(s, pos);
        };
      }
      case 'include': {
        const { name, pos } = node;
        const keepOutput = node.args.includes('output');
        return (s) => {
          const text = s.applyPartial(name, s.frame.node, { inline: true, offset: pos });
          if (keepOutput && text !== undefined) s.out += text;
        };
      }
      case 'inject': {
        const { name, path } = node;
        return (s) => {
          const raw = s.injects[path];
          let value: unknown = raw;
          if (typeof raw === 'string') {
            try {
              value = JSON.parse(raw);
            } catch {
              value = raw;
            }
          }
          s.setVariable(name, value);
        };
      }
      case 'macro': {
        const { name } = node;
        const macro: TemplateBody = { run: this.body(node.body), source: this.source };
        return (s) => s.defineMacro(name, macro);
      }
    }
  }

  condition(cond: IfCondition, pos: number): (s: RenderState) => boolean {
    if (cond.kind === 'predicate') return this.predicate(cond.call, pos);
    const operands = cond.operands.map(compilePath);
    const ops = cond.operators;
    if (operands.length === 1) {
      const only = operands[0]!;
      return (s) => isTruthy(only(s));
    }
    // As the reference engine evaluates .if: left to right with no precedence, stopping at the first operand
    // that settles an operator (a true one after ||, a false one after &&).
    return (s) => {
      let result = isTruthy(operands[0]!(s));
      for (let i = 0; i < ops.length; i++) {
        const value = isTruthy(operands[i + 1]!(s));
        if (ops[i] === '&&') {
          result = result && value;
          if (!result) break;
        } else {
          result = result || value;
          if (result) break;
        }
      }
      return result;
    };
  }
}

/**
 * Sections look their path up in the current scope only (variables walk out through enclosing scopes);
 * '@…' paths behave as everywhere else.
 */
function compileSectionPath(path: string[]): (s: RenderState) => unknown {
  if (path[0]!.charCodeAt(0) === 64 /* @ */) return compilePath(path);
  if (path.length === 1) {
    const key = path[0]!;
    return (s) => child(s.frame.node, key);
  }
  return (s) => descend(s.frame.node, path, 0);
}

/** Marks a formatter chain that hit an unknown formatter: the instruction prints as literal text. */
export const UNKNOWN: unique symbol = Symbol('unknown-formatter');

/** Compiles template source once; render it many times with render(). Never throws. */
export function compile(source: string, options: CompileOptions = {}): CompiledTemplate {
  const isPredicate = (name: string) =>
    options.predicates?.[name] !== undefined || PREDICATES[name] !== undefined;
  const parsed = parse(source, { isPredicate });
  const errors = [...parsed.errors];
  const unknownNames = new Map<TemplateError, string>();
  for (const e of errors) {
    if (e.kind === 'unknown-predicate') unknownNames.set(e, /'([^']*)'/.exec(e.message)?.[1] ?? '');
  }
  const compiler = new Compiler(source, errors, options);
  const run = compiler.body(parsed.body);
  // Unknown formatters are reported at compile time when no render-time table supplies them.
  reportUnknownFormatters(parsed.body, parsed.macros, compiler, errors, source, unknownNames);
  return { run, source, errors, unknownNames };
}

function reportUnknownFormatters(
  body: Node[],
  macros: Map<string, Node[]>,
  compiler: Compiler,
  errors: TemplateError[],
  source: string,
  unknownNames: Map<TemplateError, string>,
): void {
  const visit = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.t === 'var' || node.t === 'bindvar') {
        for (const f of node.fmts) {
          if (!compiler.findFormatter(f.name)) {
            const error = makeError('unknown-formatter', MESSAGES.unknownFormatter(f.name), source, node.pos);
            errors.push(error);
            unknownNames.set(error, f.name);
          }
        }
      }
      if ('body' in node) visit(node.body);
      if ('alternates' in node && node.alternates) visit(node.alternates);
      if ('alt' in node) for (let a = node.alt; a; a = a.next) visit(a.body);
    }
  };
  visit(body);
}
