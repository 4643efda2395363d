import { describe, expect, it } from 'vitest';
import { compile, MAX_PARTIAL_DEPTH, registerFormatters, registerPredicates, render, TemplateRenderError } from './index';

const run = (source: string, context: unknown = {}, options = {}) => render(compile(source), context, options);

describe('variables and scope', () => {
  it('resolves dotted paths, array indexes and outer scopes', () => {
    const ctx = { a: { b: { c: 'deep' } }, list: ['x', 'y'], outer: 'O', inner: { k: 1 } };
    expect(run('{a.b.c} {list.1} {.section inner}{k}{outer}{.end}', ctx).output).toBe('deep y 1O');
  });

  it('gives @index, @index0 and the current node inside repeated sections', () => {
    expect(run('{.repeated section l}{@index}{@index0}{@}{.alternates with},{.end}', { l: ['a', 'b'] }).output).toBe('10a,21b');
  });

  it('runs .or when a section or repeated section is empty', () => {
    expect(run('{.section m}x{.or}none{.end}|{.repeated section l}x{.or}empty{.end}', { m: {}, l: [] }).output).toBe('none|empty');
  });

  it('binds .var and .ctx variables', () => {
    expect(run('{.var @n name|html}{.ctx @p first=name}{@n}-{@p.first}', { name: 'A&B' }).output).toBe('A&amp;B-A&B');
  });

  it('keeps text that is not an instruction', () => {
    expect(run('a { color: red } {{x}} { x }', { x: 1 }).output).toBe('a { color: red } {1} { x }');
  });

  it('prints meta characters and comments', () => {
    expect(run('{.meta-left}{.meta-right}{.space}{.tab}{.newline}{# c}{## multi\nline ##}end').output).toBe('{} \t\nend');
  });
});

describe('expressions', () => {
  it('uses JavaScript precedence and assigns variables', () => {
    expect(run('{.eval 2 + 3 * 4 ** 2}|{.eval @a = 2; @a * 21}|{.eval max(1, 7, 3)}|{.eval "x" + 1}').output).toBe('50|42|7|x1');
  });

  it('reports the spec expression errors', () => {
    const cases: [string, string][] = [
      ["{.eval 'abc}", 'Unterminated string'],
      ['{.eval 0x}', 'Expected digits after start of hex number'],
      ['{.eval 1.2.3}', 'Duplicate decimal point in number'],
      ['{.eval foo(1)}', 'Invalid function'],
      ['{.eval 1 # 2}', 'Unexpected character'],
    ];
    for (const [source, message] of cases) {
      const { errors } = run(source);
      expect(errors[0]?.kind, source).toBe('expression-parse');
      expect(errors[0]?.message, source).toContain(message);
    }
  });

  it('limits the number of tokens', () => {
    const { errors } = run(`{.eval ${Array.from({ length: 400 }, () => '1').join(' + ')}}`);
    expect(errors[0]?.message).toContain('Expression exceeds the maximum number of allowed tokens');
  });
});

describe('errors', () => {
  it('reports each kind with line and column, and keeps rendering', () => {
    const { output, errors } = run('ok\n  {x|nope}{.nope?}y{.end}\n{.end}{.or}', { x: 1 });
    expect(output).toBe('ok\n  {x|nope}\n');
    expect(errors.map((e) => [e.kind, e.line, e.column])).toEqual([
      ['unknown-predicate', 2, 11],
      ['not-allowed', 3, 1],
      ['not-allowed', 3, 7],
      ['unknown-formatter', 2, 3],
    ]);
  });

  it('reports dead code, end of input inside a block and unclosed blocks', () => {
    expect(run('{.section a}{.or}{.or}{.end}').errors.map((e) => e.kind)).toEqual(['dead-code']);
    expect(run('{.section a}{.repeated section b}').errors.map((e) => e.kind)).toEqual(['eof-in-block', 'unclosed']);
  });

  it('reports missing partials and partials that fail to parse', () => {
    expect(run('{@|apply nope}').errors[0]?.kind).toBe('partial-missing');
    expect(run('{@|apply bad}', {}, { partials: { bad: '{.section x}' } }).errors[0]?.kind).toBe('partial-parse');
  });

  it('throws every error in strict mode', () => {
    expect(() => run('{.end}', {}, { strict: true })).toThrow(TemplateRenderError);
    expect(() => run('{x}', { x: 1 }, { strict: true })).not.toThrow();
  });
});

describe('partials and macros', () => {
  it('compiles partials once and applies them with their own scope', () => {
    const partials = { card: '<b>{name}</b>' };
    expect(run('{.repeated section people}{@|apply card}{.end}', { people: [{ name: 'A' }, { name: 'B' }] }, { partials }).output).toBe(
      '<b>A</b><b>B</b>',
    );
  });

  it(`stops recursion at depth ${MAX_PARTIAL_DEPTH}`, () => {
    const { output, errors } = run('{@|apply loop}', {}, { partials: { loop: 'x{@|apply loop}' } });
    expect(output).toBe('x'.repeat(MAX_PARTIAL_DEPTH));
    expect(errors).toHaveLength(1);
    expect(errors[0]?.kind).toBe('partial-recursion');
  });

  it('applies macros with named arguments and .include', () => {
    const source = '{.macro m}{title}{@args.suffix}{.end}{@|apply m suffix=!}|{.include m output}';
    expect(run(source, { title: 'T' }).output).toBe('T!|T');
  });
});

describe('extension', () => {
  it('lets callers register formatters and predicates', () => {
    registerFormatters({ shout: (v) => `${String(v).toUpperCase()}!` });
    registerPredicates({ 'is-big?': (n) => typeof n === 'number' && n > 10 });
    expect(run('{.section n}{.is-big?}{w|shout}{.end}{.end}', { n: 11, w: 'hi' }).output).toBe('HI!');
  });

  it('takes formatters per render', () => {
    const compiled = compile('{x|island}');
    expect(render(compiled, { x: 1 }, { formatters: { island: (v) => `<div data-x="${v}"></div>` } }).output).toBe('<div data-x="1"></div>');
  });
});

describe('render-time tables', () => {
  it('drops compile-time unknown-name errors that the render supplies', () => {
    const compiled = compile('{x|island}{.special?}y{.end}');
    expect(render(compiled, { x: 1 }).errors.map((e) => e.kind)).toEqual(['unknown-predicate', 'unknown-formatter']);
    const result = render(compiled, { x: 1 }, { formatters: { island: () => 'I' }, predicates: { 'special?': () => true } });
    expect(result).toEqual({ output: 'Iy', errors: [] });
  });
});

describe('partial errors', () => {
  it('reports a partial’s own compile errors once, naming the partial', () => {
    const { output, errors } = render(compile('{@|apply p}{@|apply p}'), { x: 1 }, { partials: { p: '{x|nope}' } });
    expect(output).toBe('{x|nope}{x|nope}');
    expect(errors).toEqual([{ kind: 'unknown-formatter', message: "In partial 'p': Formatter 'nope' is unknown", line: 1, column: 1 }]);
  });
});

describe('formatters the reference registers without fixtures of its own', () => {
  const items = [{ id: 'a', on: false }, { id: 'b', on: true }, { id: 'c', on: true }];

  it('finds the first and the last item whose path is true, or the first and last item', () => {
    const template = '{items|find-first on|prop id} {items|find-last on|prop id} {items|find-first|prop id} {items|find-last|prop id} [{none|find-first on}]';
    expect(run(template, { items, none: [] }).output).toBe('b c a c []');
  });

  it('reads the path through a lookup object keyed by the item', () => {
    const context = { ids: ['x', 'y', 'z'], flags: { x: { ok: false }, y: { ok: true }, z: { ok: true } } };
    expect(run('{ids|find-first flags ok} {ids|find-last flags ok}', context).output).toBe('y z');
  });

  it('writes line breaks as <br/>', () => {
    expect(run('{t|line-breaks}', { t: 'a\nb\n' }).output).toBe('a<br/>b<br/>');
  });

  it('reports units-metric? as not implemented and takes it as false', () => {
    const { output, errors } = run('{.units-metric?}metric{.or}imperial{.end}');
    expect({ output, kinds: errors.map((e) => e.kind) }).toEqual({ output: 'imperial', kinds: ['not-implemented'] });
  });
});
