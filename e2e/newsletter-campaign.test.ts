import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { collectPageErrors, newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { mailsTo, useTestSmtp } from './support/mail';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';

// Newsletter campaigns (issue 38 item 4). The owner opens Mail → Campaigns, writes a campaign (subject, preheader, a
// button to the sale), sees it in the server's preview, saves it and sends it now. The subscriber's mail arrives over
// a loopback SMTP server with one-click unsubscribe headers; its tracked link leads to the sale and the click is
// counted on the list. Axe-clean; saved at 1280 and 390 px.

const READER = 'reader@campaign.test';
const env: Record<string, string> = { CAMPAIGN_INTERVAL_MS: '200' };
const smtp = useTestSmtp(env);
let setupToken = '';
const shop = useShop({
  env,
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
    const website = await db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
    await db.insertInto('newsletter_subscribers').values({ website_id: website.id, email: READER, source: 'newsletter', status: 'confirmed' }).execute();
  },
});

describe('newsletter campaign', () => {
  test('the owner composes and sends a campaign; the subscriber follows its link and the click is counted', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);
    await page.goto('/config/mail/campaigns');
    await page.getByRole('link', { name: 'New campaign' }).click();

    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('The winter sale starts now');
    await page.getByRole('textbox', { name: /^Preheader/ }).fill('Thirty percent off the totes');
    const button = page.getByRole('group', { name: 'Block 3: Button' });
    await button.getByRole('textbox', { name: 'Button label' }).fill('See the sale');
    await button.getByRole('textbox', { name: 'Button link' }).fill('https://sale.campaign.test/winter');
    await expect.poll(() => page.getByTestId('preview-subject').textContent()).toBe('The winter sale starts now');
    await page.frameLocator('iframe[title="Preview of the mail with sample data"]').getByRole('link', { name: 'See the sale' }).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'owner-campaign-editor');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/config\/mail\/campaigns\/[^/]+$/);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('status').filter({ hasText: 'Sending' }).waitFor();

    await expect.poll(() => mailsTo(smtp.server, READER).length, { timeout: 15_000 }).toBe(1);
    const mail = mailsTo(smtp.server, READER)[0]!;
    expect(mail).toMatch(/^Subject: The winter sale starts now/m);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const link = /href="(https?:\/\/[^"]+\/mail\/c\?t=[^"]+)"/.exec(mail)?.[1] ?? '';
    expect(link).not.toBe('');

    // The subscriber follows the link: counted, then sent on to the campaign's own address. The browser's DNS knows
    // no sale.campaign.test, so the redirect is read first and its target answered by a route.
    const linkUrl = new URL(link);
    const followed = await fetch(`${shop.url}${linkUrl.pathname}${linkUrl.search}`, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('https://sale.campaign.test/winter');
    await page.route('https://sale.campaign.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Winter sale</title><h1>Winter sale</h1></html>' }));
    await page.goto(followed.headers.get('location')!);
    await page.getByRole('heading', { name: 'Winter sale' }).waitFor();

    await page.goto(`${shop.url}/config/mail/campaigns`);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'The winter sale starts now' }) });
    // Status, audience, sent (the demo site's own subscribers too), clicks: the one click.
    await expect.poll(async () => { const cells = await row.getByRole('cell').allTextContents(); return [cells[0], cells[1], Number(cells[2]) >= 1, cells[3]]; }, { timeout: 15_000 })
      .toEqual(['Sent', 'All subscribers', true, '1']);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'owner-campaigns-list');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 60_000);
});
