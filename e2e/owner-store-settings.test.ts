import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { ListMailReply, MailReply } from '@vitrine/contracts';
import { HttpVisitor } from '../packages/server/src/reliability/server-process';
import { newShopper, collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken, OWNER } from './support/owner';
import { saveAtBothWidths, saveScreenshot } from './support/screenshots';
import { axeViolations } from './support/axe';

// The owner app's Store and Access settings (issue 16, items 6 and 7): the owner creates an API key through the
// creation modal and copies its secret, calls the owner API with it (Authorization: Bearer, no cookies), deletes
// it with the confirm modal (then the key is a 401); copies the product feed URL (which answers the feed) and
// saves a pixel id; invites a contributor (the invitation is in the outbox with its one-time link); saves a
// commerce preference. Axe-clean; each panel saved at 1280 px, API keys and contributors at 390 px too.

let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

/** A headless program's call: the key in the Authorization header, no cookies at all. */
const withKey = (secret: string, path: string) => fetch(`${shop.url}${path}`, { headers: { authorization: `Bearer ${secret}` } });

const clipboardOf = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('the owner store and access settings', () => {
  test('API key through the modal (used over HTTP, then deleted: 401), feed URL copied and pixel saved, a contributor invited, a preference saved', async () => {
    const context = await newShopper(shop.browser, shop.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);

    // 1. Settings → API keys, by keyboard.
    const settingsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' });
    await settingsLink.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByText('No API keys yet.', { exact: false }).waitFor();
    await expect(page.getByRole('link', { name: /^Learn more/ }).getAttribute('href')).resolves.toBe('/api/openapi.json');

    // 2. Create key: name and a permission → Next → the secret, copied → Complete.
    await page.getByRole('button', { name: 'Create key' }).click();
    const modal = page.getByRole('dialog', { name: 'Create an API key' });
    await modal.waitFor();
    await expect(page.evaluate(() => document.activeElement?.id ?? '')).resolves.toMatch(/-name$/);
    await page.keyboard.type('Warehouse sync');
    await modal.getByRole('checkbox', { name: 'catalog:read' }).check();
    await modal.getByRole('button', { name: 'Next' }).click();
    const secretStep = page.getByRole('dialog', { name: 'Copy your key' });
    await secretStep.waitFor();
    const shown = await secretStep.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(shown).toMatch(/^vk_[A-Za-z0-9_-]{43}$/);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-api-keys-modal-desktop', { fullPage: false });
    await secretStep.getByRole('button', { name: 'Copy the API key' }).click();
    await secretStep.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
    const secret = await clipboardOf(page);
    expect(secret).toBe(shown);
    await secretStep.getByRole('button', { name: 'Complete' }).click();
    await secretStep.waitFor({ state: 'detached' });
    await page.getByText('Key “Warehouse sync” created.').waitFor();
    const row = page.getByRole('row', { name: /Warehouse sync/ });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(`${secret.slice(0, 11)}…`);
    await expect(row.textContent()).resolves.toContain('Never');

    // 3. A program uses it: the owner API over HTTP with the bearer header alone.
    const products = await withKey(secret, '/api/owner/products?q=shirt');
    expect(products.status).toBe(200);
    expect(((await products.json()) as { products: Array<{ title: string }> }).products.map((product) => product.title)).toContain('Linen Shirt');
    // Its scopes hold: orders are not catalog:read's.
    expect((await withKey(secret, '/api/owner/orders')).status).toBe(403);

    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await row.waitFor();
    await saveScreenshot(page, 'owner-api-keys-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await row.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-api-keys-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 4. Delete with the confirm modal: the key is refused from then on.
    await page.getByRole('button', { name: 'Delete key Warehouse sync' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this API key?' });
    await confirm.getByRole('button', { name: 'Delete key' }).click();
    await page.getByText('Key “Warehouse sync” deleted.').waitFor();
    await page.getByText('No API keys yet.', { exact: false }).waitFor();
    expect((await withKey(secret, '/api/owner/products?q=shirt')).status).toBe(401);

    // 5. Dynamic ads feed: copy the URL (it answers the feed), save a pixel id.
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await page.getByRole('link', { name: 'Dynamic ads feed' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dynamic ads feed' }).waitFor();
    const feedUrl = await page.getByRole('textbox', { name: 'Feed URL' }).inputValue();
    await page.getByRole('button', { name: 'Copy the feed URL' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
    expect(await clipboardOf(page)).toBe(feedUrl);
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('<g:title>Linen Shirt');
    await page.getByRole('textbox', { name: 'Pixel id' }).fill('12345');
    await page.getByRole('button', { name: 'Save pixel id' }).click();
    await page.getByRole('alert').filter({ hasText: 'A pixel id is 10 to 20 digits.' }).waitFor();
    await page.getByRole('textbox', { name: 'Pixel id' }).fill('123456789012345');
    await page.getByRole('button', { name: 'Save pixel id' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Pixel id' }).inputValue()).resolves.toBe('123456789012345');
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-ads-feed');

    // 6. Contributors: invite a helper as an editor; the invitation is listed and waits in the outbox.
    await page.goto('/config/settings/contributors');
    await page.getByRole('heading', { level: 1, name: 'Contributors' }).waitFor();
    await page.getByRole('row', { name: new RegExp(OWNER.email) }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('helper@example');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter a valid email' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('helper@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Editor' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('alertdialog', { name: 'Send the invitation?' }).getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent to helper@example.com.').waitFor();
    const invited = page.getByRole('row', { name: /helper@example\.com/ });
    await invited.waitFor();
    await expect(invited.textContent()).resolves.toContain('Invited');

    const api = new HttpVisitor();
    await api.visit(shop.url, '/');
    expect((await api.call(shop.url, 'POST', '/api/site-users/account/session', OWNER)).status).toBe(200);
    const outbox = (await api.call(shop.url, 'GET', '/api/owner/mail')).body as ListMailReply;
    const invitation = outbox.messages.find((message) => message.to === 'helper@example.com');
    expect(invitation).toMatchObject({ template: 'contributor-invitation', kind: 'transactional' });
    const mail = (await api.call(shop.url, 'GET', `/api/owner/mail/${invitation!.id}`)).body as MailReply;
    expect(mail.text).toMatch(/\/config\/setup\?token=[\w-]+/);
    expect(mail.text).toContain('as editor');

    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-contributors-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await invited.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-contributors-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 7. Commerce preferences: turn on automatic back-in-stock notices and save.
    await page.goto('/config/settings/commerce');
    await page.getByRole('heading', { level: 1, name: 'Commerce preferences' }).waitFor();
    const auto = page.getByRole('checkbox', { name: 'Send back-in-stock notices automatically' });
    const wasOn = await auto.isChecked();
    await auto.setChecked(!wasOn);
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const websiteId = await page.evaluate(() => (JSON.parse(document.getElementById('owner-boot')!.textContent!) as { website: { id: string } }).website.id);
    const preferences = (await api.call(shop.url, 'GET', `/api/v1/commerce-preferences/${websiteId}`)).body as Record<string, unknown>;
    expect(preferences.restockAutoSend).toBe(!wasOn);
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-commerce');

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
