import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { CouponJson, ShippingZoneJson, TaxRuleJson } from '@vitrine/contracts';
import { HttpVisitor } from '../packages/server/src/reliability/server-process';
import { newShopper, collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken, OWNER } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { axeViolations } from './support/axe';

// The owner app's checkout settings (issue 17): Settings → Shipping shows the demo zones and the owner adds a
// zone with a flat rate; Taxes: adds a rule and switches "Prices include tax"; Coupons: creates SPRING15 (15 %),
// sees it listed, deletes it through the confirm. Each change is checked against the owner API's answers.
// Axe-clean; each section saved at 1280 and 390 px.

let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('the owner checkout settings', () => {
  test('shipping zone with a flat rate, a tax rule and prices including tax, SPRING15 created and deleted', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);

    const api = new HttpVisitor();
    await api.visit(shop.url, '/');
    expect((await api.call(shop.url, 'POST', '/api/site-users/account/session', OWNER)).status).toBe(200);

    // 1. Shipping: the demo zones, then a zone for Mexico with a flat rate of $9.
    await openSection(page, 'Shipping');
    const zones = page.getByRole('table', { name: 'Shipping zones' });
    await zones.getByRole('rowheader', { name: 'United States' }).waitFor();
    await zones.getByRole('rowheader', { name: 'Canada' }).waitFor();
    await zones.getByRole('rowheader', { name: 'Europe' }).waitFor();
    await zones.getByText('$6.00, free from $100.00').waitFor();
    await page.getByRole('button', { name: 'Add zone' }).click();
    const zoneForm = page.getByRole('form', { name: 'Add a shipping zone' });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Add a shipping zone');
    await zoneForm.getByLabel('Zone name').fill('Mexico');
    await zoneForm.getByRole('group', { name: 'Place 1' }).getByLabel('Country').selectOption('MX');
    await zoneForm.getByLabel('Rate name').fill('Standard');
    await zoneForm.getByLabel('Price (USD)').fill('9');
    await zoneForm.getByRole('button', { name: 'Save zone' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await zones.getByRole('rowheader', { name: 'Mexico' }).waitFor();
    const listedZones = (await api.call(shop.url, 'GET', '/api/owner/shipping-zones')).body as { zones: ShippingZoneJson[] };
    const mexico = listedZones.zones.find((zone) => zone.name === 'Mexico');
    expect(mexico?.locations).toEqual([{ country: 'MX', regions: null }]);
    expect(mexico?.rates.map(({ name, kind, amountCents }) => ({ name, kind, amountCents }))).toEqual([{ name: 'Standard', kind: 'flat', amountCents: 900 }]);
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-shipping');

    // 2. Taxes: a rule for Texas at 6.25 %, then prices include tax.
    await openSection(page, 'Taxes');
    const rules = page.getByRole('table', { name: 'Tax rules' });
    await rules.getByText('7.25 %').waitFor();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const ruleForm = page.getByRole('form', { name: 'Add a tax rule' });
    await ruleForm.getByLabel('Rule name').fill('TX sales tax');
    await ruleForm.getByLabel('Country').selectOption('US');
    await ruleForm.getByLabel('Region (optional)').fill('TX');
    await ruleForm.getByLabel('Rate (%)').fill('6.25');
    await ruleForm.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await rules.getByRole('row', { name: /TX sales tax/ }).getByText('6.25 %').waitFor();
    const inclusive = page.getByRole('switch', { name: 'Prices include tax' });
    await expect(inclusive.isChecked()).resolves.toBe(false);
    await inclusive.focus();
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).first().waitFor();
    await expect.poll(() => inclusive.isChecked()).toBe(true);
    const taxes = (await api.call(shop.url, 'GET', '/api/owner/tax-rules')).body as { taxRules: TaxRuleJson[]; pricesIncludeTax: boolean };
    expect(taxes.pricesIncludeTax).toBe(true);
    expect(taxes.taxRules.find((rule) => rule.name === 'TX sales tax')).toMatchObject({ country: 'US', region: 'TX', rateBasisPoints: 625, shippingTaxable: false });
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-taxes');

    // 3. Coupons: SPRING15 (15 %), listed, then deleted through the confirm.
    await openSection(page, 'Coupons');
    const coupons = page.getByRole('table', { name: 'Coupons' });
    await coupons.getByRole('rowheader', { name: 'WELCOME10' }).waitFor();
    await page.getByRole('button', { name: 'Add coupon' }).click();
    const couponForm = page.getByRole('form', { name: 'Add a coupon' });
    await couponForm.getByLabel('Code').fill('SPRING15');
    await couponForm.getByLabel('Percentage off (%)').fill('15');
    await couponForm.getByRole('button', { name: 'Save coupon' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const spring = coupons.getByRole('row', { name: /SPRING15/ });
    await spring.getByText('15 % off').waitFor();
    let listed = (await api.call(shop.url, 'GET', '/api/owner/coupons')).body as { coupons: CouponJson[] };
    expect(listed.coupons.find((coupon) => coupon.code === 'SPRING15')).toMatchObject({ kind: 'percentage', percentBasisPoints: 1500, active: true, scope: { kind: 'all' } });
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-coupons');

    await page.getByRole('button', { name: 'Delete SPRING15' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete coupon' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted SPRING15.' }).waitFor();
    await spring.waitFor({ state: 'detached' });
    listed = (await api.call(shop.url, 'GET', '/api/owner/coupons')).body as { coupons: CouponJson[] };
    expect(listed.coupons.some((coupon) => coupon.code === 'SPRING15')).toBe(false);

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
