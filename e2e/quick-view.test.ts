import { describe, expect, it } from 'vitest';
import { useShop } from './support/fixtures';
import { addToCart, cartPill, chooseOptions, visit, visitorCartEntries } from './support/shop';

describe('quick view on the store grid', () => {
  const shop = useShop({ sharedStore: true });

  it("opens a product's form in a dialog and adds to the cart without leaving the store", async () => {
    const { page } = shop;
    await visit(page, '/shop');
    await page.getByRole('button', { name: 'Quick View: Linen Shirt', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Linen Shirt', exact: true });
    await dialog.getByRole('radiogroup', { name: 'Size' }).waitFor();
    await chooseOptions(page, { Size: 'S', Color: 'White' });
    await addToCart(page);
    await cartPill(page, '1 item $45').waitFor();
    expect(new URL(page.url()).pathname).toBe('/shop');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByRole('button', { name: 'Quick View: Linen Shirt', exact: true }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(await visitorCartEntries(page)).toHaveLength(1);
    expect(shop.pageErrors).toEqual([]);
  });
});
