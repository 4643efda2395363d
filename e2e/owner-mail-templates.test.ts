import { describe, expect, test } from 'vitest';
import { HttpVisitor } from '../packages/server/src/reliability/server-process';
import { axeViolations } from './support/axe';
import { collectPageErrors, newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { mailsTo, useTestSmtp } from './support/mail';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { itemIdOf } from './support/shop';

// Mail the owner can edit (issue 38 item 7). The owner opens Settings → Mail → Templates → Order confirmation, changes
// the subject and the first text block, sees both in the server's preview, and saves. A shopper's order (placed over
// HTTP: the checkout has its own journeys) then sends the edited confirmation, found over a loopback SMTP server.
// Axe-clean; saved at 1280 and 390 px.

const env: Record<string, string> = {};
const smtp = useTestSmtp(env);
let setupToken = '';
const shop = useShop({
  env,
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

describe('mail templates', () => {
  test('the owner edits the order confirmation, previews it, and the next order sends it', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);
    await page.goto('/config/mail/templates');
    await page.getByRole('link', { name: 'Order confirmation' }).click();

    const subject = page.getByRole('textbox', { name: 'Subject' });
    await subject.fill('We have your order {{order.number}}, thank you!');
    const firstText = page.getByRole('group', { name: 'Block 2: Text' }).getByRole('textbox', { name: 'Text' });
    await firstText.fill('Our workshop starts on order {{order.number}} today.');
    const previewSubject = page.getByTestId('preview-subject');
    await expect.poll(() => previewSubject.textContent()).toBe('We have your order #1001, thank you!');
    const frame = page.frameLocator('iframe[title="Preview of the mail with sample data"]');
    await frame.getByText('Our workshop starts on order #1001 today.').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'owner-mail-template-editor');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: this template is sent from now on.' }).waitFor();

    const email = `templates-${Date.now()}@example.com`;
    const shopper = new HttpVisitor();
    await shopper.visit(shop.url, '/shop');
    const added = await shopper.call(shop.url, 'POST', '/api/commerce/shopping-cart/entries', { itemId: await itemIdOf(shop.url, 'canvas-tote'), sku: 'TOTE', quantity: 1 });
    expect(added.status, added.text).toBe(200);
    const placed = await shopper.call(shop.url, 'POST', '/api/commerce/orders', {
      email,
      shippingAddress: { name: 'Ada Shopper', line1: '1 Test Street', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' },
    });
    expect(placed.status, placed.text).toBe(201);
    await expect.poll(() => mailsTo(smtp.server, email).length, { timeout: 15_000 }).toBe(1);
    const mail = mailsTo(smtp.server, email)[0]!;
    expect(mail).toMatch(/^Subject: We have your order #\d+, thank you!/m);
    expect(mail).toMatch(/Our workshop starts on order #\d+ today\./);

    await page.goto('/config/mail/templates');
    await page.getByText(/Your version/).waitFor();
    await saveAtBothWidths(page, 'owner-mail-templates-list');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 60_000);
});
