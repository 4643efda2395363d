import { newAxeBuilder } from './support/axe';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { addButton, addToCart, cartDrawer, chooseOptions, openProduct, visit } from './support/shop';

// axe-core on the live pages (islands hydrated): no serious or critical violation of WCAG 2.x A/AA.

const shop = useShop({ sharedStore: true });

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** The serious and critical violations on the page, one readable line per failing node. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await newAxeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.impact} ${violation.id}: ${node.target.join(' ')} (${violation.help})`),
    );
}

test('home page', async () => {
  await visit(shop.page, '/');
  expect(await blockingViolations(shop.page)).toEqual([]);
});

test('store page', async () => {
  await visit(shop.page, '/shop');
  expect(await blockingViolations(shop.page)).toEqual([]);
});

test('product page, with a variant chosen and the cart pill showing', async () => {
  const { page } = shop;
  await openProduct(page, 'linen-shirt');
  expect(await blockingViolations(page)).toEqual([]);
  await chooseOptions(page, { Size: 'S', Color: 'White' });
  await addToCart(page);
  expect(await blockingViolations(page)).toEqual([]);
});

test('product page with the installment info modal open', async () => {
  const { page } = shop;
  await openProduct(page, 'wool-blanket');
  await page.getByRole('button', { name: 'More about Afterpay', exact: true }).click();
  await page.getByRole('dialog', { name: 'Afterpay', exact: true }).waitFor();
  expect(await blockingViolations(page)).toEqual([]);
});

test('cart page, empty and with an entry', async () => {
  const { page } = shop;
  await visit(page, '/cart');
  expect(await blockingViolations(page)).toEqual([]);
  await openProduct(page, 'canvas-tote');
  await addToCart(page);
  await visit(page, '/cart');
  await page.getByRole('button', { name: 'Remove Canvas Tote', exact: true }).waitFor();
  expect(await blockingViolations(page)).toEqual([]);
});

test('product page with the cart drawer open after an add, and the sold-out product', async () => {
  const { page } = shop;
  await openProduct(page, 'canvas-tote');
  await addButton(page).click();
  await cartDrawer(page).waitFor();
  expect(await blockingViolations(page)).toEqual([]);
  await openProduct(page, 'vintage-lamp');
  expect(await blockingViolations(page)).toEqual([]);
});
