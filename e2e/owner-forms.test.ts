import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newShopper, collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths, saveScreenshot } from './support/screenshots';
import { visit } from './support/shop';
import { axeViolations } from './support/axe';

// The owner app's Forms screen (issue 16, platform §3): a shopper sends the demo contact form from the real
// Contact page; the owner, signed in from the set-up link, opens Forms, the contact form's submissions and
// reads the message word for word; then builds: adds a field, moves it up by keyboard, sees it in the live
// preview, saves, and the storefront's Contact page shows the new field in its place. Axe-clean at 1280 and
// 390 px; screenshots of the list, the builder and the submissions.

const FORM_NAME = 'Get in touch';
const MESSAGE = 'Could you keep two Linen Shirts in size S for me until Friday? Thank you, Ada.';
const NEW_FIELD = 'Gift message';

let setupToken = '';

const shop = useShop({
  // An admin's set-up link made for OWNER's email (an invitation): a first start prints its own first-admin
  // link, which replaces any other link made for no email in particular.
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

/** The demo's Contact page with its form live (its code is a chunk of its own). */
async function openContactForm(page: Page): Promise<Locator> {
  await visit(page, '/contact');
  await page.locator('.vitrine-site-form--form[data-ready]').waitFor();
  return page.getByRole('form', { name: FORM_NAME });
}

/** Field ids in the order a container shows them. */
const fieldOrder = (scope: Locator) => scope.locator('[data-field-id]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-field-id') ?? ''));

describe('the owner Forms screen', () => {
  test('a shopper sends the contact form; the owner reads it, adds a field, moves it by keyboard, saves, and the site shows it', async () => {
    // 1. A shopper sends the demo contact form from the Contact page.
    const shopperContext = await newShopper(shop.browser, shop.url);
    shopperContext.setDefaultTimeout(15_000);
    const shopper = await shopperContext.newPage();
    await shopper.setViewportSize({ width: 1280, height: 900 });
    let form = await openContactForm(shopper);
    const name = form.getByRole('group', { name: /^Name/ });
    await name.getByRole('textbox', { name: 'First Name' }).fill('Ada');
    await name.getByRole('textbox', { name: 'Last Name' }).fill('Lovelace');
    await form.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await form.getByRole('combobox', { name: 'Topic' }).selectOption('A product');
    await form.getByRole('textbox', { name: 'Message' }).fill(MESSAGE);
    await form.getByRole('group', { name: /^How should we reply\?/ }).getByRole('radio', { name: 'Email' }).check();
    await form.getByRole('textbox', { name: 'Email' }).focus();
    await form.getByText('Verified').waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: 'Submit' }).click();
    await shopper.getByRole('status').filter({ hasText: 'Thank you' }).waitFor();

    // 2. The owner signs in from the set-up link and opens Forms.
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);

    const formsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' });
    await formsLink.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Forms' }).waitFor();
    const list = page.getByRole('table', { name: 'Forms of this website' });
    const row = list.getByRole('row', { name: new RegExp(FORM_NAME) });
    await row.waitFor();
    await expect(row.getByRole('cell').nth(2).textContent()).resolves.toBe('1');
    await list.getByRole('row', { name: /Newsletter/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-forms-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-forms-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 3. The contact form's submissions: the shopper's, read in full, the message word for word.
    await row.getByRole('link', { name: `1 submission of ${FORM_NAME}` }).click();
    await page.getByRole('heading', { level: 1, name: `Submissions: ${FORM_NAME}` }).waitFor();
    const submissions = page.getByRole('table', { name: 'Submissions, newest first' });
    await submissions.getByText(/Name: Ada Lovelace · Email: ada@example\.com/).waitFor();
    await expect(submissions.getByRole('cell', { name: 'Contact', exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).resolves.toMatch(/\/api\/owner\/forms\/[^/]+\/submissions\/export\.csv$/);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-form-submissions-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-form-submissions-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    await submissions.getByRole('link', { name: /^Read the submission of / }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${FORM_NAME}: `) }).waitFor();
    const answers = page.getByRole('region', { name: 'Answers' });
    const answerOf = (title: string) => answers.locator('div').filter({ has: page.getByRole('term').getByText(title, { exact: true }) }).getByRole('definition');
    await expect(answerOf('Message').textContent()).resolves.toBe(MESSAGE);
    await expect(answerOf('Name').textContent()).resolves.toBe('Ada Lovelace');
    await expect(answerOf('Topic').textContent()).resolves.toBe('A product');
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-form-submission');

    // Marked as spam, it moves under the Spam filter, and the CSV export with that filter holds it.
    await page.getByRole('button', { name: 'Mark as spam' }).click();
    await page.getByRole('status').filter({ hasText: 'Marked as spam.' }).waitFor();
    await page.getByRole('button', { name: 'Not spam' }).waitFor();
    await page.getByRole('link', { name: 'All submissions' }).click();
    await page.getByRole('radio', { name: 'Not spam' }).check();
    await page.getByRole('heading', { name: 'No submissions outside spam' }).waitFor();
    await page.getByRole('radio', { name: 'Spam', exact: true }).check();
    await page.waitForURL(/\/submissions\?spam=true$/);
    await submissions.getByText('Spam', { exact: true }).waitFor();
    const exportLink = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(exportLink).toMatch(/export\.csv\?spam=true$/);
    const csv = await page.request.get(exportLink!);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(MESSAGE);

    // 4. The builder: add a text field, name it, move it up twice by keyboard, see it in the preview, save.
    await page.getByRole('link', { name: `← ${FORM_NAME}` }).click();
    await page.getByRole('heading', { level: 1, name: FORM_NAME }).waitFor();
    await expect(page.getByRole('tab', { name: /Build/ }).getAttribute('aria-selected')).resolves.toBe('true');
    const kind = page.getByRole('combobox', { name: 'Field type' });
    await kind.focus();
    await kind.selectOption('text');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const label = page.getByRole('textbox', { name: 'Label' });
    await expect.poll(() => label.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(NEW_FIELD);
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('textbox', { name: NEW_FIELD }).waitFor();
    await page.getByRole('button', { name: 'Done' }).press('Enter');

    const up = page.getByRole('button', { name: `Move ${NEW_FIELD} up` });
    await up.focus();
    await page.keyboard.press('Enter');
    await page.getByText(`${NEW_FIELD} moved to position 19 of 20.`).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${NEW_FIELD} up`);
    await page.keyboard.press('Enter');
    await page.getByText(`${NEW_FIELD} moved to position 18 of 20.`).waitFor();
    const order = await fieldOrder(preview);
    const newId = order.find((id) => id.startsWith('text-'))!;
    // The hidden field (source) stays last; it draws no field of its own.
    expect(order.slice(-3)).toEqual(['satisfaction', newId, 'referral-code']);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-form-builder-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-form-builder-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    // 5. The storefront's Contact page shows the new field, in its place.
    form = await openContactForm(shopper);
    await form.getByRole('textbox', { name: NEW_FIELD }).waitFor();
    const siteOrder = await fieldOrder(form);
    expect(siteOrder.slice(-3)).toEqual(['satisfaction', newId, 'referral-code']);

    expect(pageErrors).toEqual([]);
    await context.close();
    await shopperContext.close();
  }, 180_000);
});
