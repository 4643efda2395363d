import { describe, expect, it } from 'vitest';
import { compile, preprocess, preprocessorSource, render } from './index';

describe('preprocessor directives ({^…})', () => {
  it('runs a directive section and keeps every other instruction as written', () => {
    const source = '{^.section shop}<h1>{^title|html}</h1>{product.name|html}{^.end}{# kept}';
    const result = preprocess(source, { shop: { title: 'A & B' } });
    expect(result).toEqual({ source: '<h1>A &amp; B</h1>{product.name|html}{# kept}', errors: [] });
    expect(render(result.source, { product: { name: '<Mug>' } }).output).toBe('<h1>A &amp; B</h1>&lt;Mug&gt;');
  });

  it('drops a directive section whose value is false, and runs its .or branch', () => {
    expect(preprocess('{^.section a}x{b}{^.or}y{c}{^.end}', { a: false }).source).toBe('y{c}');
  });

  it('repeats, with @index, over a list known at preprocess time', () => {
    const source = '{^.repeated section sizes}<li>{^@index}:{^@}:{price}</li>{^.end}';
    expect(preprocess(source, { sizes: ['S', 'M'] }).source).toBe('<li>1:S:{price}</li><li>2:M:{price}</li>');
  });

  it('keeps braces that are not instructions, and multi-line comments whole (directives inside them too)', () => {
    const source = 'a { color: red } {## {^x} ##}{^x}{';
    expect(preprocess(source, { x: 'X' }).source).toBe('a { color: red } {## {^x} ##}X{');
  });

  it('leaves a source without directives unchanged', () => {
    const source = '{.section a}{b}{.end}';
    expect(preprocess(source, {})).toEqual({ source, errors: [] });
  });

  it('reports a directive error with the source line', () => {
    const { errors } = preprocess('line one\n{^x|nosuch}', { x: 1 });
    expect(errors.map((e) => [e.kind, e.line])).toEqual([['unknown-formatter', 2]]);
  });

  it('is literal text for a plain compile, as in the reference engine', () => {
    expect(render(compile('{^a}'), { a: 1 }).output).toBe('{^a}');
  });

  it('quotes every brace outside directives in the pass', () => {
    expect(preprocessorSource('{a}{^b}')).toBe('{.meta-left}a{.meta-right}{b}');
  });
});
