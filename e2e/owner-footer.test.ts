import { describe, expect, test } from 'vitest';
import { newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { axeViolations } from './support/axe';

// Issue 34 item 4: the footer and the announcement bar. Every link of the demo site's footer opens a page (no
// /#shipping anchors); the owner opens Settings → Footer, renames a column, adds a link and a social link, writes the
// legal line and saves; the storefront's footer shows them. Then Settings → Announcement bar: turned on with a link,
// drawn above the header. Axe-clean; the screens saved at 1280 and 390 px.

let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

describe('the footer', () => {
  test('links only to pages that exist, and the owner edits its columns, social links and legal text', async () => {
    const { page } = shop;
    const shopper = await newShopper(shop.browser, shop.url);
    const storefront = await shopper.newPage();
    await storefront.goto('/');
    const footer = storefront.locator('footer.site-footer');
    const hrefs = await footer.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) {
      expect(href, href).not.toContain('#');
      expect((await storefront.request.get(href)).status(), href).toBe(200);
    }

    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);
    await page.goto('/config/settings/footer');
    await page.getByRole('heading', { level: 1, name: 'Footer' }).waitFor();
    const first = page.getByRole('group', { name: 'Column 1' });
    await first.getByRole('textbox', { name: 'Title of column 1' }).fill('Browse');
    await first.getByRole('button', { name: 'Add a link to column 1' }).click();
    const count = await first.getByRole('listitem').count();
    await first.getByRole('textbox', { name: `Text of link ${count} in column 1` }).fill('Journal');
    await first.getByRole('textbox', { name: `Address of link ${count} in column 1` }).fill('https://journal.example.com/');
    await page.getByRole('button', { name: 'Add social link' }).click();
    await page.getByRole('combobox', { name: 'Network of social link 1' }).selectOption('instagram');
    await page.getByRole('textbox', { name: 'Address of social link 1' }).fill('https://instagram.com/vitrine.demo');
    await page.getByRole('textbox', { name: 'Legal text' }).fill('Vitrine Demo Ltd · VAT GB123456789');
    await page.getByRole('button', { name: 'Save footer' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved. Every page shows the new footer from the next visit.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-footer');

    await expect.poll(async () => {
      await storefront.goto('/');
      return footer.getByRole('navigation', { name: 'Browse' }).getByRole('link', { name: 'Journal' }).count();
    }).toBe(1);
    expect(await footer.getByRole('list', { name: 'Follow us' }).getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://instagram.com/vitrine.demo');
    await footer.getByText('Vitrine Demo Ltd · VAT GB123456789').waitFor();
    await storefront.setViewportSize({ width: 390, height: 844 });
    await saveAtBothWidths(storefront, 'storefront-footer');

    await page.goto('/config/settings/announcement');
    await page.getByRole('heading', { level: 1, name: 'Announcement bar' }).waitFor();
    await page.getByRole('checkbox', { name: 'Show the announcement bar' }).check();
    await page.getByRole('textbox', { name: 'Announcement' }).fill('Free shipping on orders over $50 this week');
    await page.getByRole('textbox', { name: 'Link text' }).fill('Shop now');
    await page.getByRole('textbox', { name: 'Link address' }).fill('/shop');
    await page.getByRole('combobox', { name: 'Colour theme' }).selectOption('accent');
    await page.getByRole('button', { name: 'Save announcement bar' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved. Every page shows it from the next visit.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-announcement');
    await storefront.goto('/');
    const bar = storefront.getByRole('complementary', { name: 'Announcement' });
    await bar.getByText('Free shipping on orders over $50 this week').waitFor();
    expect(await bar.getByRole('link', { name: 'Shop now' }).getAttribute('href')).toBe('/shop');
    // Above the header, padded: its text does not touch the edge of the screen.
    const [barBox, headerBox] = await Promise.all([bar.boundingBox(), storefront.locator('header.site-header').boundingBox()]);
    expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(headerBox!.y + 1);
    const textEdges = await bar.locator('p').evaluate((line) => {
      const range = document.createRange();
      range.selectNodeContents(line);
      const box = range.getBoundingClientRect();
      const lineBox = line.getBoundingClientRect();
      return { left: box.left - lineBox.left, top: box.top - lineBox.top };
    });
    expect(textEdges.left).toBeGreaterThanOrEqual(12);
    expect(textEdges.top).toBeGreaterThanOrEqual(8);
    expect(await axeViolations(storefront)).toEqual([]);
    await saveAtBothWidths(storefront, 'storefront-announcement');
    await shopper.close();

    expect([...shop.pageErrors.map((error) => error.message), ...shop.consoleErrors]).toEqual([]);
  });
});
