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

/** Whether the row of a drag handle has been shifted by its sortable transform (a move seen, not yet dropped). */
const rowShifted = (handle: Locator) =>
  handle.evaluate((element) => {
    const match = /translate3d\(([-\d.]+)px, ([-\d.]+)px/.exec(element.closest('li')?.style.transform ?? '');
    return Boolean(match && (Number(match[1]) !== 0 || Number(match[2]) !== 0));
  });

/**
 * Moves a dnd-kit row one place by its drag handle, as a keyboard user does: Space lifts it, `key` moves it, Space
 * drops it. It waits for what each key did, not a fixed beat (on a loaded machine 250 ms was not enough and the
 * move was lost): the lift marks the handle aria-pressed, the move shifts the row. dnd-kit ignores an arrow pressed
 * before it has measured the list, so an arrow that shifted nothing in 2 s is pressed again (for a move to a list's
 * end, as the journeys make, a second press could never go further).
 */
export async function dragOnePlaceByKeyboard(page: Page, handle: Locator, key: 'ArrowUp' | 'ArrowDown'): Promise<void> {
  await handle.focus();
  await page.keyboard.press('Space');
  await handle.and(page.locator('[aria-pressed="true"]')).waitFor();
  for (let presses = 0; ; presses++) {
    if (presses === 10) throw new Error(`${key} never moved ${handle}`);
    await page.keyboard.press(key);
    const deadline = Date.now() + 2_000;
    while (Date.now() < deadline && !(await rowShifted(handle))) await new Promise((resolve) => setTimeout(resolve, 50));
    if (await rowShifted(handle)) break;
  }
  await page.keyboard.press('Space');
}
