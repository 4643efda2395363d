// The owner app's JavaScript budget: the entry and its static imports (what index.html links) at most 150 KB
// brotli, and so is all the first screen after sign-in loads (the dashboard's chunk and its chart's too). Each screen's own chunk
// (and the dashboard's chart chunk) is listed apart with what it adds. It also checks that no TypeBox code
// reached the bundle (contracts are imported for their types only). Run by `npm run build` and the tests.
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
if (!existsSync(new URL('manifest.json', dist))) {
  console.error('No build: run `npm run build -w @vitrine/owner-app` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dist), 'utf8'));

export const INITIAL_BUDGET = 150 * 1024;

function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

function measure(files) {
  const sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = readFileSync(new URL(file, dist));
    sizes.raw += bytes.length;
    sizes.gzip += gzipSync(bytes, { level: 9 }).length;
    sizes.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return sizes;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const line = (size) => `raw ${kb(size.raw)} · gzip ${kb(size.gzip)} · brotli ${kb(size.brotli)}`;

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const initial = staticClosure(entries);
const initialSize = measure(initial);
console.log(`owner app entry, what index.html loads (${initial.join(', ')}): ${line(initialSize)} · budget ${kb(INITIAL_BUDGET)} brotli`);
let failed = initialSize.brotli > INITIAL_BUDGET;
if (failed) console.error(`The owner app's initial JavaScript is over its ${kb(INITIAL_BUDGET)} budget`);

for (const key of Object.keys(manifest).filter((name) => manifest[name].isDynamicEntry)) {
  // What is loaded before it (the entry; the screen that imports it lazily, for the dashboard's chart) is not counted again.
  const importers = Object.keys(manifest).filter((name) => (manifest[name].dynamicImports ?? []).includes(key));
  const loaded = new Set([...initial, ...staticClosure(importers)]);
  const files = staticClosure([key]).filter((file) => !loaded.has(file));
  console.log(`  on demand (${key}): ${files.join(', ')}: ${line(measure(files))}`);
}

// The first screen after sign-in is the dashboard: the entry, its chunk and the chart it loads at once, also within the budget.
const DASHBOARD = 'src/screens/dashboard/DashboardScreen.tsx';
if (manifest[DASHBOARD]) {
  const dashboard = [...new Set([...initial, ...staticClosure([DASHBOARD]), ...staticClosure(manifest[DASHBOARD].dynamicImports ?? [])])];
  const size = measure(dashboard);
  console.log(`dashboard after sign-in, all of it (${dashboard.length} files): ${line(size)} · budget ${kb(INITIAL_BUDGET)} brotli`);
  if (size.brotli > INITIAL_BUDGET) {
    console.error(`The dashboard's JavaScript is over the ${kb(INITIAL_BUDGET)} budget`);
    failed = true;
  }
}

const allScripts = Object.values(manifest).map((chunk) => chunk.file).filter((file) => file.endsWith('.js'));
for (const file of allScripts) {
  const text = readFileSync(new URL(file, dist), 'utf8');
  // TypeBox's builders mark every schema with this symbol key; none may be in a browser bundle.
  if (text.includes('TypeBox.Kind') || text.includes('~kind')) {
    console.error(`${file} contains TypeBox code: import @vitrine/contracts for types only`);
    failed = true;
  }
}
if (failed) process.exit(1);
