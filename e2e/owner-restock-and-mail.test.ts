import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newShopper, collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import path from 'node:path';
import { SCREENSHOT_DIR, saveAtBothWidths, saveScreenshot } from './support/screenshots';
import { axeViolations } from './support/axe';

// The owner app's Restock and Mail screens (issue 16): the demo store has shoppers waiting for the sold-out
// Linen Shirt M / Navy (three) and the Vintage Lamp (two). The owner, signed in from the set-up link, puts the
// shirt back in stock (the owner API, from the app's own session), opens Restock, reads the variant's sign-ups,
// sends the shirt's notices through the confirm step and sees "Notified 3"; sending the still sold-out lamp
// with the selection shows the server's refusal on its row. The mail worker (the server's own, every second,
// into DATA_DIR/mail) sends them: the Mail screen's outbox shows the notice to each shopper, sent, and the
// message reads with its headers, the HTML version in its sandboxed frame and the text version. The newsletter
// tab lists the restock opt-ins. Axe-clean, no console error or CSP violation; saved at 1280 and 390 px.

let setupToken = '';

const shop = useShop({
  // The owner sends; the automatic restock sender stays off whatever the store's preference.
  env: { RESTOCK_AUTO_SEND_INTERVAL_MS: '0' },
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

/**
 * Axe on the app. The message's HTML frame is left out: its sandbox runs no script, so axe cannot run inside it
 * (and the mail's own markup is the mail templates' concern, not the app's); the frame itself (its title) is checked.
 */
/**
 * The message page's screenshot without waiting for 'networkidle': Chromium never reports that state for a
 * frame whose sandbox allows no script (the srcdoc document has nothing to load anyway).
 */
async function saveMessageScreenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('load');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** An owner API call from the app's page, with its session, crumb and XSRF token (as the app's client sends them). */
async function ownerCall(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const boot = JSON.parse(document.getElementById('owner-boot')!.textContent!) as { xsrfToken: string };
      const crumb = document.cookie.split('; ').find((cookie) => cookie.startsWith('crumb='))?.slice('crumb='.length) ?? '';
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, 'X-SiteUser-XSRF-Token': boot.xsrfToken },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, url, body },
  );
}

const SHIRT = 'Linen Shirt M / Navy';
const STILL_SOLD_OUT = 'This variant is still sold out: notices go out once it is back in stock.';

describe('the owner restock and mail screens', () => {
  test('restock the shirt, send its notices through the confirm step, and read the notice in the outbox', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.addInitScript(() => {
      (window as unknown as { cspViolations: string[] }).cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);

    // 1. The shirt's M / Navy is back: 5 on the shelf (the owner API's absolute set).
    const listed = await ownerCall(page, 'GET', '/api/owner/products?q=linen%20shirt');
    const shirt = (listed.body.products as { title: string; variants: { id: string; sku: string }[] }[]).find((product) => product.title === 'Linen Shirt');
    const navy = shirt?.variants.find((variant) => variant.sku === 'SHIRT-M-NAVY');
    if (!navy) throw new Error('the demo store has no Linen Shirt M / Navy');
    expect((await ownerCall(page, 'PUT', `/api/owner/variants/${navy.id}/stock`, { qtyInStock: 5 })).status).toBe(200);

    // 2. Restock: the shirt (3 waiting, in stock) and the lamp (2 waiting, sold out).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Restock' }).click();
    await page.getByRole('heading', { level: 1, name: 'Restock' }).waitFor();
    const table = page.getByRole('table', { name: 'Variants with shoppers waiting' });
    const shirtRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: `Sign-ups for ${SHIRT}` }) });
    const lampRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Sign-ups for Vintage Lamp' }) });
    await shirtRow.getByText('In stock').waitFor();
    await expect(shirtRow.getByRole('cell').filter({ hasText: /^3$/ }).count()).resolves.toBe(1);
    await lampRow.getByText('Sold out').waitFor();

    // The shirt's sign-ups, and back.
    await page.getByRole('link', { name: `Sign-ups for ${SHIRT}` }).click();
    await page.getByRole('heading', { level: 1, name: `Sign-ups for ${SHIRT}` }).waitFor();
    const signUps = page.getByRole('table', { name: `Shoppers waiting for ${SHIRT}, oldest first` });
    for (const email of ['ava.morgan@example.com', 'sam.okafor@example.com', 'lena.fischer@example.net']) await signUps.getByRole('rowheader', { name: email }).waitFor();
    await expect(signUps.getByRole('row').filter({ hasText: 'ava.morgan@example.com' }).getByRole('cell', { name: 'Yes' }).count()).resolves.toBe(1);
    await page.getByRole('link', { name: 'All restock sign-ups' }).click();
    await table.waitFor();

    // 3. Send the shirt's notices: the confirm step says how many people; "Notified 3" on its row.
    await page.getByRole('button', { name: `Send notices for ${SHIRT}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send restock notices?' });
    await dialog.getByText(`3 people waiting for ${SHIRT} will be mailed that it is back in stock.`).waitFor();
    await dialog.getByRole('button', { name: 'Send notices' }).click();
    await shirtRow.getByText('Notified 3').waitFor();
    await page.getByRole('status').filter({ hasText: `${SHIRT}: Notified 3 people.` }).waitFor();

    // The lamp, selected and sent with "Send to all selected": still sold out, refused on its row.
    await page.getByRole('checkbox', { name: 'Select Vintage Lamp' }).check();
    await page.getByText('1 variant selected').waitFor();
    await page.getByRole('button', { name: 'Send to all selected' }).click();
    const allDialog = page.getByRole('alertdialog', { name: 'Send restock notices to 2 people?' });
    await allDialog.getByRole('button', { name: 'Send notices' }).click();
    await lampRow.getByText(STILL_SOLD_OUT).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Notified 0 people; 1 variant refused.' }).waitFor();
    // The shirt's row stays with its result, nobody left waiting.
    await shirtRow.getByText('Notified 3').waitFor();

    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-restock-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await lampRow.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-restock-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 4. Mail: the outbox holds a notice to each shopper; the worker sends them (queued first, maybe).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mail' }).click();
    await page.waitForURL(`${shop.url}/config/mail`);
    await page.getByRole('heading', { level: 1, name: 'Mail' }).waitFor({ timeout: 20_000 });
    const outbox = page.getByRole('table', { name: 'Messages, newest first' });
    const avaRow = outbox.getByRole('row').filter({ hasText: 'ava.morgan@example.com' });
    const subject = avaRow.getByRole('link', { name: /^Linen Shirt is back in stock at / });
    await subject.waitFor();
    await expect(outbox.getByRole('row').filter({ hasText: /Linen Shirt is back in stock at/ }).count()).resolves.toBe(3);
    await avaRow.getByText('Restock notice').waitFor();
    await avaRow.getByText('Marketing').waitFor();
    // Sent by the server's worker within a second or two; the outbox asks again every 10 s.
    await avaRow.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });

    // The status filter.
    await page.getByLabel('Status').selectOption('sent');
    await page.waitForURL(`${shop.url}/config/mail?status=sent`);
    await page.getByRole('table', { name: 'Messages with status Sent, newest first' }).waitFor();
    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('heading', { name: 'No messages with status Failed' }).waitFor();
    await page.getByLabel('Status').selectOption('');
    await avaRow.waitFor();

    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-mail-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await avaRow.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-mail-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 5. The message: headers, the HTML version in its sandboxed frame, the text version.
    await subject.click();
    await page.getByRole('heading', { level: 1, name: /^Linen Shirt is back in stock at / }).waitFor();
    await page.getByText('ava.morgan@example.com', { exact: true }).waitFor();
    const frame = page.locator('iframe.mail-frame');
    await expect(frame.getAttribute('sandbox')).resolves.toBe('');
    // The frame holds the mail's HTML as sent (its sandbox lets no script run, so the test reads the attribute).
    await expect(frame.getAttribute('srcdoc')).resolves.toContain('Good news: it is back.');
    await expect(frame.getAttribute('title')).resolves.toMatch(/^HTML version of “Linen Shirt is back in stock at /);
    await page.getByText(`Good news: Linen Shirt (M / Navy) is back in stock. You asked us to tell you.`, { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveMessageScreenshot(page, 'owner-mail-message-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await saveMessageScreenshot(page, 'owner-mail-message-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 6. The newsletter tab: the restock opt-ins, confirmed; the export.
    await page.getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('navigation', { name: 'Mail views' }).getByRole('link', { name: 'Newsletter subscribers' }).click();
    const subscribers = page.getByRole('table', { name: 'Newsletter subscribers, newest first' });
    const ava = subscribers.getByRole('row').filter({ hasText: 'ava.morgan@example.com' });
    await ava.getByText('Subscribed').waitFor();
    await ava.getByText('Restock sign-up').waitFor();
    await subscribers.getByRole('rowheader', { name: 'noah.tremblay@example.org' }).waitFor();
    const exportHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await page.request.get(`${shop.url}${exportHref}`);
    expect(csv.status()).toBe(200);
    const csvText = await csv.text();
    expect(csvText.split('\n')[0]).toBe('Email,Status,Source,Joined (UTC),Confirmed (UTC),Unsubscribed (UTC),Tags,Language');
    expect(csvText).toContain('ava.morgan@example.com,confirmed,restock,');
    // Tag Ava (a campaign segment): tick her row, name the tag, add it; her row shows it.
    await ava.getByRole('checkbox', { name: 'Choose ava.morgan@example.com' }).check();
    await page.getByRole('textbox', { name: 'Tag' }).fill('VIP');
    await page.getByRole('button', { name: 'Add tag to chosen' }).click();
    await page.getByRole('status').filter({ hasText: 'Tags changed on 1 subscriber.' }).waitFor();
    await ava.getByRole('cell', { name: 'vip', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-subscribers');

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
