import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { freePort } from '@vitrine/server/free-port';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newShopper } from './support/browser';

// Issue 33 item 7: a theme developer runs `npm run theme -- dev` on a copy of the default theme and sees an edit
// live — the page reloads itself on save, with no manual reload.

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
let themeDir = '';
let server: ChildProcess;
let url = '';
let browser: Browser;

beforeAll(async () => {
  themeDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'vitrine-theme-copy-')), 'my-theme');
  cpSync(path.join(root, 'packages/theme'), themeDir, { recursive: true, filter: (source) => !source.includes(`${path.sep}src`) });
  const port = await freePort();
  url = `http://localhost:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/theme-cli.ts', 'dev', themeDir, '--port', String(port)], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Theme dev server for')) resolve();
    });
    server.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    server.on('exit', (code) => reject(new Error(`theme dev exited with ${code}: ${output}`)));
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (themeDir) rmSync(path.dirname(themeDir), { recursive: true, force: true });
});

test('an edited template shows in the open page without a manual reload', async () => {
  const context = await newShopper(browser, url);
  const page = await context.newPage();
  // The page listens for reloads (the script comes from our origin; a normal server links none: themes/dev.test.ts).
  const listening = page.waitForRequest((request) => request.url().endsWith('/__theme-dev/events'));
  await page.goto('/');
  await listening;
  await expect(page.getByRole('heading', { level: 1 }).first().isVisible()).resolves.toBe(true);
  expect(await page.getByText('Edited in theme dev').count()).toBe(0);

  const layout = path.join(themeDir, 'templates/site.layout.html');
  writeFileSync(layout, readFileSync(layout, 'utf8').replace('</body>', '<p class="theme-dev-note">Edited in theme dev</p></body>'));
  await page.getByText('Edited in theme dev').waitFor({ timeout: 20_000 });
  expect(await page.getByText('Edited in theme dev').count()).toBe(1);
  await context.close();
});
