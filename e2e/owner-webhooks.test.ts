import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { collectPageErrors, newShopper } from './support/browser';
import { fillCheckout, openCheckout, payNow, PORTLAND } from './support/checkout';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { addToCart, chooseOptions, openProduct } from './support/shop';

// Settings → Webhooks (issue 37 item 1) in Chromium: the admin adds an endpoint on a receiver on loopback (the
// operator allows loopback: WEBHOOKS_ALLOW_PRIVATE), copies the whsec_ secret shown once, a shopper places an order in
// the demo store, the server's delivery job POSTs order.created and order.paid to the receiver with a valid Standard
// Webhooks signature, and the endpoint's delivery log shows them Delivered with the body sent and the answer.
// Axe-clean; the panel, the secret and the log saved at 1280 and 390 px.

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let receiver: http.Server;
let receiverUrl = '';

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/vitrine-hooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

let setupToken = '';
const shop = useShop({
  env: { WEBHOOKS_ALLOW_PRIVATE: 'loopback', WEBHOOKS_INTERVAL_MS: '250' },
  prepareDatabase: async (db) => void (setupToken = await createOwnerSetupToken(db)),
});

/** The receiver's own check of a Standard Webhooks signature (what an integrator writes). */
function signedBy(secret: string, request: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(createHmac('sha256', key).update(`${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`).digest('base64'));
  return String(request.headers['webhook-signature']).split(' ').some((entry) => {
    const given = Buffer.from(entry.replace(/^v1,/, ''));
    return entry.startsWith('v1,') && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('an admin adds a webhook endpoint, an order placed in the demo reaches it signed, and its delivery log shows it', async () => {
  const context = await newShopper(shop.browser, shop.url);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors = collectPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await createOwnerAccount(page, setupToken);
  await page.goto('/config/settings');
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  await page.getByText('No endpoints yet.', { exact: false }).waitFor();

  // 1. Add an endpoint: a refused empty form first, then the receiver's URL and two events.
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an endpoint' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Enter the endpoint’s URL.').waitFor();
  await dialog.getByText('Choose at least one event.').waitFor();
  expect(await dialog.getByLabel('Endpoint URL').evaluate((element) => element === document.activeElement)).toBe(true);
  await dialog.getByLabel('Endpoint URL').fill(receiverUrl);
  await dialog.getByLabel('Description').fill('Accounting sync');
  await dialog.getByRole('checkbox', { name: 'order.created' }).check();
  await dialog.getByRole('checkbox', { name: 'order.paid' }).check();
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'owner-webhooks-add');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // 2. The secret, shown once.
  const secretDialog = page.getByRole('dialog', { name: 'Copy the signing secret' });
  const secret = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'owner-webhooks-secret');
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('status').filter({ hasText: `Endpoint ${receiverUrl} added.` }).waitFor();
  const row = page.getByRole('table', { name: 'Endpoints' }).getByRole('row', { name: new RegExp(receiverUrl) });
  await row.getByText('On', { exact: true }).waitFor();
  expect(await row.textContent()).toContain('order.paid');
  expect(await row.textContent()).not.toContain(secret.slice(10));

  // 3. A shopper places an order in the demo store (a Linen Shirt, Portland, Standard shipping: $51.00).
  const shopper = shop.page;
  await openProduct(shopper, 'linen-shirt');
  await chooseOptions(shopper, { Size: 'S', Color: 'White' });
  await addToCart(shopper);
  await openCheckout(shopper);
  await fillCheckout(shopper, { email: 'webhook-shopper@example.com', address: PORTLAND, shippingOption: 'Standard' });
  const orderId = await payNow(shopper);

  // 4. The server's job delivers both events to the receiver, signed with the secret.
  await waitFor(() => received.length >= 2, 'two deliveries');
  const types = received.map((request) => JSON.parse(request.body).type).sort();
  expect(types).toEqual(['order.created', 'order.paid']);
  for (const request of received) {
    expect(signedBy(secret, request)).toBe(true);
    const payload = JSON.parse(request.body);
    expect(payload.data).toMatchObject({ id: orderId, email: 'webhook-shopper@example.com', grandTotalCents: 5100, currency: 'USD' });
  }

  // 5. The delivery log: both Delivered, 200, the body sent; Resend sends one again with the same webhook-id.
  await page.getByRole('button', { name: `Deliveries to ${receiverUrl}` }).click();
  const log = page.getByRole('region', { name: `Deliveries to ${receiverUrl}` });
  await log.getByText('Delivered').nth(1).waitFor();
  expect(await log.getByText('order.paid', { exact: true }).count()).toBe(1);
  const paidId = String(received.find((request) => JSON.parse(request.body).type === 'order.paid')!.headers['webhook-id']);
  await log.getByText(`Request and answers of order.paid ${paidId}`).click();
  await log.getByText(/Attempt 1: 200 in \d+ ms/).first().waitFor();
  expect(await log.locator('pre').first().textContent()).toContain(`"id": "${orderId}"`);
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'owner-webhooks-log');
  await log.getByRole('button', { name: `Resend order.paid ${paidId}` }).click();
  await log.getByText('order.paid will be sent again in a moment.').waitFor();
  await waitFor(() => received.length >= 3, 'the resend');
  expect(received[2]!.headers['webhook-id']).toBe(paidId);
  expect(pageErrors).toEqual([]);
});
