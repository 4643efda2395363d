import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { mailsTo, useTestSmtp } from './support/mail';
import { saveAtBothWidths } from './support/screenshots';
import { chromium } from 'playwright-core';
import { LoopbackDnsServer } from '@vitrine/server/loopback-dns';
import { beforeAll, afterAll } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, newShopper } from './support/browser';

// The platform (issue 32 items 2 and 3) on PLATFORM_DOMAIN=vitrine.localhost (Chromium resolves *.localhost to
// loopback): a new person signs up at the platform's own host, confirms the address from the mail (delivered over SMTP
// on loopback), creates two websites — sample content, then empty — and lands in each one's /config signed in through
// the one-time hand-off; from the first one's owner app the website switcher opens the second; then a shopper visits
// both on their own subdomains. Axe on the platform's pages; screenshots at 1280 and 390 px.

const PLATFORM_DOMAIN = 'vitrine.localhost';
/** The custom domain of the second test: the loopback DNS server holds its TXT proof, Chromium maps it to loopback. */
const CUSTOM_DOMAIN = 'shop.fern-loom.test';
const env: Record<string, string> = {};
const smtp = useTestSmtp(env);
let dns: LoopbackDnsServer;
beforeAll(async () => {
  dns = await LoopbackDnsServer.start();
  env.DOMAIN_DNS_SERVERS = dns.server;
});
afterAll(() => dns?.close());
const shop = useShop({ platformDomain: PLATFORM_DOMAIN, env });

const PASSWORD = 'a long enough password';
/** The account the first test makes; the second signs in with it. */
const newcomerEmail = `newcomer-${Date.now()}@example.com`;
/** Text as read aloud: runs of white space as one space. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

async function expectAxeClean(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

async function waitForMail(address: string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const [mail] = mailsTo(smtp.server, address);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address}`);
}

describe('the platform', () => {
  test('a newcomer signs up, confirms, creates two websites, switches between them, and a shopper visits both', async () => {
    const { page } = shop;
    const platform = shop.platformUrl!;
    const port = new URL(platform).port;
    const siteUrl = (identifier: string) => `http://${identifier}.${PLATFORM_DOMAIN}:${port}`;
    const email = newcomerEmail;

    // 1. The platform's home says what it is; Sign up.
    await page.goto(`${platform}/`);
    await page.getByRole('heading', { level: 1, name: 'Build a website with a shop' }).waitFor();
    await expectAxeClean(page, 'home');
    await saveAtBothWidths(page, 'platform-home');
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password (at least 8 characters)').fill(PASSWORD);
    await expectAxeClean(page, 'sign-up');
    await saveAtBothWidths(page, 'platform-sign-up');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your mail' }).waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toBe('Check your mail: we sent you a link to confirm your address. It works for a day.');
    await expectAxeClean(page, 'check your mail');

    // 2. The confirmation mail's link, and its button.
    const mail = await waitForMail(email);
    expect(mail).toContain('Subject: Confirm your email address for Vitrine');
    const link = new RegExp(`${platform.replace(/[.:/]/g, '\\$&')}/signup/confirm\\?token=[A-Za-z0-9_-]+`).exec(mail)![0];
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Confirm your address' }).waitFor();
    await expectAxeClean(page, 'confirm');
    await page.getByRole('button', { name: 'Confirm my address' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your websites' }).waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toBe('Your address is confirmed. Welcome to Vitrine!');
    await expectAxeClean(page, 'no websites yet');
    await saveAtBothWidths(page, 'platform-websites-empty');

    // 3. The first website, with the sample content: it lands in its owner app, signed in.
    await page.getByRole('link', { name: 'Create a website' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create a website' }).waitFor();
    await page.getByLabel('Name').fill('Fern & Loom');
    await page.getByLabel('Address').fill('fern-loom');
    await expect(page.getByRole('radio', { name: /Sample content/ }).isChecked()).resolves.toBe(true);
    await expectAxeClean(page, 'create a website');
    await saveAtBothWidths(page, 'platform-new-website');
    await page.getByRole('button', { name: 'Create the website' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(`${siteUrl('fern-loom')}/config`);
    await expect(page.getByRole('button', { name: 'Fern & Loom, Switch website' }).isVisible()).resolves.toBe(true);

    // 4. The second one, empty, from the platform's page again.
    await page.goto(`${platform}/websites/new`);
    await page.getByLabel('Name').fill('Quiet Press');
    await page.getByLabel('Address').fill('quiet-press');
    await page.getByRole('radio', { name: /Empty/ }).check();
    await page.getByRole('button', { name: 'Create the website' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(`${siteUrl('quiet-press')}/config`);

    await page.goto(`${platform}/websites`);
    const sites = await page.getByRole('main').getByRole('listitem').allInnerTexts();
    expect(sites.map(words)).toEqual([
      `Fern & Loom fern-loom.vitrine.localhost:${port} Your role: admin Open Visit`,
      `Quiet Press quiet-press.vitrine.localhost:${port} Your role: admin Open Visit`,
    ]);
    await expectAxeClean(page, 'your websites');
    await saveAtBothWidths(page, 'platform-websites');

    // 5. In the first one's owner app (still signed in on its host), the switcher opens the second through a hand-off.
    await page.goto(`${siteUrl('fern-loom')}/config`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const switcher = page.getByRole('button', { name: 'Fern & Loom, Switch website' });
    await switcher.click();
    const list = page.getByRole('list', { name: 'Your websites' });
    await list.waitFor();
    expect((await list.getByRole('listitem').allInnerTexts()).map(words)).toEqual(['Fern & Loom admin · this website', 'Quiet Press admin']);
    await expectAxeClean(page, 'the switcher open');
    await saveAtBothWidths(page, 'owner-website-switcher');
    await list.getByRole('link', { name: /Quiet Press/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(`${siteUrl('quiet-press')}/config`);
    await expect(page.getByRole('button', { name: 'Quiet Press, Switch website' }).isVisible()).resolves.toBe(true);

    // 6. A shopper visits both websites on their own subdomains: each its own content, none of the owner's sign-in.
    const shopper = await newShopper(shop.browser, siteUrl('fern-loom'));
    try {
      const visitor = await shopper.newPage();
      await visitor.goto(`${siteUrl('fern-loom')}/shop`);
      await expect(visitor.title()).resolves.toContain('Fern & Loom');
      await visitor.getByRole('link', { name: /Linen Shirt/ }).first().waitFor();
      await visitor.goto(`${siteUrl('quiet-press')}/`);
      await expect(visitor.title()).resolves.toContain('Quiet Press');
      await expect(visitor.getByRole('link', { name: /Linen Shirt/ }).count()).resolves.toBe(0);
      await visitor.goto(`${siteUrl('quiet-press')}/config`);
      await visitor.getByRole('heading', { level: 1, name: 'Sign in to manage your website' }).waitFor();
      expect((await shopper.cookies()).map((cookie) => cookie.domain).filter((domain) => domain.startsWith('.'))).toEqual([]);
    } finally {
      await shopper.close();
    }
    // No cookie anywhere was set for the parent domain: each is host-only.
    expect((await shop.context.cookies()).filter((cookie) => cookie.domain.startsWith('.'))).toEqual([]);
    expect(shop.pageErrors).toEqual([]);
  });

  test('the owner edits one website (the other is untouched) and gives it a custom domain, proved by DNS', async () => {
    const { page } = shop;
    const platform = shop.platformUrl!;
    const port = new URL(platform).port;
    const siteUrl = (identifier: string) => `http://${identifier}.${PLATFORM_DOMAIN}:${port}`;

    // 7. Signed in again on the platform, "Open" hands the owner over to Fern & Loom's owner app.
    await page.goto(`${platform}/signin`);
    await page.getByLabel('Email').fill(newcomerEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your websites' }).waitFor();
    await page.getByRole('link', { name: 'Open Fern & Loom' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 20_000 });

    // 8. The site renamed in Settings → Site identity: its shoppers see the new name, the other site's do not.
    await page.goto(`${siteUrl('fern-loom')}/config/settings/site`);
    await page.getByRole('heading', { level: 1, name: 'Site identity' }).waitFor();
    await page.getByRole('textbox', { name: 'Site title' }).fill('Fern & Loom Studio');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const shopper = await newShopper(shop.browser, siteUrl('fern-loom'));
    try {
      const visitor = await shopper.newPage();
      await visitor.goto(`${siteUrl('fern-loom')}/shop`);
      await expect(visitor.title()).resolves.toContain('Fern & Loom Studio');
      await visitor.goto(`${siteUrl('quiet-press')}/`);
      await expect(visitor.title()).resolves.toContain('Quiet Press');
      await expect(visitor.content()).resolves.not.toContain('Fern &amp; Loom Studio');
    } finally {
      await shopper.close();
    }

    // 9. Settings → Domains: the domain added, its TXT record published on the (loopback) DNS, verified, made primary.
    await page.goto(`${siteUrl('fern-loom')}/config/settings/domains`);
    await page.getByRole('heading', { level: 1, name: 'Domains' }).waitFor();
    await page.getByRole('textbox', { name: 'Domain' }).fill(CUSTOM_DOMAIN);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('status').filter({ hasText: `${CUSTOM_DOMAIN} added.` }).waitFor();
    const item = page.getByRole('listitem', { name: CUSTOM_DOMAIN });
    const record = item.getByRole('definition');
    const [type, name, value] = await record.allInnerTexts();
    expect([type, name]).toEqual(['TXT', `_vitrine-challenge.${CUSTOM_DOMAIN}`]);
    dns.set(name!, { TXT: [value!] });
    await expectAxeClean(page, 'domains, waiting');
    await saveAtBothWidths(page, 'owner-domains-waiting');
    await item.getByRole('button', { name: `Verify ${CUSTOM_DOMAIN} now` }).click();
    await page.getByRole('status').filter({ hasText: `${CUSTOM_DOMAIN} is verified.` }).waitFor();
    await item.getByRole('button', { name: `Make ${CUSTOM_DOMAIN} primary` }).click();
    await page.getByRole('status').filter({ hasText: `${CUSTOM_DOMAIN} is now the primary address.` }).waitFor();
    await expectAxeClean(page, 'domains, verified');
    await saveAtBothWidths(page, 'owner-domains-verified');

    // 10. A browser whose DNS maps the domain to this machine: the domain shows Fern & Loom, and its platform
    // address sends visitors there with the path kept.
    const mapped = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP ${CUSTOM_DOMAIN} 127.0.0.1`] });
    try {
      const visitor = await (await newShopper(mapped, `http://${CUSTOM_DOMAIN}:${port}`)).newPage();
      await visitor.goto(`http://${CUSTOM_DOMAIN}:${port}/shop`);
      await expect(visitor.title()).resolves.toContain('Fern & Loom Studio');
      await visitor.getByRole('link', { name: /Linen Shirt/ }).first().waitFor();
      await visitor.goto(`${siteUrl('fern-loom')}/shop?sort=price-asc`);
      expect(visitor.url()).toBe(`http://${CUSTOM_DOMAIN}:${port}/shop?sort=price-asc`);
      expect(await axeViolations(visitor)).toEqual([]);
      await saveAtBothWidths(visitor, 'custom-domain-shop');
    } finally {
      await mapped.close();
    }
    expect(shop.pageErrors).toEqual([]);
  });
});
