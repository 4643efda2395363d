// Sizes of the scripts every page loads (the manifest's entry and what it imports statically: the islands
// are one entry), raw, gzip -9 and brotli, against the 90 KB budget. Chunks loaded only on demand (the
// captcha widget, on pages that show one) are listed apart with their own sizes and budget. The shopper
// tracking client (src/tracking-entry.ts, loaded on every tracked page once it is idle) has its own budget,
// 4 KB brotli; its error reporter and performance collector are counted without it (it is already there).
import { readFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dist), 'utf8'));

/** Files reached from `keys` through static imports. */
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
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(new URL(file, dist));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes).length;
  }
  return { raw, gzip, brotli };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const BUDGET = 90 * 1024;
/** The captcha widget and its worker, fetched only where a captcha shows (restock box, forms). */
const ON_DEMAND_BUDGET = 40 * 1024;
/**
 * The session-replay recorder (rrweb's record) is loaded only for a sampled visitor, after the page is idle and
 * getId said yes: never on the way to a paint or an interaction. It has a budget of its own, 64 KB gzip.
 */
const REPLAY_RECORDER = 'src/session-replay/recorder.ts';
const REPLAY_RECORDER_BUDGET = 64 * 1024;

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const everyPage = staticClosure(entries);
const total = measure(everyPage);
console.log(`every page: ${everyPage.join(', ')}`);
console.log(`raw ${kb(total.raw)} · gzip ${kb(total.gzip)} · brotli ${kb(total.brotli)} · budget ${kb(BUDGET)} (compressed)`);
let over = total.gzip > BUDGET;
if (over) console.error('Over the 90 KB budget');

/**
 * The tracking client's chunk, brotli: census, events and session rules, the performance collector with web-vitals
 * and the error reporter, one request (issue 35; vite.config.ts groups them). It was 4 KB for the client alone, with
 * the collector (3.9 KB) and the session rules (1 KB) as chunks of their own.
 */
const TRACKING_ENTRY =
  Object.keys(manifest).find((key) => key === 'src/tracking-entry.ts') ?? Object.keys(manifest).find((key) => manifest[key].name === 'tracking-entry') ?? 'src/tracking-entry.ts';
const TRACKING_BUDGET = 9 * 1024;
const trackingFiles = manifest[TRACKING_ENTRY] ? staticClosure([TRACKING_ENTRY]).filter((file) => !everyPage.includes(file)) : [];
{
  const size = measure(trackingFiles);
  console.log(`tracking client, after load (${trackingFiles.join(', ')}): raw ${kb(size.raw)} · gzip ${kb(size.gzip)} · brotli ${kb(size.brotli)} · budget ${kb(TRACKING_BUDGET)} (brotli)`);
  if (trackingFiles.length === 0 || size.brotli > TRACKING_BUDGET) {
    console.error(trackingFiles.length === 0 ? 'The tracking chunk is missing from the manifest' : `The tracking client is over its ${kb(TRACKING_BUDGET)} budget`);
    over = true;
  }
}

for (const key of Object.keys(manifest).filter((name) => manifest[name].isDynamicEntry)) {
  // What the page already loaded (React, the shared runtime; for the tracking client's own chunks, the client) is not
  // fetched again: only the chunk's own files count.
  const loaded = key.includes('/tracking/src/') || key === 'src/experiments-entry.ts' ? [...everyPage, ...trackingFiles] : everyPage;
  const files = [...staticClosure([key]), ...(manifest[key].assets ?? []).filter((file) => file.endsWith('.js'))].filter((file) => !loaded.includes(file));
  const size = measure(files);
  if (key === TRACKING_ENTRY) continue;
  const budget = key === REPLAY_RECORDER ? REPLAY_RECORDER_BUDGET : ON_DEMAND_BUDGET;
  console.log(`on demand (${key}): ${files.join(', ')}: raw ${kb(size.raw)} · gzip ${kb(size.gzip)} · brotli ${kb(size.brotli)} · budget ${kb(budget)}`);
  if (size.gzip > budget) {
    console.error(`${key} is over its ${kb(budget)} budget`);
    over = true;
  }
}
if (over) process.exit(1);
