import { describe, expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { axeViolations } from './support/axe';
import { saveScreenshot } from './support/screenshots';
import { addToCart, chooseOptions, openProduct } from './support/shop';
import { openCheckout, PORTLAND, shippingMethods } from './support/checkout';

// Issue 31 item 8. The checkout in its focused layout, as shoppers know it from Shopify: the site's name to go home,
// 'Back to cart', 'Secure checkout', and neither the site's navigation nor its footer. And after a refused
// 'Pay now', the first click on 'Continue to shipping' acts: the field the press leaves keeps its message until the
// press is over, so the button does not move away from under the pointer.

// A cart and a refused 'Pay now', no order: the run's shared demo store.
const shop = useShop({ sharedStore: true });

async function shirtInCheckout(): Promise<void> {
  const { page } = shop;
  await openProduct(page, 'linen-shirt');
  await chooseOptions(page, { Size: 'S', Color: 'White' });
  await addToCart(page);
  await openCheckout(page);
}

describe('the checkout layout', () => {
  test("is focused: the site's name home, 'Back to cart', 'Secure checkout', no site navigation or footer", async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    await shirtInCheckout();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Vitrine Demo Store' }).getAttribute('href')).resolves.toBe('/');
    await expect(header.getByRole('link', { name: 'Back to cart' }).getAttribute('href')).resolves.toBe('/cart');
    await expect(header.getByText('Secure checkout', { exact: true }).isVisible()).resolves.toBe(true);
    // None of the site's ways elsewhere: no main navigation, menu, search, account or cart links, no site footer.
    await expect(page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
    await expect(page.getByRole('navigation', { name: 'Menu' }).count()).resolves.toBe(0);
    await expect(page.getByRole('search').count()).resolves.toBe(0);
    for (const name of ['Home', 'Shop', 'About', 'Journal', 'Events', 'All products']) {
      await expect(page.getByRole('link', { name, exact: true }).count(), name).resolves.toBe(0);
    }
    await expect(page.getByRole('form', { name: 'Newsletter' }).count()).resolves.toBe(0);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link').allTextContents()).resolves.toEqual(['Cart']);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'checkout-focused-desktop', { fullPage: false });

    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone too, the name, the way back and the note are on screen, none cut off.
    for (const target of [header.getByRole('link', { name: 'Vitrine Demo Store' }), header.getByRole('link', { name: 'Back to cart' }), header.getByText('Secure checkout', { exact: true })]) {
      const box = await target.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'checkout-focused-phone', { fullPage: false });
    expect(shop.pageErrors).toEqual([]);
  });

  test("after a refused 'Pay now', the first click on 'Continue to shipping' saves the address", async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    await shirtInCheckout();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('first.click@example.com');
    await page.getByRole('button', { name: 'Pay now' }).click();
    // Refused in the browser: every address field says what it needs.
    const zip = page.getByRole('textbox', { name: 'ZIP code' });
    await expect(zip.getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByRole('textbox', { name: 'Full name' }).fill(PORTLAND.name);
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill(PORTLAND.line1);
    await page.getByRole('textbox', { name: 'City' }).fill(PORTLAND.city);
    await page.getByRole('combobox', { name: 'State' }).selectOption(PORTLAND.state);
    await zip.fill(PORTLAND.zip);
    // The ZIP code is still marked: it is checked when left, and the click on the button is what leaves it.
    await expect(zip.getAttribute('aria-invalid')).resolves.toBe('true');
    const saved = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/api/commerce/shopping-cart/checkout'));
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await saved;
    await shippingMethods(page).waitFor();
    await expect(zip.getAttribute('aria-invalid')).resolves.toBe(null);
    await expect(page.locator('.vitrine-checkout .vitrine-field-error').count()).resolves.toBe(0);
    expect(shop.pageErrors).toEqual([]);
  });
});
