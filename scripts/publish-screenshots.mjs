#!/usr/bin/env node
/**
 * Copies the owner app's browser-test screenshots (e2e/screenshots/owner-*.png, git-ignored) into
 * docs/screenshots/owner/ as WebP (about a tenth of the PNG's size), so a reviewer can look at every screen at
 * 1280 and 390 px without running anything. Run after the owner journeys:
 *
 *   npx vitest run --config e2e/vitest.config.ts e2e/owner-*.test.ts && node scripts/publish-screenshots.mjs
 *
 * or from another checkout's run (a clean clone CI ran in): node scripts/publish-screenshots.mjs --from ../ci-check/e2e/screenshots
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fromIndex = process.argv.indexOf('--from');
const from = fromIndex > 0 && process.argv[fromIndex + 1] ? path.resolve(process.argv[fromIndex + 1]) : path.join(root, 'e2e/screenshots');
const to = path.join(root, 'docs/screenshots/owner');
const names = readdirSync(from).filter((name) => name.startsWith('owner-') && name.endsWith('.png')).sort();
if (names.length === 0) {
  console.error('No owner screenshots in e2e/screenshots: run the owner journeys first.');
  process.exit(1);
}
rmSync(to, { recursive: true, force: true });
mkdirSync(to, { recursive: true });
let bytes = 0;
for (const name of names) {
  const info = await sharp(path.join(from, name)).webp({ quality: 72, effort: 5 }).toFile(path.join(to, name.replace(/\.png$/, '.webp')));
  bytes += info.size;
}
console.log(`${names.length} screenshots → docs/screenshots/owner/ (${(bytes / 1024).toFixed(0)} KB of WebP)`);
