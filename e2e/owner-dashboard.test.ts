import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { AnalyticsSummaryReply } from '@vitrine/contracts';
import { HttpVisitor } from '../packages/server/src/reliability/server-process';
import { newShopper, collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, OWNER, todayUtc } from './support/owner';
import { saveScreenshot } from './support/screenshots';
import { addToCart, chooseOptions, itemIdOf, openProduct, visit } from './support/shop';
import { eventTaken, recordTrackingCalls } from './support/tracking';
import { axeViolations } from './support/axe';

/** The demo store ships to the US (no tax rule for Oregon): an order of goods that ship names where they go. */
const SHIPPING_ADDRESS = { name: 'Test Shopper', line1: '1 Test Street', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };

// The owner app at /config (issue 16): a shopper's visit in Chromium (home → product → add to cart) is counted;
// the first-run set-up link's form lands in the app; the owner signs out, signs in again through the server's
// sign-in form with the keyboard alone, lands on the dashboard, reads
// the visit in its numbers, changes the range (presets, a custom range, a refused one), and signs out. Every
// screen is axe-clean and has no CSP violation; the sign-in and dashboard screens are saved at 1280 and 390 px.

let setupToken = '';

const shop = useShop({
  // Today's numbers are counted again every second instead of every five minutes.
  env: { ANALYTICS_ROLLUP_INTERVAL_MS: '1000' },
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

/** CSP violations the page reports (the app must need no exception to the server's policy). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** A figure card of the dashboard, by its label ('Visits'). */
const figure = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

describe('the owner dashboard', () => {
  test('a shopper visit shows in the numbers; the owner signs in by keyboard, changes the range and signs out', async () => {
    // 1. A shopper visits: home → Linen Shirt → add to cart, in a real Chromium page with the tracking client.
    const shopperPage = shop.page;
    // Each page view is one call (issue 35): its hit and the events told so far.
    const sent = recordTrackingCalls(shopperPage);
    const HIT = '/api/census/page-view 200';
    const sentNow = (entry: string) => expect.poll(() => sent, { timeout: 15_000 }).toContain(entry);
    const eventNow = (name: string) => expect.poll(() => eventTaken(sent, name), { timeout: 15_000 }).toBe(true);
    await visit(shopperPage, '/');
    await sentNow(HIT);
    await eventNow('page-view');
    const hitsOnHome = sent.filter((entry) => entry === HIT).length;
    await openProduct(shopperPage, 'linen-shirt');
    await eventNow('visit-product-page');
    await expect.poll(() => sent.filter((entry) => entry === HIT).length, { timeout: 15_000 }).toBe(hitsOnHome + 1);
    await chooseOptions(shopperPage, { Size: 'S', Color: 'White' });
    await addToCart(shopperPage);
    await sentNow('event add-to-cart 202');
    await shopperPage.close({ runBeforeUnload: true });

    // 2. The owner, in a browser of their own, redeems the first-run set-up link: the form lands in the app.
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    const cspViolations = await watchCsp(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/config/setup?token=${setupToken}`);
    await page.getByRole('heading', { level: 1, name: 'Create your owner account' }).waitFor();
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password (at least 8 characters)').fill(OWNER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${shop.url}/config`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();

    // The rollup counts the visit within seconds: wait for it through the API (a session of its own).
    const api = new HttpVisitor();
    await api.visit(shop.url, '/');
    expect((await api.call(shop.url, 'POST', '/api/site-users/account/session', OWNER)).status).toBe(200);
    const deadline = Date.now() + 30_000;
    let summary: AnalyticsSummaryReply | undefined;
    while (Date.now() < deadline) {
      summary = (await api.call(shop.url, 'GET', `/api/owner/analytics/summary?from=${todayUtc()}&to=${todayUtc()}`)).body as AnalyticsSummaryReply;
      if (summary.totals.pageViews >= 2 && summary.totals.addToCart >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(summary?.totals).toMatchObject({ visits: 1, uniqueVisitors: 1, pageViews: 2, addToCart: 1 });

    // 3. Signed out, /config is the server's sign-in form.
    await page.getByRole('heading', { level: 1, name: 'Sign in to manage your website' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-sign-in-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'owner-sign-in-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Keyboard only: Tab to the email field, type, Tab to the password, type, Enter.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.keyboard.type(OWNER.email);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await page.keyboard.type(OWNER.password);
    await page.keyboard.press('Enter');

    // 4. The dashboard: today's visit is among the last 7 days' numbers.
    await page.waitForURL(`${shop.url}/config`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect.poll(() => page.title()).toBe('Dashboard · Vitrine Demo Store');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).resolves.toBe('page');
    await figure(page, 'Visits').getByText('1', { exact: true }).waitFor();
    await expect(figure(page, 'Unique visitors').getByText('1', { exact: true }).count()).resolves.toBe(1);
    await expect(figure(page, 'Page views').getByText('2', { exact: true }).count()).resolves.toBe(1);
    // Nothing in the previous 7 days: each change is 'New', said in words for screen readers.
    await expect(figure(page, 'Visits').getByText('Up from 0 in the previous period').count()).resolves.toBe(1);
    await expect(figure(page, 'Revenue').getByText('$0.00', { exact: true }).count()).resolves.toBe(1);
    const pages = page.getByRole('table', { name: 'Top pages by page views' });
    await expect(pages.getByRole('rowheader').allTextContents()).resolves.toEqual(expect.arrayContaining(['/', '/shop/p/linen-shirt']));
    const products = page.getByRole('table', { name: 'Top products by views' });
    await expect(products.getByRole('row', { name: /Linen Shirt/ }).getByRole('cell').allTextContents()).resolves.toEqual(['1', '1']);
    const funnel = page.getByRole('table', { name: 'Funnel, in visits' });
    await expect(funnel.getByRole('row', { name: /Viewed a product/ }).getByRole('cell').first().textContent()).resolves.toBe('1');
    await expect(funnel.getByRole('row', { name: /Added to cart/ }).getByRole('cell').first().textContent()).resolves.toBe('1');
    // The daily chart is drawn (a canvas) and its table holds the same numbers.
    await page.locator('.daily-chart canvas').waitFor();
    const perDay = page.getByRole('table', { name: 'Per day' });
    expect(await perDay.getByRole('row').count()).toBe(8); // the header and 7 days
    await page.getByRole('button', { name: 'Show as table' }).first().click();
    await perDay.waitFor({ state: 'visible' });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Hide table' }).click();
    await saveScreenshot(page, 'owner-dashboard-desktop');

    // 5. The range: last 30 days (in the address, so a reload keeps it), a custom range, and a refused one.
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await page.waitForURL(/\/config\?range=30d$/);
    await expect(page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect.poll(() => perDay.getByRole('row').count()).toBe(31);
    await figure(page, 'Visits').getByText('1', { exact: true }).waitFor();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).resolves.toBe('true');

    await page.getByRole('button', { name: 'Custom' }).click();
    const from = page.getByLabel('From');
    const to = page.getByLabel('To', { exact: true });
    await from.fill(todayUtc());
    await to.fill('2020-01-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').getByText('The start date must be on or before the end date.').waitFor();
    await expect(from.getAttribute('aria-invalid')).resolves.toBe('true');
    await to.fill(todayUtc());
    await to.press('Enter');
    await page.waitForURL(new RegExp(`/config\\?from=${todayUtc()}&to=${todayUtc()}$`));
    await expect.poll(() => perDay.getByRole('row').count()).toBe(2);
    await figure(page, 'Visits').getByText('1', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.waitForURL(`${shop.url}/config`);

    // 6. Live: a shopper buys while the dashboard is open. The order appears in "Latest orders" without a
    //    reload (polled every 15 s) and is announced; "Visitors now" counts the shopper seen minutes ago. After a
    //    reload, today's Orders and Revenue figures are the order's.
    const live = page.getByRole('region', { name: 'Right now' });
    await expect.poll(() => figure(page, 'Visitors now').textContent(), { timeout: 20_000 }).toContain('1in the last 5 minutes');
    await live.getByText('No orders yet.').waitFor();
    const buyer = new HttpVisitor();
    await buyer.visit(shop.url, '/');
    const added = await buyer.call(shop.url, 'POST', '/api/commerce/shopping-cart/entries', { itemId: await itemIdOf(shop.url, 'canvas-tote'), sku: 'TOTE', quantity: 1 });
    expect(added.status, added.text).toBe(200);
    const placed = await buyer.call(shop.url, 'POST', '/api/commerce/orders', { email: 'buyer@shopper.test', shippingAddress: SHIPPING_ADDRESS });
    expect(placed.status, placed.text).toBe(201);
    const { order } = placed.body as { order: { grandTotal: { value: string } } };
    const newOrder = live.getByRole('link', { name: 'buyer@shopper.test' });
    await newOrder.waitFor({ timeout: 25_000 });
    await expect(live.getByRole('status').textContent()).resolves.toBe('1 new order');
    await live.getByText('New', { exact: true }).waitFor();
    await saveScreenshot(page, 'owner-dashboard-live-desktop');
    await expect.poll(async () => {
      await page.reload();
      await figure(page, 'Orders').waitFor();
      return figure(page, 'Orders').locator('.figure-value').textContent();
    }, { timeout: 30_000, interval: 1000 }).toBe('1');
    await expect(figure(page, 'Revenue').locator('.figure-value').textContent()).resolves.toBe(`$${order.grandTotal.value}`);

    // An unknown address says so plainly, with the focus on its heading.
    await page.goto('/config/nowhere');
    await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
    await page.getByText('Unable to locate content.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // 7. A phone: the navigation behind the Menu button, opened and closed by keyboard.
    await page.setViewportSize({ width: 390, height: 844 });
    await figure(page, 'Visits').getByText('1', { exact: true }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.isVisible()).resolves.toBe(false);
    await saveScreenshot(page, 'owner-dashboard-phone');
    expect(await axeViolations(page)).toEqual([]);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
    await nav.getByRole('link', { name: 'Products' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Dashboard');
    await saveScreenshot(page, 'owner-menu-phone', { fullPage: false });
    await page.keyboard.press('Tab');
    // The navigation's order: Dashboard, then Pages (the site editor), Popup, Experiments, Products, …
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Pages');
    await page.keyboard.press('Escape');
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');

    // 8. Sign out: back to the sign-in form; /config no longer shows the app.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to manage your website' }).waitFor();
    await page.goto('/config');
    await page.getByRole('heading', { level: 1, name: 'Sign in to manage your website' }).waitFor();

    expect(await cspViolations()).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 150_000);
});
