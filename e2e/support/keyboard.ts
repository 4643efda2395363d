import type { Locator, Page } from 'playwright-core';

/** Whether the element has the keyboard focus. */
export const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab until `target` has focus, as a keyboard user would; fails if it is not reachable within `maxPresses`.
 * The default leaves room for the whole header (navigation, search, account, cart) before the page's own controls.
 */
export async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses++) {
    await page.keyboard.press('Tab');
    if (await hasFocus(target)) return;
  }
  throw new Error(`${target} was not reachable with Tab in ${maxPresses} presses`);
}
