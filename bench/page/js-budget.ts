/**
 * JavaScript transferred for a product page, against the 90 KB budget (issue 5, section 4).
 *
 *   node --import tsx bench/page/js-budget.ts
 *   BENCH_PRODUCT_PATH=/shop/p/gift-card node --import tsx bench/page/js-budget.ts
 *
 * Starts the real server on a fresh demo store, loads the product page in Debian Chromium with an
 * empty cache, waits for the islands to hydrate and the network to go quiet, then adds up every
 * script response as it crossed the wire (body as encoded plus response headers). Exit 1 over budget.
 * Each script is also gzipped (-9) and brotli'd here, so a missing Content-Encoding shows what
 * compression would give.
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium, type Request } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, PRODUCT_PATH, ensureIslandsBuilt, kb, pageHasIslands, printTable, startVitrine } from './support';

export const JS_BUDGET_BYTES = 90 * 1024;

interface ScriptTransfer {
  path: string;
  contentEncoding: string;
  /** Body bytes on the wire (after any Content-Encoding). */
  encodedBody: number;
  headers: number;
  /** Body bytes after decoding: what the browser parses. */
  decodedBody: number;
  gzip9: number;
  brotli11: number;
}

const isScript = (request: Request, contentType: string) => request.resourceType() === 'script' || /javascript|ecmascript/.test(contentType);

interface Measurement {
  scripts: ScriptTransfer[];
  /** Script requests that failed or answered an error status: the total would undercount them. */
  failures: string[];
  acceptEncoding: string;
  hydrated: number;
}

async function measure(url: string): Promise<Measurement> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Promise<ScriptTransfer | null>[] = [];
    const failures: string[] = [];
    let acceptEncoding = '';
    page.on('requestfailed', (request) => {
      if (request.resourceType() === 'script') failures.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
    });
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response) return null;
          const headers = await response.allHeaders();
          if (!isScript(request, headers['content-type'] ?? '')) return null;
          if (!response.ok()) failures.push(`${request.url()}: HTTP ${response.status()}`);
          acceptEncoding ||= (await request.allHeaders())['accept-encoding'] ?? '';
          const sizes = await request.sizes();
          const body = await response.body();
          return {
            path: new URL(request.url()).pathname,
            contentEncoding: headers['content-encoding'] ?? 'none',
            encodedBody: sizes.responseBodySize,
            headers: sizes.responseHeadersSize,
            decodedBody: body.length,
            gzip9: gzipSync(body, { level: 9 }).length,
            brotli11: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
          };
        })(),
      );
    });
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    const islands = await page.locator('[data-island]').count();
    if (islands > 0) {
      // Every island hydrated means every chunk the page needs at start has arrived.
      await page.waitForFunction(() => document.querySelectorAll('[data-island]:not([data-hydrated])').length === 0, undefined, { timeout: 20_000 });
      await page.waitForLoadState('networkidle');
    }
    const hydrated = await page.locator('[data-island][data-hydrated]').count();
    const scripts = (await Promise.all(pending)).filter((s): s is ScriptTransfer => s !== null);
    await context.close();
    return { scripts, failures, acceptEncoding, hydrated };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  ensureIslandsBuilt();
  const server = await startVitrine();
  /** Over budget, or not measurable (a script failed to load). */
  let failed = false;
  try {
    const url = `${server.base}${PRODUCT_PATH}`;
    if (!(await pageHasIslands(url))) console.log(`Note: ${PRODUCT_PATH} carries no data-island yet (plain server HTML).`);
    const { scripts, failures, acceptEncoding, hydrated } = await measure(url);

    const sum = (pick: (s: ScriptTransfer) => number) => scripts.reduce((total, s) => total + pick(s), 0);
    const transferred = sum((s) => s.encodedBody + s.headers);
    const uncompressed = scripts.filter((s) => s.contentEncoding === 'none');

    console.log(`\nProduct page ${PRODUCT_PATH}, Chromium ${CHROMIUM_PATH}, empty cache; Accept-Encoding sent: ${acceptEncoding || '(no script requested)'}`);
    console.log(`${scripts.length} script response(s), ${hydrated} island(s) hydrated\n`);
    printTable(
      ['script', 'Content-Encoding', 'body on wire', 'headers', 'transferred', 'decoded', 'gzip -9', 'brotli 11'],
      [
        ...scripts.map((s) => [s.path, s.contentEncoding, kb(s.encodedBody), `${s.headers} B`, kb(s.encodedBody + s.headers), kb(s.decodedBody), kb(s.gzip9), kb(s.brotli11)]),
        ['**total**', '', kb(sum((s) => s.encodedBody)), `${sum((s) => s.headers)} B`, `**${kb(transferred)}**`, kb(sum((s) => s.decodedBody)), kb(sum((s) => s.gzip9)), kb(sum((s) => s.brotli11))],
      ],
      [2, 3, 4, 5, 6, 7],
    );

    if (failures.length > 0) {
      console.error(`\nScript requests failed, so the total undercounts:\n${failures.map((line) => `  - ${line}`).join('\n')}`);
      failed = true;
    }
    const overBudget = transferred > JS_BUDGET_BYTES;
    failed ||= overBudget;
    console.log(`\nBudget ${kb(JS_BUDGET_BYTES)} for JavaScript transferred: ${kb(transferred)} → ${overBudget ? 'OVER BUDGET' : 'within budget'}`);
    if (uncompressed.length > 0) {
      const gzipped = sum((s) => (s.contentEncoding === 'none' ? s.gzip9 + s.headers : s.encodedBody + s.headers));
      console.log(
        `Compression missing: ${uncompressed.length} script(s) served without Content-Encoding. ` +
          `Gzipped (-9) they would transfer ${kb(gzipped)} in all (${gzipped > JS_BUDGET_BYTES ? 'still over' : 'within'} budget).`,
      );
    }
  } finally {
    await server.stop();
  }
  if (failed) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
