import { describe, expect, test } from 'vitest';
import { newShopper, collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { axeViolations } from './support/axe';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { subscribeToCoffee } from './support/subscribe';

// The owner app's Subscriptions screen (issue 17 item 8): a shopper subscribes to the demo coffee in the storefront;
// the owner signs in, opens Subscriptions from the navigation and reads the row (customer, product, '$18.00 every
// month', Active, the next renewal, 'Cycle 1'), filters Past due (none) and back, then cancels it through the
// destructive confirm ('Keep subscription' first), and the row reads Cancelled without a Cancel button. Axe-clean;
// the list and the confirm saved at 1280 and 390 px.

let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

describe('the owner subscriptions screen', () => {
  test('lists a storefront subscription and cancels it through the confirm', async () => {
    const shopperEmail = `subscriber-${Date.now()}@example.com`;
    await subscribeToCoffee(shop.page, shopperEmail);

    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscriptions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Subscriptions' }).waitFor();

    const table = page.getByRole('table', { name: 'Subscriptions, newest first' });
    const row = table.getByRole('row').filter({ hasText: shopperEmail });
    await row.waitFor();
    const cells = await row.locator('th, td').allTextContents();
    expect(cells.slice(0, 4)).toEqual([shopperEmail, 'Coffee Subscription', '$18.00 every month', 'ActiveTest']);
    expect(cells[4]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(cells[5]).toBe('Cycle 1');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'owner-subscriptions');

    await page.getByLabel('Status').selectOption('past_due');
    await page.getByText('No past due subscriptions').waitFor();
    expect(new URL(page.url()).search).toBe('?status=past_due');
    await page.getByLabel('Status').selectOption('');
    await row.waitFor();

    const cancel = row.getByRole('button', { name: `Cancel Coffee Subscription for ${shopperEmail}` });
    await cancel.click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this subscription?' });
    await dialog.waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'owner-subscriptions-cancel');
    await dialog.getByRole('button', { name: 'Keep subscription' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await cancel.click();
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.locator('.subscriptions-outcome').textContent()).resolves.toBe(`Coffee Subscription for ${shopperEmail} is cancelled.`);
    await row.getByText('Cancelled').waitFor();
    await expect(row.getByRole('button').count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
