import { describe, expect, it } from 'vitest';
import { assignVariant, bucketOf, murmurHash3, variantAt } from './bucketing';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('MurmurHash3 x86 32-bit', () => {
  it('gives the reference values', () => {
    // Published test vectors of MurmurHash3_x86_32 (seed 0 unless stated).
    expect(murmurHash3(utf8(''))).toBe(0);
    expect(murmurHash3(utf8(''), 1)).toBe(0x514e28b7);
    expect(murmurHash3(utf8('a'))).toBe(0x3c2569b2);
    expect(murmurHash3(utf8('abcd'))).toBe(0x43ed676a);
    expect(murmurHash3(utf8('Hello, world!'), 1234)).toBe(0xfaf6cdb3);
    expect(murmurHash3(utf8('The quick brown fox jumps over the lazy dog'))).toBe(0x2e4ff723);
  });
});

function ids(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `visitor-${index.toString(36)}-${(index * 7919) % 1000}`);
}

describe('bucketing', () => {
  it('is sticky: the same id gets the same variant every time', () => {
    const variants = [{ name: 'a', weight: 50 }, { name: 'b', weight: 50 }];
    for (const id of ids(200)) expect(assignVariant('hero', id, variants)?.name).toBe(assignVariant('hero', id, variants)?.name);
    expect(bucketOf('hero', 'abc123XY')).toBe(bucketOf('hero', 'abc123XY'));
  });

  it.each([
    [50, 50],
    [90, 10],
  ])('is uniform within ±1%% over 100,000 ids for %i/%i weights', (first, second) => {
    const variants = [{ name: 'a', weight: first }, { name: 'b', weight: second }];
    let a = 0;
    const all = ids(100_000);
    for (const id of all) if (assignVariant('checkout-copy', id, variants)?.name === 'a') a += 1;
    expect(Math.abs(a / all.length - first / 100)).toBeLessThan(0.01);
  });

  it('buckets two experiments independently', () => {
    const variants = [{ name: 'a', weight: 50 }, { name: 'b', weight: 50 }];
    const cells = { aa: 0, ab: 0, ba: 0, bb: 0 };
    const all = ids(100_000);
    for (const id of all) {
      const key = `${assignVariant('first', id, variants)!.name}${assignVariant('second', id, variants)!.name}` as keyof typeof cells;
      cells[key] += 1;
    }
    for (const count of Object.values(cells)) expect(Math.abs(count / all.length - 0.25)).toBeLessThan(0.01);
  });

  it('slices [0, 1) by weight in order, skipping zero weights', () => {
    const variants = [{ name: 'a', weight: 1 }, { name: 'off', weight: 0 }, { name: 'b', weight: 3 }];
    expect(variantAt(variants, 0)?.name).toBe('a');
    expect(variantAt(variants, 0.2499)?.name).toBe('a');
    expect(variantAt(variants, 0.25)?.name).toBe('b');
    expect(variantAt(variants, 0.9999999)?.name).toBe('b');
    expect(variantAt([{ name: 'x', weight: 0 }], 0.5)).toBeUndefined();
  });
});
