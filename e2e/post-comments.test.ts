import { describe, expect, test } from 'vitest';
import { newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { axeViolations } from './support/axe';
import { visit } from './support/shop';

// Comments and likes on a blog post (issue 20 item 4). The demo's journal post "How to care for linen…" has three
// approved comments (one the owner's reply) and four likes. A visitor reads the thread, likes the post (once: the
// button reads as pressed and the count goes up by one), and comments with a name, an email and the ALTCHA captcha;
// the comment waits for approval. The owner, signed in from the set-up link, opens Comments in the owner app and
// approves it; the visitor's reload shows it. Axe-clean pages; screenshots at 1280 and 390 px.

let setupToken = '';
const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

const POST = '/journal/caring-for-linen';
const COMMENT = 'Line-dried mine after reading this. Softer already!';

describe('comments and likes on a post', () => {
  test('a visitor likes and comments; the owner approves it in the owner app; it shows', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, POST);
    const thread = page.getByRole('region', { name: '3 comments' });
    await thread.getByText('Line-drying them this week', { exact: false }).waitFor();
    await thread.getByText('Site owner', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'post-comments');

    // Like, once: pressed, 4 → 5; the server answers the same count to a second browser's view.
    const like = page.getByRole('button', { name: /^Like “How to care for linen/ });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await page.waitForFunction(() => document.querySelector('.post-like-button')?.getAttribute('aria-pressed') === 'true');
    expect((await like.textContent())?.replace(/\s+/g, ' ')).toContain('5 likes');

    // Comment with the keyboard: name, email, words; the captcha solves itself once the form has focus.
    const form = page.getByRole('form', { name: 'Leave a comment' });
    const post = form.getByRole('button', { name: 'Post comment' });
    await page.waitForFunction(() => !document.querySelector('.comment-form-submit')?.hasAttribute('disabled'));
    await form.getByRole('textbox', { name: 'Name' }).fill('Robin Reader');
    await form.getByRole('textbox', { name: 'Email (never shown)' }).fill('robin@example.com');
    await form.getByRole('textbox', { name: 'Comment' }).fill(COMMENT);
    await form.getByText('Verified').waitFor({ timeout: 30_000 });
    await post.focus();
    await page.keyboard.press('Enter');
    const done = page.getByRole('status').filter({ hasText: 'Thanks! Your comment will appear once it is approved.' });
    await done.waitFor();
    expect(await page.getByText(COMMENT).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The owner approves it in the owner app.
    const ownerContext = await newShopper(shop.browser, shop.url);
    ownerContext.setDefaultTimeout(10_000);
    const owner = await ownerContext.newPage();
    await owner.setViewportSize({ width: 1280, height: 900 });
    await createOwnerAccount(owner, setupToken);
    await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Comments' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Comments' }).waitFor();
    const card = owner.getByRole('article', { name: 'Robin Reader' });
    await card.getByText(COMMENT).waitFor();
    await card.getByText('robin@example.com', { exact: false }).waitFor();
    expect(await axeViolations(owner)).toEqual([]);
    await saveAtBothWidths(owner, 'owner-comments');
    await card.getByRole('button', { name: 'Approve the comment by Robin Reader' }).click();
    await owner.getByRole('status').filter({ hasText: 'The comment by Robin Reader is approved and shows on the post.' }).waitFor();
    await ownerContext.close();

    // The visitor's reload shows it, and the like stays pressed.
    await visit(page, POST);
    const shown = page.getByRole('region', { name: '4 comments' });
    await shown.getByRole('article', { name: 'Robin Reader' }).getByText(COMMENT).waitFor();
    await page.waitForFunction(() => document.querySelector('.post-like-button')?.getAttribute('aria-pressed') === 'true');
    expect(await page.content()).not.toContain('robin@example.com');
    expect(shop.pageErrors).toEqual([]);
  });

  test('a visitor replies to a comment with the keyboard alone', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, POST);
    await page.waitForFunction(() => !document.querySelector('.comment-form-submit')?.hasAttribute('disabled'));
    const reply = page.getByRole('link', { name: 'Reply to Tom Okafor' });
    await reply.focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Reply to Tom Okafor' });
    await form.waitFor();
    const comment = form.getByRole('textbox', { name: 'Comment' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'body');
    await page.keyboard.type('I wear them creased, happily.');
    // Back to the name and email, then on to the button, by Tab alone.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('robin@example.com');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('Robin Reader');
    expect(await comment.inputValue()).toBe('I wear them creased, happily.');
    await form.getByText('Verified').waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: 'Post comment' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Thanks! Your comment will appear once it is approved.' }).waitFor();
    await page.getByRole('form', { name: 'Leave a comment' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(shop.pageErrors).toEqual([]);
  });
});
