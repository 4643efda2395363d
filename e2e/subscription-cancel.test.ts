import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { saveAtBothWidths } from './support/screenshots';
import { subscribeToCoffee } from './support/subscribe';

// Subscriptions (issue 17 item 8): a shopper reads '$18.00 every month' on the product page, subscribes to the demo
// Coffee Subscription on the subscription page (an address in New York, Standard shipping, paid in test mode),
// follows 'Manage your subscription' from the subscription confirmed page to the signed manage page, which words the
// plan with the format library too, cancels it through the confirm step, and sees it cancelled. Axe-clean; screenshots of the manage
// page, its confirm step and the cancelled page at 1280 and 390 px.

// The coffee is unlimited and the subscription is the visitor's own: the run's shared demo store.
const shop = useShop({ sharedStore: true });

describe('subscriptions', () => {
  test('subscribe, open the manage link from the confirmation page, cancel through the confirm step, see it cancelled', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    await subscribeToCoffee(page, 'coffee-lover@example.com');
    await expect(page.title()).resolves.toMatch(/^Subscription confirmed/);

    await page.getByRole('link', { name: 'Manage your subscription' }).click();
    await page.waitForURL(/\/subscriptions\/manage\?token=[^&]+$/);
    await page.getByRole('heading', { level: 1, name: 'Manage subscription' }).waitFor();
    const card = page.getByRole('article', { name: 'Coffee Subscription' });
    const facts = async () => card.locator('dl.subscription-facts').evaluate((list) =>
      [...list.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    const shown = await facts();
    expect(shown.map(([term]) => term)).toEqual(['Price', 'Status', 'Next renewal', 'Billed']);
    expect(Object.fromEntries(shown)).toMatchObject({ Price: '$18.00 every month', Status: 'Active', Billed: 'Cycle 1' });
    await expect(card.getByText('Test mode: no payment is taken.').isVisible()).resolves.toBe(true);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'subscription-manage');

    // The first button asks; nothing changes until the second.
    await card.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.waitForURL(/confirm=/);
    await card.getByText('Cancel this subscription? You will not be charged again.').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'subscription-cancel-confirm');
    // Keep it, once: back to the page as it was.
    await card.getByRole('link', { name: 'Keep subscription' }).click();
    await page.waitForURL(/\/subscriptions\/manage\?token=[^&]+$/);
    await expect(card.locator('.subscription-status').textContent()).resolves.toBe('Active');

    await card.getByRole('button', { name: 'Cancel subscription' }).click();
    await card.getByRole('button', { name: 'Yes, cancel subscription' }).click();
    await page.waitForURL(/cancelled=1/);
    await expect(page.locator('.subscriptions [role="status"]').textContent()).resolves.toBe('Your subscription is cancelled. You will not be charged again.');
    const after = Object.fromEntries(await facts());
    expect(after).toEqual({ Price: '$18.00 every month', Status: 'Cancelled', Billed: 'Cycle 1' });
    await expect(card.getByRole('button', { name: 'Cancel subscription' }).count()).resolves.toBe(0);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'subscription-cancelled');

    // The page's JSON says the same.
    const json = await page.evaluate(async () => (await fetch(`${location.pathname}${location.search}&format=json`)).json());
    expect(json.subscriptions[0]).toMatchObject({ status: 'cancelled', wording: '$18.00 every month', cancellable: false });
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
  });

  test('a tampered manage link is the not-found page', async () => {
    const { page, url } = shop;
    const response = await page.goto(`${url}/subscriptions/manage?token=bm90LW91cnM.c2lnbmF0dXJl`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  });
});
