import type { Frame, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, signedInOwnerPage } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { visit } from './support/shop';

// Editing on the page (issue 34 item 1): the owner clicks a heading in the preview and its settings open beside;
// moves a block with the overlay's toolbar (by keyboard) and by dragging it with the mouse on the page; publishes
// and the visitor sees the order live, without the editor's marks. axe-clean; screenshots at 1280 and 390 px with a
// block selected.

let ownerToken = '';
const shop = useShop({ prepareDatabase: async (db) => void (ownerToken = await createOwnerSetupToken(db)) });

/** The preview's document once its overlay is mounted (after each reload). */
async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe.pages-preview-frame').elementHandle();
  const frame = (await handle!.contentFrame())!;
  await frame.locator('[data-editor-overlay]').waitFor({ state: 'attached' });
  return frame;
}

/** Where a block of the preview is on the screen: the preview is drawn at 1280 px and scaled down to its stage. */
async function onScreen(page: Page, frame: Frame, selector: string) {
  const stage = (await page.locator('iframe.pages-preview-frame').boundingBox())!;
  const scale = stage.width / 1280;
  const box = await frame.locator(selector).evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  });
  return { x: stage.x + box.x * scale, y: stage.y + box.y * scale, width: box.width * scale, height: box.height * scale };
}

/** The blocks' kinds in the preview, in reading order ('html' for Text, 'button'). */
const orderIn = async (page: Page) => (await previewFrame(page)).locator('[data-editor-block]').evaluateAll((blocks) => blocks.map((block) => block.className.replace(/.*block--(\S+).*/, '$1')));

describe('edit on the page', () => {
  test('selects a block by clicking it on the page, moves it by toolbar and by mouse drag, and publishes the order', async () => {
    const { context, page, pageErrors } = await signedInOwnerPage(shop, ownerToken);

    await page.goto('/config/pages');
    await page.getByRole('button', { name: '+ Add page' }).click();
    await page.keyboard.type('On the page');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'On the page' }).waitFor();
    await page.getByRole('button', { name: '+ Add section' }).click();
    await page.getByRole('dialog', { name: 'Add a section' }).getByRole('button', { name: 'Call to action', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor();
    await expect.poll(() => orderIn(page), { timeout: 10_000 }).toEqual(['html', 'button']);

    // Click the heading on the page: its block's settings open beside the page, and the toolbar is drawn on it.
    // (The new section selected its first block: the button is clicked first, so the heading's click is what selects it.)
    let frame = await previewFrame(page);
    await frame.getByRole('link', { name: 'See what is new' }).click();
    await page.getByRole('heading', { level: 2, name: 'Button settings' }).waitFor();
    expect(page.url()).toContain('/config/pages/');
    await frame.getByRole('heading', { name: 'Ready when you are' }).click();
    await page.getByRole('heading', { level: 2, name: 'Text settings' }).waitFor();
    const toolbar = frame.getByRole('toolbar', { name: 'Block actions' });
    await toolbar.waitFor();
    await saveAtBothWidths(page, 'edit-on-the-page');

    // The keyboard way: the toolbar's Move down, pressed with Enter.
    await toolbar.getByRole('button', { name: 'Move down' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => orderIn(page), { timeout: 10_000 }).toEqual(['button', 'html']);
    // The selection survived the reload: the toolbar is on the text block again.
    frame = await previewFrame(page);
    await frame.getByRole('toolbar', { name: 'Block actions' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Text settings' }).waitFor();

    // The mouse way: drag the text block above the button.
    const text = await onScreen(page, frame, '[data-editor-block].block--html');
    const button = await onScreen(page, frame, '[data-editor-block].block--button');
    await page.mouse.move(text!.x + text!.width / 3, text!.y + text!.height / 2);
    await page.mouse.down();
    await page.mouse.move(button!.x + button!.width / 3, button!.y + 4, { steps: 6 });
    await expect(frame.locator('[data-editor-drop-line]').evaluate((line: HTMLElement) => line.style.display)).resolves.toBe('block');
    await page.mouse.up();
    await expect.poll(() => orderIn(page), { timeout: 10_000 }).toEqual(['html', 'button']);
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor();
    // Undo (the editor's one history) puts it back; Redo moves it again.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => orderIn(page), { timeout: 10_000 }).toEqual(['button', 'html']);
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => orderIn(page), { timeout: 10_000 }).toEqual(['html', 'button']);
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor();

    expect(await axeViolations(page)).toEqual([]);

    // The device widths: the page drawn at 768 px (Tablet) and 390 px (Phone), the overlay on it again.
    const frameWidth = () => page.locator('iframe.pages-preview-frame').evaluate((frame: HTMLIFrameElement) => frame.style.width);
    await page.getByRole('button', { name: 'Tablet', exact: true }).click();
    expect(await frameWidth()).toBe('768px');
    await page.getByRole('button', { name: 'Phone', exact: true }).click();
    expect(await frameWidth()).toBe('390px');
    await expect((await previewFrame(page)).evaluate(() => window.innerWidth)).resolves.toBe(390);
    await page.getByRole('button', { name: 'Desktop', exact: true }).click();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published.' }).waitFor();
    const address = await page.getByRole('link', { name: 'View page' }).getAttribute('href');
    const visitor = await (await newShopper(shop.browser, shop.url)).newPage();
    await visit(visitor, address!);
    await visitor.getByRole('heading', { level: 2, name: 'Ready when you are' }).waitFor();
    const shown = await visitor.locator('.page-section .block').evaluateAll((blocks) => blocks.map((block) => block.className));
    expect(shown).toEqual(['block block--html', 'block block--button']);
    expect(await visitor.locator('[data-editor-block], [data-editor-section], [data-editor-overlay]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await visitor.close();
    await context.close();
  }, 60_000);
});
