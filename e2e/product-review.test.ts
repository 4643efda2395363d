import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { newShopper } from './support/browser';
import { fillCheckout, openCheckout, payNow, PORTLAND } from './support/checkout';
import { useShop } from './support/fixtures';
import { mailsTo, useTestSmtp } from './support/mail';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { addToCart, openProduct, visit } from './support/shop';
import { eventTaken, recordTrackingCalls } from './support/tracking';

// Native product reviews (issue 20 item 3): a buyer places a test-mode order for the Sticker Pack; the server's
// review-request job (no delay here) writes their mail to the outbox and the mail worker sends it through a real SMTP
// server on loopback (mail/test-smtp.ts, started by this file); the received mail's signed link opens the reviews
// request page (209), where they rate and review the stickers; the owner approves the review in the owner app's
// Reviews screen; the product page then shows "★ 5.0 (1 review)" and the review in its Reviews tab, and the
// reviews-anchor-link and reviews-tab events reach the analytics API (202: stored). Axe-clean; screenshots at 1280 and 390.

let setupToken = '';
const env: Record<string, string> = { REVIEW_REQUEST_DELAY_MINUTES: '0', REVIEW_REQUEST_INTERVAL_MS: '500' };
const smtp = useTestSmtp(env);

const shop = useShop({
  env,
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

/** An owner call from the signed-in owner app's page (its crumb and XSRF token). */
async function ownerCall(page: Page, path: string): Promise<{ status: number; body: any }> {
  return page.evaluate(async (path) => {
    const boot = JSON.parse(document.getElementById('owner-boot')!.textContent!) as { xsrfToken: string };
    const response = await fetch(path, { headers: { 'X-SiteUser-XSRF-Token': boot.xsrfToken } });
    return { status: response.status, body: await response.json() };
  }, path);
}

describe('product reviews', () => {
  test('a buyer reviews from the mail\'s link, the owner approves, the product page shows it and tells the events', async () => {
    const { page } = shop;
    const buyer = `reviewer-${Date.now()}@example.com`;
    await page.setViewportSize({ width: 1280, height: 800 });

    // 1. The order, in test mode.
    await openProduct(page, 'sticker-pack');
    await expect(page.locator('[data-reviews-anchor]').count()).resolves.toBe(0);
    await addToCart(page);
    await openCheckout(page);
    await fillCheckout(page, { email: buyer, address: PORTLAND });
    await payNow(page);

    // 2. The owner signs in; the review request waits in the outbox (the job runs every half second here).
    const ownerContext = await newShopper(shop.browser, shop.url);
    ownerContext.setDefaultTimeout(10_000);
    const owner = await ownerContext.newPage();
    const ownerErrors: string[] = [];
    owner.on('pageerror', (error) => ownerErrors.push(error.message));
    await owner.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(owner, setupToken);
    // The confirmation and the review request, both delivered over SMTP.
    const toBuyer = () => mailsTo(smtp.server, buyer);
    await expect.poll(() => toBuyer().length, { timeout: 20_000 }).toBe(2);
    const requestMail = toBuyer().find((text) => /^Subject: How did you like your order #\d+ from Vitrine Demo Store\?\r?$/m.test(text));
    expect(requestMail).toBeDefined();
    expect(requestMail).toContain('- Sticker Pack');
    const link = /Write a review: (\S+)/.exec(requestMail!)?.[1] ?? '';
    expect(link).toMatch(/\/reviews\/request\?token=[A-Za-z0-9_.%-]+$/);
    // The owner's outbox lists it as sent.
    const listed = (await ownerCall(owner, '/api/owner/mail')).body.messages as { template: string; to: string; status: string }[];
    expect(listed.find((mail) => mail.template === 'review-request' && mail.to === buyer)?.status).toBe('sent');
    const linkPath = new URL(link).pathname + new URL(link).search;

    // 3. Page 209: the order's line and its form.
    await visit(page, linkPath);
    await page.getByRole('heading', { level: 1, name: 'Review your order' }).waitFor();
    const line = page.getByRole('article', { name: 'Sticker Pack' });
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'review-request');
    await line.getByRole('radio', { name: '5 stars' }).check();
    await line.getByRole('textbox', { name: 'Title', exact: true }).fill('Tough little stickers');
    await line.getByRole('textbox', { name: 'Your review', exact: true }).fill('Two months on my bottle, through the dishwasher, and still bright.');
    await line.getByRole('textbox', { name: 'Name shown with your review' }).fill('Ada');
    await line.getByRole('button', { name: 'Send review' }).click();
    await page.waitForURL(/submitted=1/);
    await expect(page.getByRole('status').first().textContent()).resolves.toBe('Thank you! Your review will appear once the store has approved it.');
    await line.getByText('You have reviewed this product. Thank you!').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'review-request-sent');

    // Not shown before approval.
    await openProduct(page, 'sticker-pack');
    await expect(page.locator('[data-reviews-anchor]').count()).resolves.toBe(0);

    // 4. The owner approves it in the owner app.
    await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
    const card = owner.getByRole('article', { name: 'Tough little stickers' });
    await card.waitFor();
    await expect(card.getByRole('img', { name: 'Rated 5 out of 5' }).count()).resolves.toBe(1);
    await expect(axeViolations(owner)).resolves.toEqual([]);
    await saveAtBothWidths(owner, 'owner-reviews');
    await card.getByRole('button', { name: 'Approve “Tough little stickers”' }).click();
    await expect.poll(() => owner.getByRole('status').first().textContent()).toBe('“Tough little stickers” is approved: it shows on the product page.');
    await owner.getByLabel('Show').selectOption('approved');
    await owner.getByRole('article', { name: 'Tough little stickers' }).waitFor();
    expect(ownerErrors).toEqual([]);
    await ownerContext.close();

    // 5. The product page: the rating under the title, the Reviews tab, the events.
    const sent = recordTrackingCalls(page);
    await openProduct(page, 'sticker-pack');
    const anchor = page.getByRole('link', { name: '5.0 (1 review)', exact: true });
    await anchor.waitFor();
    await page.locator('[data-product-tabs][data-tabs-ready]').waitFor();
    await anchor.click();
    const reviewsTab = page.getByRole('tab', { name: 'Reviews (1)' });
    await expect(reviewsTab.getAttribute('aria-selected')).resolves.toBe('true');
    const panel = page.getByRole('tabpanel', { name: 'Reviews (1)' });
    await panel.getByRole('heading', { level: 3, name: 'Tough little stickers' }).waitFor();
    await expect(panel.locator('.review-byline').textContent()).resolves.toMatch(/^Ada · Verified purchase · [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect.poll(() => eventTaken(sent, 'reviews-anchor-link'), { timeout: 15_000 }).toBe(true);
    // The Sticker Pack has no description: Reviews is its only tab. A click on it is told as reviews-tab.
    await expect(page.getByRole('tab').count()).resolves.toBe(1);
    await reviewsTab.click();
    await expect.poll(() => eventTaken(sent, 'reviews-tab'), { timeout: 15_000 }).toBe(true);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'product-reviews-tab');

    // The JSON-LD and the JSON say the same.
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null');
    expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: '5.0', reviewCount: 1, bestRating: 5, worstRating: 1 });
    // The store's card carries the summary.
    await visit(page, '/shop');
    const stickers = page.locator('.product-card').filter({ hasText: 'Sticker Pack' });
    await expect(stickers.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' }).count()).resolves.toBe(1);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'store-review-summaries');
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
  });
});
