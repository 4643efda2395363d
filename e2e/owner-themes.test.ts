import { execFileSync } from 'node:child_process';
import { cpSync, createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import yazl from 'yazl';
import { axeViolations } from './support/axe';
import { newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';

// Design → Themes (issue 33 item 7) in Chromium: the admin uploads a broken theme (its reasons listed with
// file:line), then a good one made by `npm run theme -- pack`, chooses it, and the shop renders with it; back to
// the default theme. Axe-clean; the screen saved at 1280 and 390 px.

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
let setupToken = '';
const shop = useShop({ prepareDatabase: async (db) => void (setupToken = await createOwnerSetupToken(db)) });

/**
 * A copy of the default theme with a marker in its layout, packed by `npm run theme -- pack` (which checks first); the
 * broken one (an unknown formatter in blog.html) zipped directly, since pack would refuse it.
 */
async function themeZip(broken: boolean): Promise<string> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'vitrine-theme-zip-'));
  const dir = path.join(work, 'marked');
  cpSync(path.join(root, 'packages/theme'), dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}src`) && !source.endsWith('.svg') && !source.endsWith('.json') || source.endsWith('theme.json') });
  const layout = path.join(dir, 'templates/site.layout.html');
  writeFileSync(layout, readFileSync(layout, 'utf8').replace('</body>', '<p>Made with the Marked theme</p></body>'));
  const manifest = path.join(dir, 'theme.json');
  writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), name: 'Marked', version: '2.0.0' }));
  const out = path.join(work, broken ? 'broken.zip' : 'marked.zip');
  if (!broken) {
    execFileSync(process.execPath, ['--import', 'tsx', 'packages/server/src/theme-cli.ts', 'pack', dir, out], { cwd: root });
    return out;
  }
  writeFileSync(path.join(dir, 'templates/blog.html'), '<main>\n{title|shout}</main>');
  const zip = new yazl.ZipFile();
  for (const file of readdirSync(dir, { recursive: true }) as string[]) {
    if (statSync(path.join(dir, file)).isFile() && !file.endsWith('README.md')) zip.addFile(path.join(dir, file), file.split(path.sep).join('/'));
  }
  zip.end();
  await new Promise<void>((resolve) => zip.outputStream.pipe(createWriteStream(out)).on('close', () => resolve()));
  return out;
}

async function checked(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, name);
}

test('an admin uploads a theme, sees a broken one refused with file:line, and switches the site to it and back', async () => {
  const broken = await themeZip(true);
  const good = await themeZip(false);
  const context = await newShopper(shop.browser, shop.url);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await createOwnerAccount(page, setupToken);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Themes' }).click();
  await page.getByRole('heading', { level: 1, name: 'Themes' }).waitFor();

  await page.getByLabel('Theme zip').setInputFiles(broken);
  await page.getByRole('button', { name: 'Upload theme' }).click();
  await page.getByText('The theme was refused: fix the files listed and upload it again.').waitFor();
  await page.getByText("templates/blog.html:2: Formatter 'shout' is unknown").waitFor();
  await checked(page, 'owner-themes-refused');

  await page.getByLabel('Theme zip').setInputFiles(good);
  await page.getByRole('button', { name: 'Upload theme' }).click();
  await page.getByText('Marked installed. Choose it above to use it.').waitFor();
  const group = page.getByRole('group', { name: 'Theme the site uses' });
  await group.getByRole('radio', { name: /Marked/ }).check();
  await page.getByRole('button', { name: 'Use this theme' }).click();
  await page.getByText('The site now uses Marked.').waitFor();
  await checked(page, 'owner-themes');

  const visitor = await (await newShopper(shop.browser, shop.url)).newPage();
  await visitor.goto('/shop');
  expect(await visitor.getByText('Made with the Marked theme').count()).toBe(1);

  await group.getByRole('radio', { name: /Default theme/ }).check();
  await page.getByRole('button', { name: 'Use this theme' }).click();
  await page.getByText('The site now uses Default theme.').waitFor();
  await visitor.reload();
  expect(await visitor.getByText('Made with the Marked theme').count()).toBe(0);
  await context.close();
  for (const file of [broken, good]) rmSync(path.dirname(file), { recursive: true, force: true });
});
