import { expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { saveAtBothWidths } from './support/screenshots';
import { visit } from './support/shop';

// A visitor reads the site the owner built with blocks (the demo site): the home page, a post, the events page and
// the home page's gallery with its lightbox. Each page is axe-clean; screenshots at 1280 and 390 px.

// Reads the demo's pages only: the run's shared demo store.
const shop = useShop({ sharedStore: true });

test('the home page shows its blocks: hero image, words, button, products summary, gallery, newsletter', async () => {
  const { page } = shop;
  await visit(page, '/');
  await expect(page.title()).resolves.toBe('Vitrine Demo Store');
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Things made to last', level: 2 }).waitFor();
  const hero = main.getByRole('img', { name: 'Three folded wool blankets in green, mustard and rust' });
  await expect(hero.getAttribute('loading')).resolves.toBe('eager');
  expect((await hero.boundingBox())!.width).toBeGreaterThan(600);
  await main.getByRole('link', { name: 'Visit the shop', exact: true }).waitFor();
  await main.getByRole('heading', { name: 'Featured products', level: 2 }).waitFor();
  expect(await main.locator('.summary-card').count()).toBeGreaterThan(3);
  await main.getByRole('region', { name: 'Gallery' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'site-home');
});

test('the About page: a card picture, words, a quote, an accordion that opens without JavaScript, social links', async () => {
  const { page } = shop;
  await visit(page, '/about');
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'About', level: 1 }).waitFor();
  const question = main.getByText('Can I return something?', { exact: true });
  await question.click();
  await main.getByText('within 30 days and unused', { exact: false }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'site-about');
});

test('a post from the journal, and the blog list filtered by its tag', async () => {
  const { page } = shop;
  await visit(page, '/journal');
  await page.getByRole('heading', { name: 'Journal', level: 1 }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'site-blog');
  await page.getByRole('link', { name: 'How to care for linen so it lasts decades', exact: true }).click();
  await page.getByRole('heading', { name: 'How to care for linen so it lasts decades', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Journal', exact: true }).first().waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'site-post');
});

test('the events page: upcoming events with their dates; an event with its place and calendar link', async () => {
  const { page } = shop;
  await visit(page, '/events');
  await page.getByRole('heading', { name: 'Upcoming', level: 2 }).waitFor();
  await page.getByRole('link', { name: 'Winter makers market', exact: true }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'site-events');
  await page.getByRole('link', { name: 'Winter makers market', exact: true }).click();
  await page.getByRole('heading', { name: 'Winter makers market', level: 1 }).waitFor();
  const calendar = page.getByRole('link', { name: 'Add to calendar', exact: true });
  expect(await calendar.getAttribute('href')).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=Winter%20makers%20market&dates=\d{8}T\d{6}Z\/\d{8}T\d{6}Z/);
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'site-event');
});

test('the home page gallery opens its lightbox', async () => {
  const { page } = shop;
  await visit(page, '/');
  const gallery = page.getByRole('region', { name: 'Gallery' });
  await gallery.scrollIntoViewIfNeeded();
  await gallery.getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
});
