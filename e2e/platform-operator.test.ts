import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { serverTools } from './support/server';
import { saveAtBothWidths } from './support/screenshots';

// The platform operator (issue 32 item 7) on PLATFORM_DOMAIN=vitrine.localhost: an account with the operator role
// (granted as `npm run platform -- operators add` does) signs in at the platform's host, is sent on to /operator,
// finds the websites with their usage, searches, suspends one and deletes another after the confirmation step.
// Axe on each state; screenshots at 1280 and 390 px.

const PLATFORM_DOMAIN = 'vitrine.localhost';
const EMAIL = 'operator@example.com';
const PASSWORD = 'a long enough password';

const shop = useShop({
  platformDomain: PLATFORM_DOMAIN,
  prepareDatabase: async (db) => {
    const { hashPassword, createWebsite } = await serverTools();
    await db
      .insertInto('platform_accounts')
      .values({ id: 'operator-account', email: EMAIL, password_hash: await hashPassword(PASSWORD), confirmed_at: new Date(), operator_since: new Date() })
      .execute();
    await createWebsite(db, { identifier: 'fern-loom', siteTitle: 'Fern & Loom', sampleContent: false });
    await createWebsite(db, { identifier: 'old-shop', siteTitle: 'Old Shop', sampleContent: false });
  },
});

describe('the operator page', () => {
  test('an operator signs in, reads the websites with their usage, searches, suspends one and deletes another', async () => {
    const { page } = shop;
    const platform = shop.platformUrl!;
    await page.goto(`${platform}/operator`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Operator' }).waitFor();
    const table = page.getByRole('table', { name: 'Websites' });
    await expect(table.getByRole('columnheader', { name: 'Requests today' }).count()).resolves.toBe(1);
    const demoRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /demo/ }) });
    await expect(demoRow.getByRole('cell').nth(1).textContent()).resolves.toBe('Active');
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'platform-operator');

    await page.getByLabel('Search by identifier or domain').fill('fern');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('table', { name: 'Websites matching “fern”' }).waitFor();
    await page.getByRole('button', { name: 'Suspend fern-loom' }).click();
    await page.getByRole('button', { name: 'Resume fern-loom' }).waitFor();
    await expect(page.getByText('Suspended', { exact: true }).count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${platform}/operator?q=old`);
    await page.getByRole('link', { name: 'Delete old-shop' }).click();
    await page.getByRole('heading', { level: 1, name: 'Delete Old Shop?' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'platform-operator-delete');
    await page.getByRole('button', { name: 'Delete old-shop' }).click();
    await page.getByRole('button', { name: 'Restore old-shop' }).waitFor();
    await expect(page.getByText(/^Deleted — purged on \d{4}-\d{2}-\d{2}$/).count()).resolves.toBe(1);
    await saveAtBothWidths(page, 'platform-operator-deleted');
  });
});
