// Sizes of every script the built manifest lists (what a product page loads: the
// islands are one entry), raw, gzip -9 and brotli, against the 90 KB budget.
import { readFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dist), 'utf8'));
const files = [...new Set(Object.values(manifest).map((entry) => entry.file).filter((file) => file.endsWith('.js')))];
let raw = 0;
let gzip = 0;
let brotli = 0;
for (const file of files) {
  const bytes = readFileSync(new URL(file, dist));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
  brotli += brotliCompressSync(bytes).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const BUDGET = 90 * 1024;
console.log(`scripts: ${files.join(', ')}`);
console.log(`raw ${kb(raw)} · gzip ${kb(gzip)} · brotli ${kb(brotli)} · budget ${kb(BUDGET)} (compressed)`);
if (gzip > BUDGET) {
  console.error('Over the 90 KB budget');
  process.exit(1);
}
