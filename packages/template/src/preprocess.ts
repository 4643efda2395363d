// Preprocessor directives: `{^…}` instructions run in a pass of their own, before the page's render, and what they
// print is a template. Every other instruction, comment and brace passes through that pass untouched, so a theme
// can settle what is known when it is published (site settings, the chosen layout) once, and leave the per-request
// instructions for the render. A plain `compile` leaves `{^…}` as literal text, as the reference engine does.
import { compile, type CompiledTemplate } from './compile';
import type { TemplateError } from './errors';

/** A directive's text becomes the instruction itself; every other brace is printed by `.meta-left` / `.meta-right`. */
const META_LEFT = '{.meta-left}';
const META_RIGHT = '{.meta-right}';

function quoteBraces(text: string): string {
  let quoted = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x7b && c !== 0x7d) continue;
    quoted += text.slice(from, i) + (c === 0x7b ? META_LEFT : META_RIGHT);
    from = i + 1;
  }
  return from === 0 ? text : quoted + text.slice(from);
}

/**
 * The template whose render is the preprocessor pass: `{^x}` becomes `{x}`, everything else is quoted. A directive
 * is scanned as any instruction is — from `{^` to the next `}`, with no `{` on the way; a `{##…##}` comment is
 * passed through whole, directives inside it included. No line break is added, so the pass's errors carry the
 * source's line numbers (columns count the quoting).
 */
export function preprocessorSource(source: string): string {
  let out = '';
  let i = 0;
  const n = source.length;
  while (i < n) {
    const open = source.indexOf('{', i);
    if (open < 0) {
      out += quoteBraces(source.slice(i));
      break;
    }
    out += quoteBraces(source.slice(i, open));
    if (source.startsWith('{##', open)) {
      const close = source.indexOf('##}', open + 3);
      const end = close < 0 ? n : close + 3;
      out += quoteBraces(source.slice(open, end));
      i = end;
      continue;
    }
    if (source.charCodeAt(open + 1) === 0x5e /* ^ */) {
      let k = open + 2;
      while (k < n && source[k] !== '}' && source[k] !== '{') k++;
      if (k < n && source[k] === '}') {
        out += '{' + source.slice(open + 2, k) + '}';
        i = k + 1;
        continue;
      }
    }
    out += META_LEFT;
    i = open + 1;
  }
  return out;
}

/** True when the source holds at least one `{^` (a template without directives needs no pass). */
export function hasPreprocessorDirectives(source: string): boolean {
  return source.includes('{^');
}

/** Compiles the preprocessor pass of a source (cached by the caller like any template). */
export function compilePreprocessor(source: string): CompiledTemplate {
  return compile(preprocessorSource(source));
}

export interface PreprocessResult {
  /** The template left for the render: directives replaced by what they printed. */
  source: string;
  errors: TemplateError[];
}
