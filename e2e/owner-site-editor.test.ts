import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newShopper } from './support/browser';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, OWNER } from './support/owner';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { SCREENSHOT_DIR, saveScreenshot } from './support/screenshots';
import { dragOnePlaceByKeyboard } from './support/keyboard';
import { visit } from './support/shop';

// The site editor (issue 18): the owner opens Pages, adds a page, builds it from blocks by keyboard alone (a
// Text block, typed into; a Button, moved up) and by mouse (a block dragged), sees the preview follow each
// autosave, toggles the phone width, publishes, and a visitor reads the page at its address. A viewer opens
// the same page and only previews. Axe-clean; screenshots of the tree, the editor with a settings form and the
// phone preview at 1280 and 390 px.

const VIEWER = { email: 'viewer@example.com', password: 'another horse battery staple' };
const PAGE_TITLE = 'Our Story';
const STORY = 'Made by hand in Lisbon since 2009.';
const BUTTON = 'Visit the shop';

let ownerToken = '';
let viewerToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    ownerToken = await createOwnerSetupToken(db);
    viewerToken = await createOwnerSetupToken(db, 'viewer', VIEWER.email);
  },
});

async function signIn(page: Page, token: string, person: { email: string; password: string }): Promise<void> {
  await page.goto(`/config/setup?token=${token}`);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password (at least 8 characters)').fill(person.password);
  await page.getByRole('button', { name: /^(Create account|Accept invitation)$/ }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** The blocks' accessible names in order ('Text block 1 of 2'). */
const blockNames = (page: Page) => page.getByRole('list', { name: 'Blocks' }).getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));

/**
 * A screenshot of a screen holding the preview: Chromium never reports 'networkidle' (which saveScreenshot
 * waits for) for a sandboxed frame, so this waits for 'load' and a moment for the frame to paint; the whole
 * page fits the viewport at once (a sandboxed frame below the fold paints blank in a full-page capture).
 */
async function saveEditorScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForLoadState('load');
  const viewport = page.viewportSize()!;
  if (options.fullPage !== false) {
    await page.evaluate(() => window.scrollTo(0, 0));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  }
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  await page.setViewportSize(viewport);
}

const previewFrame = (page: Page) => page.frameLocator(`iframe[title="Preview of ${PAGE_TITLE}"]`);

describe('the site editor', () => {
  test('the owner builds a page by keyboard and by mouse, previews it on a phone, publishes it, and a visitor reads it; a viewer only previews', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, ownerToken, OWNER);

    // 1. Pages, from the navigation, by keyboard: the tree of the demo site.
    const pagesLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pages' });
    await pagesLink.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    const tree = page.getByRole('navigation', { name: 'Site pages' });
    await tree.getByRole('link', { name: 'Contact' }).waitFor();
    await tree.getByText('Home', { exact: true }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-pages-tree-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-pages-tree-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 2. A new page, by keyboard: Add page, its title, Enter.
    await page.getByRole('button', { name: '+ Add page' }).focus();
    await page.keyboard.press('Enter');
    // The title takes the focus (the kind is Page unless chosen).
    await page.keyboard.type(PAGE_TITLE);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: PAGE_TITLE }).waitFor();
    // Editing a page on a laptop's screen, the page list gives way to the page itself (issue 34); the new page is
    // in it when "All pages" brings it back (step 9).
    expect(await blockNames(page)).toEqual([]);

    // 3. A Text block, by keyboard: Add block, search, Tab to it, Enter; it opens its settings; type.
    await page.getByRole('button', { name: '+ Add block' }).focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Choose a block' });
    await picker.waitFor();
    await page.keyboard.type('Text');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    expect(await blockNames(page)).toEqual(['Text block 1 of 1']);
    await page.getByRole('heading', { name: 'Text settings' }).waitFor();
    await page.getByRole('textbox', { name: 'Text' }).focus();
    await page.keyboard.type(STORY);

    // 4. A Button after it, by keyboard, labelled, then moved up with its Move up button and Enter.
    await page.getByRole('button', { name: '+ Add block' }).focus();
    await page.keyboard.press('Enter');
    await picker.waitFor();
    await page.keyboard.type('Button');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await blockNames(page)).toEqual(['Text block 1 of 2', 'Button block 2 of 2']);
    await page.getByRole('heading', { name: 'Button settings' }).waitFor();
    await page.getByRole('textbox', { name: 'Label' }).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(BUTTON);
    await page.getByRole('button', { name: 'Move up: Button block 2 of 2' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Button block moved to position 1 of 2.').waitFor();
    expect(await blockNames(page)).toEqual(['Button block 1 of 2', 'Text block 2 of 2']);
    // The focus stayed on the moved block.
    await expect(page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-label'))).resolves.toBe('Button block 1 of 2');

    // 5. The autosave, and the preview shows the draft: the button, then the words.
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor();
    await previewFrame(page).getByText(STORY).waitFor();
    await previewFrame(page).getByRole('link', { name: BUTTON }).waitFor();

    // 6. By mouse: the Text block dragged above the Button by its handle; then the Button back up by keyboard.
    const handle = page.getByRole('button', { name: 'Drag Text block 2 of 2' });
    const target = page.getByRole('listitem', { name: 'Button block 1 of 2' });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + 40, to.y + 4, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => blockNames(page)).toEqual(['Text block 1 of 2', 'Button block 2 of 2']);
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor();

    // And by the drag handle's keyboard: Space lifts the Button, ArrowUp moves it, Space drops it.
    await dragOnePlaceByKeyboard(page, page.getByRole('button', { name: 'Drag Button block 2 of 2' }), 'ArrowUp');
    await expect.poll(() => blockNames(page)).toEqual(['Button block 1 of 2', 'Text block 2 of 2']);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Drag Button block 1 of 2');
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor();

    // The editor with a settings form open, both widths, axe-clean.
    await page.getByRole('button', { name: 'Edit Button block 1 of 2' }).click();
    await page.getByRole('heading', { name: 'Button settings' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveEditorScreenshot(page, 'owner-pages-editor-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await saveEditorScreenshot(page, 'owner-pages-editor-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 7. The phone preview: a 390 px frame.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('button', { name: 'Phone' }).click();
    await expect(preview.getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).resolves.toBe('true');
    const frameBox = (await page.locator(`iframe[title="Preview of ${PAGE_TITLE}"]`).boundingBox())!;
    expect(Math.round(frameBox.width)).toBe(390);
    await previewFrame(page).getByText(STORY).waitFor();
    await preview.scrollIntoViewIfNeeded();
    await saveEditorScreenshot(page, 'owner-pages-preview-phone-desktop', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await preview.scrollIntoViewIfNeeded();
    await saveEditorScreenshot(page, 'owner-pages-preview-phone-phone', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    // 8. Publish; a visitor reads the page at its address.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published.' }).waitFor();
    const address = await page.getByRole('link', { name: 'View page' }).getAttribute('href');
    expect(address).toBe('/our-story');
    const visitor = await (await newShopper(shop.browser, shop.url)).newPage();
    await visit(visitor, address!);
    await visitor.getByText(STORY).waitFor();
    await visitor.getByRole('link', { name: BUTTON }).waitFor();
    const pageUrl = page.url();

    // 9. A blog post: Journal, New post, a Text block, Publish; its revision is listed.
    await page.getByRole('link', { name: '← All pages' }).click();
    await tree.getByRole('link', { name: PAGE_TITLE }).waitFor();
    await tree.getByRole('link', { name: 'Journal' }).click();
    const posts = page.getByRole('region', { name: 'Posts' });
    await posts.waitFor();
    await posts.getByRole('textbox', { name: 'Title' }).fill('Spring opening');
    await posts.getByRole('button', { name: 'New post' }).click();
    await page.getByRole('heading', { level: 2, name: 'Spring opening' }).waitFor();
    await page.getByRole('link', { name: '← Back to Journal' }).waitFor();
    await page.getByRole('button', { name: '+ Add block' }).click();
    await page.getByRole('dialog', { name: 'Choose a block' }).getByRole('button', { name: /^Text/ }).click();
    await page.getByRole('textbox', { name: 'Text' }).click();
    await page.keyboard.type('We open our doors on the first of May.');
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor();
    await page.getByRole('textbox', { name: 'Tags' }).fill('news');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published.' }).waitFor();
    await page.getByText('Revisions', { exact: true }).click();
    await page.getByRole('button', { name: /^Restore published / }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveEditorScreenshot(page, 'owner-pages-post-desktop');

    // 10. A viewer: the tree, the blocks and the preview; nothing to change.
    const viewerContext = await newShopper(shop.browser, shop.url);
    viewerContext.setDefaultTimeout(15_000);
    const viewer = await viewerContext.newPage();
    await viewer.setViewportSize({ width: 1280, height: 800 });
    await signIn(viewer, viewerToken, VIEWER);
    await viewer.goto(new URL(pageUrl).pathname);
    await viewer.getByRole('heading', { level: 2, name: PAGE_TITLE }).waitFor();
    await viewer.getByText('Your role can view pages but not change them.').waitFor();
    expect(await blockNames(viewer)).toEqual(['Button block 1 of 2', 'Text block 2 of 2']);
    await previewFrame(viewer).getByText(STORY).waitFor();
    for (const name of ['+ Add page', '+ Add block', 'Publish', 'Undo']) await expect(viewer.getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
    expect(await axeViolations(viewer)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
