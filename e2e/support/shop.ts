import type { Locator, Page } from 'playwright-core';

/** Where the demo store's product pages live (packages/server/src/catalog/demo-store.ts). */
export const productPath = (slug: string) => `/shop/p/${slug}`;

/**
 * Waits until every island on the page is live (`data-hydrated="true"`), so a click reaches React and not
 * the server's inert HTML. A page with no islands at all fails: every storefront page has the header cart.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const islands = Array.from(document.querySelectorAll('[data-island]'));
    // The cart page's view is a chunk of its own: hydrated, its island still waits for that code until it is ready.
    const cartPageWaiting = document.querySelector('[data-island="CartPage"] .vitrine-cart:not([data-ready])') !== null;
    return islands.length > 0 && islands.every((island) => island.getAttribute('data-hydrated') === 'true') && !cartPageWaiting;
  });
}

/** Opens a page of the store and waits for its islands. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page);
}

/** Opens a product page and waits until its product form is live. */
export async function openProduct(page: Page, slug: string): Promise<void> {
  await visit(page, productPath(slug));
  await page.locator('[data-island="ProductForm"][data-hydrated="true"]').waitFor();
}

/** A product option's radio group (up to eight values), named by the option (e.g. 'Size'). */
export const optionGroup = (scope: Page | Locator, optionName: string): Locator => scope.getByRole('radiogroup', { name: optionName, exact: true });

/** One value of a product option: a radio named by the value, inside the option's group. */
export const optionValue = (scope: Page | Locator, optionName: string, value: string): Locator =>
  optionGroup(scope, optionName).getByRole('radio', { name: value, exact: true });

/** A variant select (an option with more than eight values), found by its label (the option name). */
export const optionSelect = (scope: Page | Locator, optionName: string): Locator => scope.getByRole('combobox', { name: optionName });

/** The add-to-cart button under whatever label it has now (idle label, 'Adding…', 'Added!'). */
export const addButton = (page: Page, label = 'Add to Cart'): Locator => page.getByRole('button', { name: label, exact: true });

/** The error alert of the product form or the cart page, by its title. */
export const errorDialog = (page: Page, title: string): Locator => page.getByRole('alertdialog', { name: title, exact: true });

/** The floating cart pill: a link whose name is '{count} {item|items} {subtotal}'. */
export const cartPill = (page: Page, text: string): Locator => page.getByRole('link', { name: text, exact: true });

/** The item id of a demo product, read from its page's JSON context. */
export async function itemIdOf(baseURL: string, slug: string): Promise<string> {
  const response = await fetch(`${baseURL}${productPath(slug)}?format=json`);
  if (!response.ok) throw new Error(`product ${slug}: HTTP ${response.status}`);
  const context = (await response.json()) as { item: { id: string } };
  return context.item.id;
}

export interface StockRecord {
  variantId: string;
  sku: string;
  unlimited: boolean;
  qtyInStock: number;
}

/** Live stock of one variant through the public inventory endpoint. */
export async function stockOf(baseURL: string, itemId: string, sku: string): Promise<StockRecord> {
  const response = await fetch(`${baseURL}/api/commerce/inventory/stock/?itemId=${encodeURIComponent(itemId)}`);
  if (!response.ok) throw new Error(`stock of ${itemId}: HTTP ${response.status}`);
  const { results } = (await response.json()) as { results: StockRecord[] };
  const record = results.find((result) => result.sku === sku);
  if (!record) throw new Error(`no stock record for ${sku}`);
  return record;
}

/** Chooses variant options by their values, in order: a radio of the option's group, or its select when it has one. */
export async function chooseOptions(scope: Page | Locator, options: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(options)) {
    if ((await optionSelect(scope, name).count()) > 0) await optionSelect(scope, name).selectOption({ label: value });
    else await optionValue(scope, name, value).check();
  }
}

/** The cart drawer that opens after an add (a modal dialog named 'Your cart'). */
export const cartDrawer = (page: Page): Locator => page.getByRole('dialog', { name: 'Your cart', exact: true });

/** Closes the cart drawer with Escape when it is open (it opens on a successful add; the quick view opens none). */
export async function closeCartDrawer(page: Page): Promise<void> {
  if ((await cartDrawer(page).count()) === 0) return;
  await page.keyboard.press('Escape');
  await cartDrawer(page).waitFor({ state: 'detached' });
}

/**
 * Clicks add-to-cart and follows the button through its states: 'Adding…' at once, then 'Added!'
 * (after 1 s), closing the cart drawer the add opened, and back to the idle label (2 s later) when `untilIdle` is set.
 */
export async function addToCart(page: Page, options: { label?: string; untilIdle?: boolean } = {}): Promise<void> {
  const label = options.label ?? 'Add to Cart';
  await addButton(page, label).click();
  await addButton(page, 'Added!').waitFor({ timeout: 10_000 });
  await closeCartDrawer(page);
  if (options.untilIdle) await addButton(page, label).waitFor({ timeout: 10_000 });
}

/** The entries of the shopper's own cart, as the server holds it for this page's cookies. */
export async function visitorCartEntries(page: Page): Promise<unknown[]> {
  const response = await page.request.get('/api/commerce/shopping-cart');
  if (!response.ok()) throw new Error(`GET /api/commerce/shopping-cart: HTTP ${response.status()}`);
  const cart = (await response.json()) as { entries?: unknown[] } | null;
  return cart?.entries ?? [];
}
