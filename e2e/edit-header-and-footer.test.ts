import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, signedInOwnerPage } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { visit } from './support/shop';

// Issue 34 item 4 in the page editor: the owner makes a page, selects Footer in the outline, adds a column of links
// and the legal text; selects Header, turns the announcement bar on and centres the logo; the preview shows them; publishes the page,
// and a visitor sees the announcement above the header and the new footer. Screenshots at 1280 and 390 px.

let ownerToken = '';
const shop = useShop({ prepareDatabase: async (db) => void (ownerToken = await createOwnerSetupToken(db)) });

describe('the header and footer in the page editor', () => {
  test('selects Footer and Header in the outline, edits them in the side panel, publishes, and a visitor sees both', async () => {
    const { context, page, pageErrors } = await signedInOwnerPage(shop, ownerToken);

    await page.goto('/config/pages');
    await page.getByRole('button', { name: '+ Add page' }).click();
    await page.keyboard.type('Opening Hours');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Opening Hours' }).waitFor();

    // The footer, chosen by keyboard: focus the outline's Footer entry and press Enter.
    const footerEntry = page.getByRole('button', { name: 'Footer', exact: true });
    await footerEntry.focus();
    await page.keyboard.press('Enter');
    const footerPanel = page.getByRole('region', { name: 'Footer settings' });
    await footerPanel.getByText('The footer is shared by every page of the site: saving it here changes the live site at once.', { exact: false }).waitFor();
    await expect(footerEntry.getAttribute('aria-pressed')).resolves.toBe('true');
    await footerPanel.getByRole('button', { name: 'Add column' }).click();
    const column = footerPanel.getByRole('group', { name: /^Column \d$/ }).last();
    const n = Number((await column.locator('legend').textContent())!.replace('Column ', ''));
    await column.getByRole('textbox', { name: `Title of column ${n}` }).fill('Visit us');
    await column.getByRole('button', { name: `Add a link to column ${n}` }).click();
    await column.getByRole('textbox', { name: `Text of link 1 in column ${n}` }).fill('Email the shop');
    await column.getByRole('textbox', { name: `Address of link 1 in column ${n}` }).fill('mailto:hello@example.com');
    await footerPanel.getByRole('textbox', { name: 'Legal text' }).fill('Vitrine Demo Ltd · Company 0123456');
    await footerPanel.getByRole('button', { name: 'Save footer' }).click();
    await footerPanel.getByRole('status').filter({ hasText: 'Saved. Every page shows the new footer from the next visit.' }).waitFor();

    // The header: the announcement bar, on, in the accent theme.
    await page.getByRole('button', { name: 'Header', exact: true }).click();
    const headerPanel = page.getByRole('region', { name: 'Header settings' });
    await expect(page.getByRole('region', { name: 'Footer settings' }).count()).resolves.toBe(0);
    await headerPanel.getByRole('checkbox', { name: 'Show the announcement bar' }).check();
    await headerPanel.getByRole('textbox', { name: 'Announcement' }).fill('Open late on Thursdays until 8 pm');
    await headerPanel.getByRole('combobox', { name: 'Colour theme' }).selectOption('accent');
    await headerPanel.getByRole('button', { name: 'Save announcement bar' }).click();
    await headerPanel.getByRole('status').filter({ hasText: 'Saved. Every page shows it from the next visit.' }).waitFor();
    // The logo centred, the menu below it (the theme's layout.header, published as Design publishes).
    await headerPanel.getByRole('group', { name: 'Logo and menu placement' }).getByRole('radio', { name: 'Name centred, menu below it' }).check();
    await headerPanel.getByRole('button', { name: 'Save placement' }).click();
    await headerPanel.getByRole('status').filter({ hasText: 'Saved and published. Every page shows it from the next visit.' }).waitFor();

    // The preview reloaded with both.
    const preview = page.frameLocator('.pages-preview-frame');
    await preview.getByRole('complementary', { name: 'Announcement' }).getByText('Open late on Thursdays until 8 pm').waitFor();
    await preview.locator('footer.site-footer').getByText('Vitrine Demo Ltd · Company 0123456').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'edit-header-and-footer-editor');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published.' }).waitFor();
    const address = await page.getByRole('link', { name: 'View page' }).getAttribute('href');
    expect(address).toBe('/opening-hours');

    const visitor = await (await newShopper(shop.browser, shop.url)).newPage();
    await visitor.setViewportSize({ width: 1280, height: 800 });
    await visit(visitor, address!);
    const bar = visitor.getByRole('complementary', { name: 'Announcement' });
    await bar.getByText('Open late on Thursdays until 8 pm').waitFor();
    await expect(bar.getAttribute('data-colour-theme')).resolves.toBe('accent');
    await expect(visitor.locator('body').getAttribute('data-header')).resolves.toBe('centered');
    const footer = visitor.locator('footer.site-footer');
    await expect(footer.getByRole('navigation', { name: 'Visit us' }).getByRole('link', { name: 'Email the shop' }).getAttribute('href')).resolves.toBe('mailto:hello@example.com');
    await footer.getByText('Vitrine Demo Ltd · Company 0123456').waitFor();
    // Padded, not flush to the edge, at both widths.
    for (const width of [1280, 390]) {
      await visitor.setViewportSize({ width, height: 844 });
      const inset = await bar.locator('p').evaluate((line) => {
        const range = document.createRange();
        range.selectNodeContents(line);
        return range.getBoundingClientRect().left;
      });
      expect(inset, `${width} px`).toBeGreaterThanOrEqual(12);
    }
    expect(await axeViolations(visitor)).toEqual([]);
    await saveAtBothWidths(visitor, 'edit-header-and-footer-live');
    expect(pageErrors).toEqual([]);
  }, 30_000);
});
