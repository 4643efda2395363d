import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths, SCREENSHOT_DIR } from './support/screenshots';
import { visit } from './support/shop';

// The owner app's Experiments screen (issue 19) on a real server in Chromium: the owner creates an A/B test and
// a feature toggle, switches gift cards off and back on, opens the test's results; then turns session recording
// on with the screen's button (and widens the sample to every visitor, so this one visitor is recorded), a
// visitor browses the shop in a second browser (its real rrweb recorder posts batches), and the owner plays the
// recorded session back. Axe-clean; every view saved at 1280 and 390 px.

let setupToken = '';
const shop = useShop({ prepareDatabase: async (db) => void (setupToken = await createOwnerSetupToken(db)) });

async function checkedAtBothWidths(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, name);
}

describe('the owner Experiments screen', () => {
  test('experiments, flags and results; recording turned on, a real visit recorded and played back', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);

    // 1. An A/B test, running, and a feature toggle with a 25 % roll-out.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Experiments' }).click();
    await page.getByRole('heading', { level: 1, name: 'Experiments' }).waitFor();
    await page.getByRole('heading', { name: 'No experiments yet.' }).waitFor();
    await page.getByRole('link', { name: 'New experiment' }).click();
    let form = page.getByRole('form', { name: 'New experiment' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Checkout Button');
    await form.getByRole('textbox', { name: 'Name', exact: true }).blur();
    await form.getByText('name must be lowercase letters, digits and dashes, starting with a letter, at most 64 characters.').waitFor();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('checkout-button');
    await form.getByRole('textbox', { name: 'Name of variant 2' }).fill('green');
    await form.getByRole('combobox', { name: 'Status' }).selectOption('running');
    await form.getByRole('combobox', { name: 'Conversion event' }).selectOption('add-to-cart');
    await checkedAtBothWidths(page, 'owner-experiments-form');
    await form.getByRole('button', { name: 'Create experiment' }).click();
    await page.getByRole('status').filter({ hasText: 'checkout-button is created.' }).waitFor();

    await page.getByRole('link', { name: 'All experiments' }).click();
    await page.getByRole('link', { name: 'New experiment' }).click();
    form = page.getByRole('form', { name: 'New experiment' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('new-header');
    await form.getByRole('radio', { name: 'Feature toggle' }).check();
    await form.getByRole('spinbutton', { name: 'Roll-out (% of visitors who get it)' }).fill('25');
    await form.getByRole('checkbox', { name: 'Only some visitors take part' }).check();
    await form.getByRole('textbox', { name: 'Segment name', exact: true }).fill('Phones');
    await form.getByRole('checkbox', { name: 'Phone' }).check();
    await form.getByRole('button', { name: 'Create experiment' }).click();
    await page.getByRole('status').filter({ hasText: 'new-header is created.' }).waitFor();
    await page.getByRole('link', { name: 'All experiments' }).click();
    const table = page.getByRole('table', { name: 'Experiments and feature toggles' });
    const rowOf = (name: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(rowOf('checkout-button').getByRole('cell').allTextContents()).resolves.toEqual(['A/B test', 'Running', 'control 50 · green 50', 'Everyone', 'EditResultsDelete']);
    await expect(rowOf('new-header').getByRole('cell').allTextContents()).resolves.toEqual(['Feature toggle', 'Draft', 'On for 25 % of visitors', 'Phones', 'EditDelete']);
    await checkedAtBothWidths(page, 'owner-experiments-list');

    // 2. Gift cards (40) off, saved, then on again.
    await page.getByRole('navigation', { name: 'Experiment views' }).getByRole('link', { name: 'Feature flags' }).click();
    const giftCards = page.getByRole('switch', { name: 'Gift cards (40)' });
    await expect(giftCards.isChecked()).resolves.toBe(true);
    await checkedAtBothWidths(page, 'owner-experiments-flags');
    await giftCards.uncheck();
    await page.getByText('1 unsaved change.').waitFor();
    await page.getByRole('button', { name: 'Save flags' }).click();
    await page.getByRole('status').filter({ hasText: 'Feature flags saved.' }).waitFor();
    let flags = (await (await page.request.get('/api/owner/feature-flags')).json()) as { flags: Array<{ code: number; enabled: boolean }> };
    expect(flags.flags.find((flag) => flag.code === 40)?.enabled).toBe(false);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Gift cards (40)' }).isChecked()).resolves.toBe(false);
    await page.getByRole('switch', { name: 'Gift cards (40)' }).check();
    await page.getByRole('button', { name: 'Save flags' }).click();
    await page.getByRole('status').filter({ hasText: 'Feature flags saved.' }).waitFor();
    flags = (await (await page.request.get('/api/owner/feature-flags')).json()) as typeof flags;
    expect(flags.flags.find((flag) => flag.code === 40)?.enabled).toBe(true);

    // 3. The A/B test's results: both variants, nobody exposed yet.
    await page.getByRole('navigation', { name: 'Experiment views' }).getByRole('link', { name: 'Results' }).click();
    const results = page.getByRole('table', { name: 'Results of checkout-button: conversions are add-to-cart' });
    await results.getByRole('rowheader', { name: 'green' }).waitFor();
    const controlCells = await results.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect([controlCells[0], controlCells[1], controlCells[3], controlCells[5]]).toEqual(['0', '0', '—', 'Control']);
    await expect(results.getByRole('row').nth(2).getByRole('cell').last().textContent()).resolves.toBe('Not enough data yet');
    await page.getByText(/Wilson score interval at 95 %/).waitFor();
    await checkedAtBothWidths(page, 'owner-experiments-results');

    // 4. Recording on: the button creates the toggle and the 10 % sample; the owner widens it to everyone.
    await page.getByRole('navigation', { name: 'Experiment views' }).getByRole('link', { name: 'Session replays' }).click();
    await page.getByRole('heading', { name: 'No recorded sessions yet.' }).waitFor();
    await page.getByRole('button', { name: 'Turn recording on (10 % sample)' }).click();
    await page.getByRole('status').filter({ hasText: 'Recording is on for a 10 % sample of visitors.' }).waitFor();
    await page.getByText('Recording is on: the session-replay toggle and the session-replay-sample test are defined.').waitFor();
    await page.getByRole('navigation', { name: 'Experiment views' }).getByRole('link', { name: 'Experiments' }).click();
    await page.getByRole('link', { name: 'Edit session-replay-sample' }).click();
    form = page.getByRole('form', { name: 'Edit session-replay-sample' });
    await form.getByRole('spinbutton', { name: 'Weight of variant 1' }).fill('0');
    await form.getByRole('spinbutton', { name: 'Weight of variant 2' }).fill('100');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'session-replay-sample is saved.' }).waitFor();

    // 5. A visitor browses with a recorder: more than 2 cores (this machine has 2), so eligible.
    const visitorContext = await newShopper(shop.browser, shop.url);
    visitorContext.setDefaultTimeout(15_000);
    await visitorContext.addInitScript(() => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 8 }));
    const visitor = await visitorContext.newPage();
    await visitor.setViewportSize({ width: 1280, height: 800 });
    // The first page's getId can go out before the tracking client has set the browser-session cookie the replay
    // session is named after (both load once the page is idle): the server then answers the mock id. So the
    // visitor opens the home page, waits for the session cookie, and is recorded from the next page on.
    await visit(visitor, '/');
    await expect.poll(async () => (await visitorContext.cookies()).some((cookie) => cookie.name === 'SS_SESSION_ID'), { timeout: 15_000 }).toBe(true);
    await visitor.waitForLoadState('networkidle');
    const fromShop = (response: { request(): { headers(): Record<string, string> } }) => (response.request().headers()['referer'] ?? '').endsWith('/shop');
    const idAsked = visitor.waitForResponse((response) => response.url().endsWith('/api/commerce/fullstory/getId') && fromShop(response), { timeout: 20_000 });
    const batchSent = visitor.waitForResponse((response) => response.url().endsWith('/api/commerce/fullstory/events') && response.request().method() === 'POST' && fromShop(response), { timeout: 30_000 });
    await visit(visitor, '/shop');
    const idAnswer = (await (await idAsked).json()) as { data: string };
    expect(idAnswer.data).not.toBe('mock-session-id');
    await visitor.mouse.move(200, 300);
    await visitor.mouse.wheel(0, 400);
    const batch = await batchSent;
    expect(`${batch.status()} ${await batch.text()}`).toBe('202 {"stored":true}');
    await visitorContext.close();

    // 6. The owner sees the session and plays it.
    await page.getByRole('navigation', { name: 'Experiment views' }).getByRole('link', { name: 'Session replays' }).click();
    const sessions = page.getByRole('table', { name: 'Recorded sessions, newest first' });
    await sessions.waitFor();
    // The session's first page: the home page when its getId already had the session cookie, else the shop.
    await expect(sessions.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()).resolves.toMatch(/^\/(shop)?$/);
    await checkedAtBothWidths(page, 'owner-experiments-replays');
    await sessions.getByRole('link', { name: /^Play the session of / }).first().click();
    const player = page.getByRole('region', { name: 'Replay player' });
    await player.waitFor();
    await page.getByText('Inputs were masked when this session was recorded.').waitFor();
    const frame = page.frameLocator('.experiments-frame iframe');
    await frame.locator('header').first().waitFor({ timeout: 15_000 });
    await player.getByRole('button', { name: /^(Pause|Play again)$/ }).waitFor();
    await expect(player.getByText(/^\d+:\d\d of \d+:\d\d$/).count()).resolves.toBe(1);
    if (await player.getByRole('button', { name: 'Pause' }).isVisible()) {
      await player.getByRole('button', { name: 'Pause' }).click();
      await player.getByRole('button', { name: 'Play' }).waitFor();
    }
    // The replay frame never lets the page's network go idle (saveScreenshot waits for that): plain screenshots.
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'owner-experiments-replay-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'owner-experiments-replay-phone.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
