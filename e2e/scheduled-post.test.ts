import { expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, signedInOwner } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { visit } from './support/shop';

// Issue 18: a post scheduled for later is not on the site until its time, then appears on its own — in the
// journal's list and at its address — with nothing run in between (a scheduled post is live by the clock).

let setupToken = '';
const shop = useShop({ prepareDatabase: async (db) => void (setupToken = await createOwnerSetupToken(db)) });

const TITLE = 'Winter opening hours';
const DELAY_MS = 6_000;

test('a scheduled post appears after its time', async () => {
  const owner = await signedInOwner(shop.url, setupToken);
  const tree = (await owner.call(shop.url, 'GET', '/api/owner/content/pages')).body as { navigation: Array<{ id: string; urlId: string }> };
  const journal = tree.navigation.find((node) => node.urlId === 'journal');
  expect(journal).toBeDefined();

  const created = await owner.call(shop.url, 'POST', `/api/owner/content/pages/${journal!.id}/items`, { title: TITLE });
  expect(created.status, created.text).toBe(201);
  const post = created.body as { id: string; urlId: string; version: number };
  const body = {
    schemaVersion: 1,
    sections: [{ id: 'section-1', blocks: [{ id: 'hours', type: 2, settings: { html: '<p>From December we open at ten, and close at six on Sundays.</p>' } }] }],
  };
  const drafted = await owner.call(shop.url, 'PUT', `/api/owner/content/items/${post.id}/draft`, { version: post.version, body });
  expect(drafted.status, drafted.text).toBe(200);
  const publishAt = new Date(Date.now() + DELAY_MS);
  const scheduled = await owner.call(shop.url, 'POST', `/api/owner/content/items/${post.id}/publish`, { version: (drafted.body as { version: number }).version, publishAt: publishAt.toISOString() });
  expect(scheduled.status, scheduled.text).toBe(200);
  expect((scheduled.body as { status: string }).status).toBe('scheduled');

  const { page } = shop;
  // Before its time: not at its address, not in the list.
  const early = await page.goto(`/journal/${post.urlId}`);
  expect(early!.status()).toBe(404);
  await visit(page, '/journal');
  await page.getByRole('heading', { name: 'Journal', level: 1 }).waitFor();
  expect(await page.getByRole('link', { name: TITLE, exact: true }).count()).toBe(0);

  // After its time: both, with no action from anyone.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, publishAt.getTime() - Date.now()) + 500));
  await visit(page, '/journal');
  await page.getByRole('link', { name: TITLE, exact: true }).click();
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  await page.getByText('From December we open at ten', { exact: false }).waitFor();
  expect(page.url()).toBe(`${shop.url}/journal/${post.urlId}`);
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'site-scheduled-post');
}, 60_000);
