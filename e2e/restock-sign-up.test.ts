import { newAxeBuilder } from './support/axe';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { saveScreenshot } from './support/screenshots';
import { chooseOptions, openProduct } from './support/shop';

// The back-in-stock box on a sold-out variant (storefront spec §2, §4, §5): shown for the chosen variant,
// with the demo's captcha (ALTCHA, solved in the browser), signed up by keyboard alone.

// Sign-ups of addresses of its own, no order and no stock change: the run's shared demo store.
const shop = useShop({ sharedStore: true });

const CTA = 'Get notified by email when this product is back in stock.';
const restockBox = (page: Page) => page.getByRole('region', { name: CTA });


describe('the restock box', () => {
  test('a shopper signs up for the sold-out M / Navy shirt with the keyboard, captcha and all', async () => {
    const { page } = shop;
    await openProduct(page, 'linen-shirt');
    await expect(restockBox(page).count()).resolves.toBe(0);
    await chooseOptions(page, { Size: 'M', Color: 'Navy' });
    const box = restockBox(page);
    await box.waitFor();
    const email = box.getByRole('textbox', { name: 'Email address' });
    // The opt-in is offered, and unticked: consent to news is the shopper's to give (issue 31 item 7).
    await expect(box.getByRole('checkbox', { name: 'Also send me news and offers by email' }).isChecked()).resolves.toBe(false);

    // A blank address first: the spec's message, nothing sent.
    await tabTo(page, email);
    await tabTo(page, box.getByRole('button', { name: 'Sign up' }));
    await page.keyboard.press('Enter');
    await expect(box.getByRole('alert').textContent()).resolves.toBe('Email cannot be blank');

    // Focusing the form started the proof of work; the widget says when it is done.
    await tabTo(page, email);
    await page.keyboard.type('keyboard.shopper@example.com');
    await box.getByText('Verified').waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'restock-box-desktop');
    await tabTo(page, box.getByRole('button', { name: 'Sign up' }));
    await page.keyboard.press('Enter');
    await box.getByRole('status').filter({ hasText: 'Signed up!' }).waitFor();
    // Only the call to action and the success text remain.
    await expect(box.getByRole('textbox').count()).resolves.toBe(0);
    await expect(box.locator('altcha-widget').count()).resolves.toBe(0);
    expect((await box.innerText()).split('\n').filter((line) => line.trim() !== '')).toEqual([CTA, 'Signed up!']);
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
    await saveScreenshot(page, 'restock-signed-up-desktop');
  });

  test("'Complete CAPTCHA before submitting.' goes once the captcha says Verified", async () => {
    const { page } = shop;
    // The challenge is held back until the shopper has pressed the button: the box cannot be verified yet.
    let releaseChallenge: () => void = () => undefined;
    const challengeHeld = new Promise<void>((resolve) => (releaseChallenge = resolve));
    await page.route('**/api/captcha/challenge**', async (route) => {
      await challengeHeld;
      await route.continue();
    });
    await openProduct(page, 'linen-shirt');
    await chooseOptions(page, { Size: 'M', Color: 'Navy' });
    const box = restockBox(page);
    await box.waitFor();
    await box.getByRole('textbox', { name: 'Email address' }).fill('patient.shopper@example.com');
    await box.getByRole('button', { name: 'Sign up' }).click();
    await expect(box.getByRole('alert').textContent()).resolves.toBe('Complete CAPTCHA before submitting.');
    releaseChallenge();
    await box.getByText('Verified').waitFor({ timeout: 30_000 });
    await box.getByRole('alert').waitFor({ state: 'detached' });
    await expect(box.getByText('Complete CAPTCHA before submitting.').count()).resolves.toBe(0);
    await page.unroute('**/api/captcha/challenge**');
  });

  test('the box follows the chosen variant and is accessible', async () => {
    const { page } = shop;
    await openProduct(page, 'linen-shirt');
    await chooseOptions(page, { Size: 'M', Color: 'Navy' });
    await restockBox(page).waitFor();
    await chooseOptions(page, { Size: 'S', Color: 'White' });
    await restockBox(page).waitFor({ state: 'detached' });
    await chooseOptions(page, { Size: 'M', Color: 'Navy' });
    await restockBox(page).waitFor();
    const results = await newAxeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  });

  test("the sold-out lamp shows its box at once, in the store's words, on a phone", async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 390, height: 844 });
    await openProduct(page, 'vintage-lamp');
    const box = page.getByRole('region', { name: 'This lamp is coming back. Leave your email and we will tell you when.' });
    await box.waitFor();
    await box.getByRole('textbox', { name: 'Email address' }).fill('not an address');
    await box.getByRole('button', { name: 'Notify me' }).click();
    await expect(box.getByRole('alert').textContent()).resolves.toBe('Email is invalid');
    await box.getByRole('textbox', { name: 'Email address' }).fill('phone.shopper@example.com');
    await box.getByText('Verified').waitFor({ timeout: 30_000 });
    await box.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'restock-box-phone');
    await box.getByRole('button', { name: 'Notify me' }).click();
    await box.getByRole('status').filter({ hasText: 'Signed up!' }).waitFor();
    await saveScreenshot(page, 'restock-signed-up-phone');
  });
});
