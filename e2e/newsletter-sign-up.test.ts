import { newAxeBuilder } from './support/axe';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { openProduct, visit } from './support/shop';

// The newsletter block in every page's footer (storefront §4, §8; issue 14): one compact row, its error on its
// field and no top or bottom lines, signed up by keyboard, the tracking events fired, double opt-in said.

// Each test signs up an address of its own and reads nothing another file writes: the run's shared demo store.
const shop = useShop({ sharedStore: true });

const EMAIL_MESSAGE = 'Email is not valid. Email addresses should follow the format user@domain.com.';
const SUCCESS_TEXT = 'Almost done: check your inbox to confirm.';
const CONFIRM_TEXT = 'We sent a confirmation link to ada@example.com.';

const newsletter = (page: Page) => page.locator('footer').getByRole('form', { name: 'Newsletter' });
const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Brings the footer's newsletter into view and waits until it is live (its code loads near the screen). */
async function reachNewsletter(page: Page): Promise<Locator> {
  const block = page.locator('footer .vitrine-site-form--newsletter');
  await block.scrollIntoViewIfNeeded();
  await page.locator('footer .vitrine-site-form--newsletter[data-ready]').waitFor();
  return newsletter(page);
}

/** Records the site form events fired on window, for `recordedEvents`. */
async function recordFormEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { formEvents: string[] }).formEvents = seen;
    for (const name of ['vitrine:newsletter-subscribe', 'vitrine:form-submit-success']) {
      window.addEventListener(name, (event) => seen.push(`${event.type} ${JSON.stringify((event as CustomEvent).detail)}`));
    }
  });
}
const recordedEvents = (page: Page) => page.evaluate(() => (window as unknown as { formEvents: string[] }).formEvents);

describe('the newsletter block', () => {
  test('a visitor signs up from the footer with the keyboard: its error first, then the events and the double opt-in', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, '/');
    const form = await reachNewsletter(page);
    await recordFormEvents(page);
    const email = form.getByRole('textbox', { name: 'Email address' });
    await email.focus();
    await page.keyboard.type('ada.example.com');
    await page.keyboard.press('Enter');
    // Its message stands above its field, tied to it; a newsletter has no top or bottom lines.
    await expect(form.locator('.vitrine-field-error').textContent()).resolves.toBe(EMAIL_MESSAGE);
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).toContain(await form.locator('.vitrine-field-error').getAttribute('id'));
    await expect(form.getByText(/Your form has encountered a problem/).count()).resolves.toBe(0);
    expect(await hasFocus(email)).toBe(true);
    await saveScreenshot(page, 'newsletter-error-desktop', { fullPage: false });
    const results = await newAxeBuilder(page).include('footer').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);

    await email.fill('');
    await page.keyboard.type('ada@example.com');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/form/SaveFormSubmission'));
    await page.keyboard.press('Enter');
    const body = JSON.parse((await sent).postData() ?? '{}') as Record<string, unknown>;
    const done = page.locator('footer').getByRole('status').filter({ hasText: SUCCESS_TEXT });
    await done.waitFor();
    expect(await hasFocus(done)).toBe(true);
    await expect(newsletter(page).count()).resolves.toBe(0);
    expect(body).toMatchObject({ intraPageEventType: 'newsletter-subscribe', pagePath: '/' });
    expect(JSON.parse(String(body.form))).toEqual({ 'newsletter-email': 'ada@example.com' });
    const blockId = String(body.intraPageEventBlockId);
    const formId = String(body.formId);
    expect(await recordedEvents(page)).toEqual([
      `vitrine:newsletter-subscribe ${JSON.stringify({ formId, blockId })}`,
      `vitrine:form-submit-success ${JSON.stringify({ formId, blockId })}`,
    ]);
    // Double opt-in: the answer says a confirmation was mailed, and the block says so.
    await expect(done.textContent()).resolves.toBe(`${SUCCESS_TEXT}${CONFIRM_TEXT}`);
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
    await saveScreenshot(page, 'newsletter-signed-up-desktop', { fullPage: false });
  });

  test('is in the footer of every page, a product page too, and fits a phone', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 390, height: 844 });
    await openProduct(page, 'linen-shirt');
    const form = await reachNewsletter(page);
    const [input, button] = await Promise.all([
      form.getByRole('textbox', { name: 'Email address' }).boundingBox(),
      form.getByRole('button', { name: 'Sign up' }).boundingBox(),
    ]);
    // One row: the address and the button side by side, inside the screen.
    expect(Math.abs(input!.y + input!.height / 2 - (button!.y + button!.height / 2))).toBeLessThan(2);
    expect(button!.x + button!.width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'newsletter-phone', { fullPage: false });
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(form.locator('.vitrine-field-error').textContent()).resolves.toBe(EMAIL_MESSAGE);
    await form.getByRole('textbox', { name: 'Email address' }).fill('phone.reader@example.com');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await page.locator('footer').getByRole('status').filter({ hasText: SUCCESS_TEXT }).waitFor();
    await saveScreenshot(page, 'newsletter-signed-up-phone', { fullPage: false });
  });

  test('an address typed before the form code arrives is kept: signed up, not "Email is not valid"', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    // The form's code is held back, as on a slow connection, while the shopper types into the server's HTML.
    let releaseCode: () => void = () => undefined;
    const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
    let asked = false;
    await page.route(/SiteFormView-[\w-]+\.js$/, async (route) => {
      asked = true;
      await codeHeld;
      await route.continue();
    });
    await visit(page, '/');
    await page.locator('footer .vitrine-site-form--newsletter').scrollIntoViewIfNeeded();
    const email = newsletter(page).getByRole('textbox', { name: 'Email address' });
    await email.click();
    await page.keyboard.type('early.bird@example.com');
    await expect(page.locator('footer .vitrine-site-form--newsletter[data-ready]').count()).resolves.toBe(0);
    expect(asked).toBe(true);
    releaseCode();
    await page.locator('footer .vitrine-site-form--newsletter[data-ready]').waitFor();
    await expect(email.inputValue()).resolves.toBe('early.bird@example.com');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/form/SaveFormSubmission'));
    await newsletter(page).getByRole('button', { name: 'Sign up' }).click();
    const body = JSON.parse((await sent).postData() ?? '{}') as Record<string, unknown>;
    expect(JSON.parse(String(body.form))).toEqual({ 'newsletter-email': 'early.bird@example.com' });
    await page.locator('footer').getByRole('status').filter({ hasText: SUCCESS_TEXT }).waitFor();
    await expect(page.getByText(EMAIL_MESSAGE).count()).resolves.toBe(0);
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
  });

  test('a footer never scrolled to does not load the form code', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (/SiteFormView-[\w-]+\.js$/.test(request.url())) chunks.push(request.url());
    });
    await visit(page, '/shop');
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
    await expect(page.locator('footer .vitrine-site-form--newsletter[data-ready]').count()).resolves.toBe(0);
    await reachNewsletter(page);
    expect(chunks).toHaveLength(1);
  });
});
