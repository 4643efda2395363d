import { describe, expect, it } from 'vitest';
import { PAGE_TEMPLATES, layoutOf, loadTheme } from './index';

describe('default theme', () => {
  const theme = loadTheme();

  it('has a layout, every page template and the product card block', () => {
    expect(theme.layout).toContain('{pageBody}');
    expect(theme.checkoutLayout).toContain('{pageBody}');
    for (const name of PAGE_TEMPLATES) expect(theme.pages[name].length, name).toBeGreaterThan(0);
    expect(Object.keys(theme.partials)).toContain('product-card.block');
  });

  it('wraps the checkout in its focused layout and every other page in the site layout', () => {
    expect(layoutOf('checkout')).toBe('checkout');
    for (const name of PAGE_TEMPLATES.filter((page) => page !== 'checkout')) expect(layoutOf(name), name).toBe('site');
  });

  it('escapes every text it prints from the context', () => {
    // Each plain {variable} in the theme must go through an escaping formatter; the only raw
    // insertions are pageBody (already rendered) and numbers.
    const sources = [theme.layout, theme.checkoutLayout, ...Object.values(theme.pages), ...Object.values(theme.partials)];
    const raw = sources.flatMap((source) => [...source.matchAll(/\{([a-zA-Z][\w.]*)\}/g)].map((m) => m[1]));
    expect(raw.filter((name) => !['pageBody', 'quantity'].includes(name ?? ''))).toEqual([]);
  });
});
