// Property tests: whatever the input, the engine compiles, renders, stays within its limits and escapes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, MAX_BLOCK_NESTING, MAX_PARTIAL_CALLS, MAX_PARTIAL_DEPTH, render } from './index';

const FRAGMENTS = [
  '{', '}', '{.section a}', '{.section b.c}', '{.repeated section list}', '{.alternates with}', '{.or}', '{.or even?}', '{.end}',
  '{.if a || b}', '{.if equal? a b}', '{.var @v a}', '{@v}', '{.ctx @c x=a}', '{.eval 1 + a * 2}', '{.eval "x" + @v}', '{.eval (}',
  '{.macro m}', '{@|apply m}', '{@|apply p}', '{.include m}', '{.inject @i x.json}', '{a}', '{a|html}', '{@|json}', '{@index}',
  '{a|truncate 3}', '{a|date %Y}', '{a|money}', '{@|product-price}', '{@|item-classes}', '{@|nope}', '{.nope?}', '{.meta-left}',
  '{#c}', '{##', '##}', 'text', '\n', ' ', '<b>', '"',
];

const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'list', 'x', 'structuredContent', 'variants', 'title'), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const templateFromFragments = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(''));

function renderSafely(source: string, context: unknown) {
  const started = performance.now();
  const result = render(compile(source), context, { partials: { p: '{a}{@|apply p}' }, injects: { 'x.json': '{"k":1}' } });
  return { ...result, ms: performance.now() - started };
}

describe('robustness', () => {
  it('compiles and renders any string without throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), jsonValue, (source, context) => {
        const { output, errors, ms } = renderSafely(source, context);
        expect(typeof output).toBe('string');
        expect(Array.isArray(errors)).toBe(true);
        expect(ms).toBeLessThan(1000);
      }),
      { numRuns: 300 },
    );
  });

  it('compiles and renders any mix of instructions without throwing, in bounded time', () => {
    fc.assert(
      fc.property(templateFromFragments, jsonValue, (source, context) => {
        const { output, errors, ms } = renderSafely(source, { a: context, b: 1, list: [context, 2], structuredContent: context });
        expect(typeof output).toBe('string');
        for (const e of errors) {
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.column).toBeGreaterThanOrEqual(1);
        }
        expect(ms).toBeLessThan(1000);
      }),
      { numRuns: 300 },
    );
  });

  it('survives nesting far deeper than the block limit', () => {
    const depth = 20_000;
    const source = '{.section a}'.repeat(depth) + 'x' + '{.end}'.repeat(depth);
    const { errors } = renderSafely(source, { a: { a: { a: 1 } } });
    expect(errors.some((e) => e.kind === 'limit' && e.message.includes(String(MAX_BLOCK_NESTING)))).toBe(true);
  });

  it('renders a huge repeat in linear time', () => {
    const list = Array.from({ length: 200_000 }, (_, i) => ({ n: i }));
    const { output, ms } = renderSafely('{.repeated section list}{n}{.alternates with},{.end}', { list });
    expect(output.split(',')).toHaveLength(200_000);
    expect(ms).toBeLessThan(5000);
  });

  it('stops recursive and mutually recursive partials at the depth limit', () => {
    const partials = { a: 'a{@|apply b}', b: 'b{@|apply a}' };
    const { output, errors } = render(compile('{@|apply a}'), {}, { partials });
    expect(output).toHaveLength(MAX_PARTIAL_DEPTH);
    expect(errors.map((e) => e.kind)).toEqual(['partial-recursion']);
  });

  it('caps partial fan-out within the depth limit', () => {
    const started = performance.now();
    const { errors } = render(compile('{@|apply p}'), {}, { partials: { p: '{@|apply p}{@|apply p}{@|apply p}' } });
    expect(errors.some((e) => e.kind === 'limit' && e.message.includes(String(MAX_PARTIAL_CALLS)))).toBe(true);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('escaping', () => {
  const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

  it('html escapes markup and round-trips', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const out = render(compile('{t|html}'), { t: text }).output;
        expect(out).not.toMatch(/[<>]/);
        expect(decode(out)).toBe(text);
      }),
    );
  });

  it('htmlattr and htmltag escape quotes too', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        for (const f of ['htmlattr', 'htmltag']) {
          const out = render(compile(`{t|${f}}`), { t: text }).output;
          expect(out).not.toMatch(/[<>"]/);
          expect(decode(out)).toBe(text);
        }
      }),
    );
  });

  it('escapes text inside commerce markup', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const item = { id: 'i', structuredContent: { productType: 2, useCustomAddButtonText: true, customAddButtonText: `${text}<x>` } };
        const out = render(compile('{item|add-to-cart-btn}'), { item }).output;
        expect(out).not.toContain('<x>');
      }),
      { numRuns: 50 },
    );
  });
});
