// Hot-path code generation: the common instructions (text, plain variables, sections, repeated sections,
// simple .if) become one JavaScript function per template body, so property reads get their own inline
// caches and no closure is called per node. Everything else (formatters, predicates, partials, .eval...)
// stays a closure that the generated code calls. Only string literals and JSON-quoted keys from the
// template reach the generated source.
import type { IfCondition, Node } from './parser';
import { child, descend, Frame, isTruthy, lookupName, lookupVariable, repeatIndex, toText, type RenderState } from './runtime';

type Step = (s: RenderState) => void;

export interface ClosureCompiler {
  node(node: Node): Step;
  alternativeOf(node: Node): Step;
}

/** Blocks inlined into one generated function before handing deeper ones to closures (keeps sources small). */
const MAX_INLINE_DEPTH = 24;

const HELPERS = {
  lk: lookupName,
  lv: lookupVariable,
  ri: repeatIndex,
  ch: child,
  ds: descend,
  tt: toText,
  tr: isTruthy,
  F: Frame,
  isArr: Array.isArray,
  own: Object.prototype.hasOwnProperty,
};

let codegenAvailable: boolean | null = null;

/** False where `new Function` is refused (a strict Content-Security-Policy); the closures then run alone. */
export function canGenerateCode(): boolean {
  if (codegenAvailable === null) {
    try {
      codegenAvailable = new Function('return 1')() === 1;
    } catch {
      codegenAvailable = false;
    }
  }
  return codegenAvailable;
}

class Generator {
  readonly constants: unknown[] = [];
  private counter = 0;
  constructor(private readonly closures: ClosureCompiler) {}

  constant(value: unknown): string {
    this.constants.push(value);
    return `k[${this.constants.length - 1}]`;
  }

  fresh(prefix: string): string {
    return `${prefix}${++this.counter}`;
  }

  /** An own, non-array property read with a literal key. */
  prop(objectExpr: string, key: string): string {
    const k = JSON.stringify(key);
    return `((n = ${objectExpr}) !== null && typeof n === 'object' ? (isArr(n) ? ch(n, ${k}) : ((t = n[${k}]) !== undefined && own.call(n, ${k}) ? t : undefined)) : undefined)`;
  }

  /** A variable reference: scope lookup of the first name, then descent. */
  resolve(path: readonly string[]): string {
    const head = path[0]!;
    let expr: string;
    if (head === '@') expr = 's.frame.node';
    else if (head === '@index' || head === '@index0') {
      return `((t = ri(s.frame)) < 0 ? undefined : t + ${head === '@index' ? 1 : 0})`;
    } else if (head.charCodeAt(0) === 64) expr = `lv(s.frame, ${JSON.stringify(head)})`;
    else {
      const k = JSON.stringify(head);
      expr = `((n = s.frame.node) !== null && typeof n === 'object' && !isArr(n) && (t = n[${k}]) !== undefined && own.call(n, ${k}) ? t : lk(s.frame, ${k}))`;
    }
    for (let i = 1; i < path.length; i++) expr = this.prop(expr, path[i]!);
    return expr;
  }

  /** A section path: looked up in the current scope only ('@…' paths as variables). */
  sectionPath(path: readonly string[]): string {
    if (path[0]!.charCodeAt(0) === 64) return this.resolve(path);
    let expr = 's.frame.node';
    for (const key of path) expr = this.prop(expr, key);
    return expr;
  }

  call(step: Step): string {
    return `${this.constant(step)}(s);`;
  }

  nodes(nodes: readonly Node[], depth: number): string {
    let code = '';
    for (const node of nodes) code += this.node(node, depth);
    return code;
  }

  node(node: Node, depth: number): string {
    if (depth > MAX_INLINE_DEPTH) return this.call(this.closures.node(node));
    switch (node.t) {
      case 'text':
        return `s.out += ${JSON.stringify(node.text)};\n`;
      case 'var':
        if (node.fmts.length > 0 || node.vars.length > 1) return this.call(this.closures.node(node));
        return `v = ${this.resolve(node.vars[0]!)};\nif (v !== undefined && v !== null) s.out += typeof v === 'string' ? v : tt(v);\n`;
      case 'section': {
        const saved = this.fresh('sv');
        return (
          `v = ${this.sectionPath(node.path)};\n` +
          `const ${saved} = s.frame; s.frame = new F(v, ${saved});\n` +
          `if (tr(v)) {\n${this.nodes(node.body, depth + 1)}} else ${this.call(this.closures.alternativeOf(node))}\n` +
          `s.frame = ${saved};\n`
        );
      }
      case 'repeated': {
        const list = this.fresh('l');
        const saved = this.fresh('sv');
        const frame = this.fresh('fr');
        const i = this.fresh('i');
        const between = node.alternates
          ? `if (${i} > 0) { ${frame}.node = ${list}[${i} - 1]; ${frame}.index = ${i} - 1;\n${this.nodes(node.alternates, depth + 1)}}\n`
          : '';
        return (
          `const ${list} = ${this.sectionPath(node.path)};\n` +
          `const ${saved} = s.frame;\n` +
          `if (isArr(${list}) && ${list}.length > 0) {\n` +
          `const ${frame} = new F(undefined, ${saved}, 0); s.frame = ${frame};\n` +
          `for (let ${i} = 0; ${i} < ${list}.length; ${i}++) {\n${between}` +
          `${frame}.node = ${list}[${i}]; ${frame}.index = ${i}; ${frame}.vars = null;\n${this.nodes(node.body, depth + 1)}}\n` +
          `} else { ${this.call(this.closures.alternativeOf(node))} }\n` +
          `s.frame = ${saved};\n`
        );
      }
      case 'if': {
        const cond = simpleCondition(node.cond);
        if (cond === null) return this.call(this.closures.node(node));
        return `if (tr(${this.resolve(cond)})) {\n${this.nodes(node.body, depth + 1)}} else ${this.call(this.closures.alternativeOf(node))}\n`;
      }
      default:
        return this.call(this.closures.node(node));
    }
  }
}

function simpleCondition(cond: IfCondition): readonly string[] | null {
  return cond.kind === 'logic' && cond.operands.length === 1 ? cond.operands[0]! : null;
}

/** Generates one function for a body; null when code generation is unavailable. */
export function generateBody(nodes: readonly Node[], closures: ClosureCompiler): Step | null {
  if (!canGenerateCode()) return null;
  const gen = new Generator(closures);
  const body = gen.nodes(nodes, 0);
  const names = Object.keys(HELPERS);
  const factory = new Function(
    'k',
    'h',
    `const { ${names.join(', ')} } = h;\nreturn function render(s) {\nlet v, n, t;\n${body}};`,
  ) as (k: unknown[], h: typeof HELPERS) => Step;
  return factory(gen.constants, HELPERS);
}
