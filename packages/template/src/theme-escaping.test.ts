// Hostile merchant text (product titles, sold-out labels, alt text) rendered through the default theme stays inert.
import { loadTheme } from '@vitrine/theme';
import { describe, expect, it } from 'vitest';
import { compile, render, type Formatter } from './index';

const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</h2><iframe src=javascript:alert(1)>',
];

// The server's own formatters (price tag, islands) are outside this package; stand-ins keep the page whole.
const stubs: Record<string, Formatter> = { 'price-tag': () => '<p class="price-tag"></p>' };

function hostileProduct(title: string, i: number) {
  return {
    id: `p${i}`,
    title,
    fullUrl: `/shop/p/${i}"onmouseover="alert(1)`,
    mainImage: { assetUrl: `/img/${i}.jpg"><script>x</script>`, altText: title },
    structuredContent: { productType: 1, variants: [{ qtyInStock: 0, price: 100, priceMoney: { currency: 'USD', value: '1.00' } }] },
  };
}

describe('default theme with hostile product text', () => {
  const theme = loadTheme();

  it('escapes titles, URLs and alt text in the store grid', () => {
    const items = HOSTILE.map(hostileProduct);
    const { output } = render(compile(theme.pages.collection), { collection: { title: HOSTILE[0] }, items }, {
      partials: theme.partials,
      formatters: stubs,
    });
    expect(output).toContain('product-card');
    expect(output).not.toMatch(/<script|<img src=x|<svg|<iframe/i);
    expect(output).not.toMatch(/"onmouseover=/);
    expect(output).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  // The product page says a product's sold-out state on the product form's button (an island the server renders
  // with React, which escapes it); the store grid's card says it with the merchant's label.
  it('escapes a merchant sold-out label in the store grid and the product page title', () => {
    const product = hostileProduct(HOSTILE[1]!, 9);
    const merchandising = { productMerchandisingContext: { p9: { customSoldOutText: HOSTILE[0] } } };
    const grid = render(compile(theme.pages.collection), { collection: { title: 'Shop' }, items: [product], ...merchandising }, {
      partials: theme.partials,
      formatters: stubs,
    }).output;
    expect(grid).not.toMatch(/<script|<img src=x|<iframe/i);
    expect(grid).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const context = { item: product, ...product, collection: { title: HOSTILE[3], fullUrl: '/shop' }, ...merchandising };
    const { output } = render(compile(theme.pages.item), context, { partials: theme.partials, formatters: stubs });
    expect(output).not.toMatch(/<script|<img src=x|<iframe/i);
    expect(output).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });
});
