import { describe, expect, it } from 'vitest';
import { PAGE_TEMPLATES, loadTheme } from './index';

describe('default theme', () => {
  const theme = loadTheme();

  it('has a layout, every page template and the product card block', () => {
    expect(theme.layout).toContain('{pageBody}');
    for (const name of PAGE_TEMPLATES) expect(theme.pages[name].length, name).toBeGreaterThan(0);
    expect(Object.keys(theme.partials)).toContain('product-card.block');
  });

  it('escapes every text it prints from the context', () => {
    // Each plain {variable} in the theme must go through an escaping formatter; the only raw
    // insertions are pageBody (already rendered) and numbers.
    const sources = [theme.layout, ...Object.values(theme.pages), ...Object.values(theme.partials)];
    const raw = sources.flatMap((source) => [...source.matchAll(/\{([a-zA-Z][\w.]*)\}/g)].map((m) => m[1]));
    expect(raw.filter((name) => !['pageBody', 'quantity'].includes(name ?? ''))).toEqual([]);
  });
});
