import { describe, expect, test } from 'vitest';
import { newAxeBuilder } from './support/axe';
import { STEP_TIMEOUT_MS, useShop } from './support/fixtures';
import { saveAtBothWidths } from './support/screenshots';

// Issue 39 item 2: a site in English with French added. A visitor whose browser prefers French is offered French
// (never sent there), switches with the header's switcher, and reads the French interface at /fr/… with lang="fr".

const shop = useShop({
  prepareDatabase: async (db) => {
    const website = await db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
    await db.insertInto('site_languages').values({ website_id: website.id, languages: JSON.stringify(['fr']), translation_disconnected: false }).execute();
  },
});

describe('a French visitor on an English site with French added', () => {
  test('is offered French, switches to it, reads the French interface; both languages axe-clean', async () => {
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${shop.browser.version().split('.')[0]}.0.0.0 Safari/537.36`;
    const context = await shop.browser.newContext({ baseURL: shop.url, locale: 'fr-FR', userAgent });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      const answer = await page.goto('/shop');
      // A suggestion, never a redirect: the English page answers.
      expect(answer?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe('/shop');
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en-US');
      const suggestion = page.getByRole('complementary', { name: 'Français' });
      await suggestion.waitFor();
      await expect(suggestion.innerText()).resolves.toContain('Ce site existe aussi dans votre langue');
      await saveAtBothWidths(page, 'language-suggestion');
      expect(await newAxeBuilder(page).analyze().then((result) => result.violations.map((violation) => violation.id))).toEqual([]);

      // The header's switcher, by keyboard: the same page in French.
      const french = page.getByRole('banner').getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Français' });
      await french.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/fr/shop');
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('fr');
      await expect(page.locator('.skip-link').innerText()).resolves.toBe('Aller au contenu');
      await expect(page.getByRole('banner').getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'Français' }).getAttribute('aria-current')).resolves.toBe('true');
      await expect(page.getByRole('search').first().getAttribute('action')).resolves.toBe('/fr/search');
      // Read in the language they prefer: no suggestion any more.
      expect(await page.locator('.language-suggestion').count()).toBe(0);
      await saveAtBothWidths(page, 'language-french-shop');
      expect(await newAxeBuilder(page).analyze().then((result) => result.violations.map((violation) => violation.id))).toEqual([]);

      // A product link keeps the language.
      await page.locator('main a[href^="/fr/shop/p/"]').first().click();
      await page.waitForURL('**/fr/shop/p/**');
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('fr');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
