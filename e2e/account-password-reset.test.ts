import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { mailsTo, useTestSmtp } from './support/mail';
import { saveAtBothWidths } from './support/screenshots';
import { visit } from './support/shop';

// A shopper's password reset on the storefront (issue 20 item 1): they make an account with the /account forms and
// sign out; later, "Forgot your password?" on the sign-in form asks for their email and answers with the one status
// line; the mail worker sends the reset mail through a real SMTP server on loopback (started by this file); its link
// opens /account/reset-password, where they choose a new password and sign in with it. The link then says it is used.
// Axe-clean; screenshots at 1280 and 390.

const env: Record<string, string> = {};
const smtp = useTestSmtp(env);
const shop = useShop({ env });

describe('a shopper resets a forgotten password', () => {
  test('asks from the sign-in form, opens the mailed link, chooses a new password and signs in with it', async () => {
    const { page } = shop;
    const email = `forgetful-${Date.now()}@example.com`;
    await page.setViewportSize({ width: 1280, height: 800 });

    // 1. An account, made with the account page's form, then signed out.
    await visit(page, '/account');
    const signUp = page.getByRole('region', { name: 'Create an account' });
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password (8 characters or more)').fill('first-password-1');
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // 2. "Forgot your password?" from the sign-in form.
    await visit(page, '/account');
    await page.getByRole('region', { name: 'I have an account' }).getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'account-forgot-password');
    await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL(/sent=1/);
    await expect(page.getByRole('status').filter({ hasText: 'link' }).textContent())
      .resolves.toBe('If an account uses this email, a link to choose a new password is on its way. It works for an hour.');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'account-forgot-password-sent');

    // 3. The mail, delivered over SMTP, links the storefront's reset page.
    const toShopper = () => mailsTo(smtp.server, email);
    await expect.poll(() => toShopper().length, { timeout: 20_000 }).toBe(1);
    const link = /(https?:\/\/\S+\/account\/reset-password\?token=[\w-]+)/.exec(toShopper()[0]!)?.[1] ?? '';
    expect(link).not.toBe('');
    const linkPath = new URL(link).pathname + new URL(link).search;

    // 4. The new password, then sign in with it.
    await visit(page, linkPath);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'account-reset-password');
    await page.getByLabel('New password (8 characters or more)').fill('second-password-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(/notice=reset/);
    await expect(page.getByRole('status').filter({ hasText: 'password' }).textContent()).resolves.toBe('Your password is changed. Sign in with the new one.');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'account-password-changed');
    const signIn = page.getByRole('region', { name: 'I have an account' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill('second-password-2');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await expect(page.getByText(`Signed in as ${email}`).count()).resolves.toBe(1);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'account-signed-in');

    // 5. The link is used up: its page says so and offers a new one.
    await visit(page, linkPath);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('This reset link is not valid, has expired or has been used. Ask for a new one.');
    await expect(page.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).resolves.toBe('/account/forgot-password');
    await expect(page.getByLabel('New password (8 characters or more)').count()).resolves.toBe(0);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'account-reset-link-used');
    expect(shop.pageErrors).toEqual([]);
    // The used link's page is answered 400, which the browser logs; nothing else went wrong.
    expect(shop.consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});
