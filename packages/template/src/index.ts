// Public API of the JSON-T engine: compile once, render many times.
import { compile, type CompiledTemplate, type CompileOptions } from './compile';
import { TemplateRenderError, type TemplateError } from './errors';
import './plugins';
import { registerFormatters, registerPredicates } from './registry';
import { RenderState, type Formatter, type PartialProvider, type Predicate, type TemplateBody } from './runtime';
import { compilePreprocessor, hasPreprocessorDirectives, type PreprocessResult } from './preprocess';

export { compile, registerFormatters, registerPredicates, TemplateRenderError };
export type { CompiledTemplate, CompileOptions, Formatter, Predicate, TemplateError };
export type { TemplateErrorKind } from './errors';
export type { PreprocessResult } from './preprocess';
export { hasPreprocessorDirectives, preprocessorSource } from './preprocess';
export { RenderState } from './runtime';
export { MAX_PARTIAL_CALLS, MAX_PARTIAL_DEPTH } from './runtime';
export { MAX_BLOCK_NESTING } from './parser';
/** Escaping for hand-built HTML outside templates: text (`& < >`) and attribute values (also `"`). */
export { escapeAttribute, escapeHtml } from './plugins/core';

export interface RenderOptions {
  /** Partial templates by name (source text); compiled on first use and cached. */
  partials?: Record<string, string>;
  /** Text for .inject, by path; JSON text is parsed. */
  injects?: Record<string, string>;
  /** BCP 47 locale for i18n formatters; default 'en-US'. */
  locale?: string;
  /** Current time in ms since the epoch for relative dates; default Date.now(). */
  now?: number;
  /** Throw a TemplateRenderError instead of returning errors. */
  strict?: boolean;
  formatters?: Record<string, Formatter>;
  predicates?: Record<string, Predicate>;
}

export interface RenderResult {
  output: string;
  errors: TemplateError[];
}

// Compiled partials keyed by their source text: the same partial text is parsed once per process.
const partialCache = new Map<string, CompiledTemplate>();
const PARTIAL_CACHE_LIMIT = 1000;

function compilePartial(source: string): CompiledTemplate {
  let compiled = partialCache.get(source);
  if (compiled === undefined) {
    compiled = compile(source);
    if (partialCache.size >= PARTIAL_CACHE_LIMIT) partialCache.delete(partialCache.keys().next().value!);
    partialCache.set(source, compiled);
  }
  return compiled;
}

function partialProvider(partials: Record<string, string> | undefined): PartialProvider {
  return {
    lookup(name: string): TemplateBody | { errors: readonly string[] } | null {
      if (!partials || !Object.prototype.hasOwnProperty.call(partials, name)) return null;
      const source = partials[name];
      if (typeof source !== 'string') return { errors: ['partial source is not text'] };
      const compiled = compilePartial(source);
      // A partial with a syntax error does not run (as in the reference engine); unknown formatter and predicate
      // names do not stop it, since the render's own tables may supply them.
      const fatal = compiled.errors.filter((e) => e.kind !== 'unknown-formatter' && e.kind !== 'unknown-predicate');
      if (fatal.length > 0) return { errors: fatal.map((e) => e.message) };
      return compiled;
    },
  };
}

const NO_PARTIALS = partialProvider(undefined);
const EMPTY: Record<string, string> = {};

/** Compile-time errors, minus unknown names this render supplies through options.formatters / options.predicates. */
function compileErrors(compiled: CompiledTemplate, options: RenderOptions): readonly TemplateError[] {
  if (!options.formatters && !options.predicates) return compiled.errors;
  return compiled.errors.filter((e) => {
    const name = compiled.unknownNames.get(e);
    if (name === undefined) return true;
    const table = e.kind === 'unknown-formatter' ? options.formatters : options.predicates;
    return !(table && Object.prototype.hasOwnProperty.call(table, name));
  });
}

/** Renders a compiled template against a JSON context. Errors are collected (thrown only in strict mode). */
export function render(template: CompiledTemplate | string, context: unknown, options: RenderOptions = {}): RenderResult {
  // Source text is compiled once and cached, like partials.
  const compiled = typeof template === 'string' ? compilePartial(template) : template;
  const state = new RenderState(
    context,
    compiled.source,
    options.locale ?? 'en-US',
    options.now,
    options.partials ? partialProvider(options.partials) : NO_PARTIALS,
    options.injects ?? EMPTY,
    options.formatters ?? null,
    options.predicates ?? null,
  );
  compiled.run(state);
  const errors = compiled.errors.length ? [...compileErrors(compiled, options), ...state.errors] : state.errors;
  if (options.strict && errors.length > 0) throw new TemplateRenderError(errors);
  return { output: state.out, errors };
}

/**
 * Runs a source's preprocessor directives (`{^.section a}…{^.end}`, `{^a|formatter}`…) against a context and
 * returns the template they leave: every other instruction, comment and brace is kept as written. A source without
 * `{^` comes back unchanged. Render options apply to the pass (partials applied by a directive run whole).
 */
export function preprocess(source: string, context: unknown, options: RenderOptions = {}): PreprocessResult {
  if (!hasPreprocessorDirectives(source)) return { source, errors: [] };
  const { output, errors } = render(compilePreprocessor(source), context, { ...options, strict: false });
  if (options.strict && errors.length > 0) throw new TemplateRenderError(errors);
  return { source: output, errors };
}
