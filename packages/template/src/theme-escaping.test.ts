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

  it('escapes a merchant sold-out label and the product page title', () => {
    const product = hostileProduct(HOSTILE[1]!, 9);
    const context = {
      item: product,
      ...product,
      collection: { title: HOSTILE[3], fullUrl: '/shop' },
      productMerchandisingContext: { p9: { customSoldOutText: HOSTILE[0] } },
    };
    const { output } = render(compile(theme.pages.item), context, { partials: theme.partials, formatters: stubs });
    expect(output).not.toMatch(/<script|<img src=x|<iframe/i);
    expect(output).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
