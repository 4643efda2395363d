import { expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, signedInOwner } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { visit } from './support/shop';

// Issue 33 item 2: an owner publishes site styles — the accent on the buttons, another heading font, pill
// buttons — and the shopper's next page shows them, with no JavaScript added and axe clean; the draft stays
// off the site until published, and Reset then Publish brings the default look back.

let setupToken = '';
const shop = useShop({ prepareDatabase: async (db) => void (setupToken = await createOwnerSetupToken(db)) });

const computed = (selector: string, property: string) =>
  shop.page.evaluate(([css, name]) => getComputedStyle(document.querySelector(css!)!).getPropertyValue(name!), [selector, property]);

test('published styles reach the site on the next page: accent, heading font and button shape', async () => {
  const owner = await signedInOwner(shop.url, setupToken);
  const { page } = shop;
  await visit(page, '/');
  const primary = page.getByRole('link', { name: 'Visit the shop' });
  await primary.waitFor();
  expect(await computed('h2', 'font-family')).toMatch(/^"?Fraunces"?,/);
  expect(await computed('.button--primary', 'background-color')).toBe('rgb(36, 56, 43)');
  const scriptsBefore = await page.locator('script[src]').evaluateAll((scripts) => scripts.map((script) => script.getAttribute('src')));

  const draft = await owner.call(shop.url, 'PUT', '/api/site-styles/draft', {
    values: { 'theme.light.button': '#7a2e1f', 'colour.accent': '#7a2e1f', 'type.heading.family': 'playfair-display', 'button.shape': '999px' },
  });
  expect(draft.status, draft.text).toBe(200);
  await visit(page, '/');
  expect(await computed('.button--primary', 'background-color')).toBe('rgb(36, 56, 43)'); // a draft is not live

  const published = await owner.call(shop.url, 'POST', '/api/site-styles/publish');
  expect(published.status, published.text).toBe(200);
  await visit(page, '/');
  await primary.waitFor();
  await page.waitForFunction(() => document.fonts.check('600 16px "Playfair Display"'));
  expect(await computed('h2', 'font-family')).toMatch(/^"?Playfair Display"?,/);
  expect(await computed('.button--primary', 'background-color')).toBe('rgb(122, 46, 31)');
  expect(await computed('.button--primary', 'border-top-left-radius')).toBe('999px');
  expect(await page.locator('script[src]').evaluateAll((scripts) => scripts.map((script) => script.getAttribute('src')))).toEqual(scriptsBefore);
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'site-styles-home-published');
  await visit(page, '/shop/p/linen-shirt');
  await page.getByRole('heading', { level: 1, name: 'Linen Shirt' }).waitFor();
  expect(await computed('h1', 'font-family')).toMatch(/^"?Playfair Display"?,/);
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'site-styles-product-published');

  expect((await owner.call(shop.url, 'POST', '/api/site-styles/reset')).status).toBe(200);
  expect((await owner.call(shop.url, 'POST', '/api/site-styles/publish')).status).toBe(200);
  await visit(page, '/');
  await primary.waitFor();
  expect(await computed('h2', 'font-family')).toMatch(/^"?Fraunces"?,/);
  expect(await computed('.button--primary', 'background-color')).toBe('rgb(36, 56, 43)');
}, 90_000);
