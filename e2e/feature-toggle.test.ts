import { expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, signedInOwner } from './support/owner';
import { visit } from './support/shop';

// Issue 19: an owner's feature toggle switched off hides its feature on the visitor's next page load; on again,
// it is back. The theme's 'quick-view' toggle gates the Quick view buttons of the store grid.

let setupToken = '';
const shop = useShop({ prepareDatabase: async (db) => void (setupToken = await createOwnerSetupToken(db)) });

test('a toggle switched off hides its feature on the next page load', async () => {
  const owner = await signedInOwner(shop.url, setupToken);
  const { page } = shop;
  await visit(page, '/shop');
  const quickViews = page.getByRole('button', { name: /^Quick View: / });
  await quickViews.first().waitFor();
  const before = await quickViews.count();
  expect(before).toBeGreaterThan(3);
  // A website with no experiment carries no experiment configuration (the page stays the same for every visitor, so
  // shared caches may keep it: issue 35). A first page sets no cookie; the tracking client makes the analytics id
  // after load (platform §4), and the next page, once there is a toggle, is bucketed with it.
  const configurationOfPage = async () => JSON.parse((await page.locator('#vitrine-experiments').textContent()) ?? 'null');
  expect(await page.locator('#vitrine-experiments').count()).toBe(0);
  await page.waitForFunction(() => /(^|; )SS_ANALYTICS_ID=/.test(document.cookie));
  const analyticsId = (await page.context().cookies()).find((cookie) => cookie.name === 'SS_ANALYTICS_ID')?.value;
  expect(analyticsId).toMatch(/^[0-9a-f-]{36}$/);

  const toggle = { name: 'quick-view', experimentType: 'FEATURE_TOGGLE', variants: [{ name: 'true', weight: 0 }, { name: 'false', weight: 100 }], status: 'running' };
  const created = await owner.call(shop.url, 'POST', '/api/owner/experiments', toggle);
  expect(created.status, created.text).toBe(201);
  await visit(page, '/shop');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect((await configurationOfPage()).analyticsId).toBe(analyticsId);
  expect(await quickViews.count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);

  const { experiment } = created.body as { experiment: { id: string; version: number } };
  const back = await owner.call(shop.url, 'PUT', `/api/owner/experiments/${experiment.id}`, { ...toggle, version: experiment.version, variants: [{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }] });
  expect(back.status, back.text).toBe(200);
  await visit(page, '/shop');
  await quickViews.first().waitFor();
  expect(await quickViews.count()).toBe(before);
}, 60_000);
