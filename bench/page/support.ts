/**
 * What the bench/page scripts share: starting the real server (the entry `npm start` runs) or the
 * bare Fastify peer in their own processes, making sure the islands are built, the Chromium flags,
 * and table printing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../packages/server/src/free-port';
export { freePort };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The product page every script measures; the linen shirt has options, variants and images. */
export const PRODUCT_PATH = process.env.BENCH_PRODUCT_PATH ?? '/shop/p/linen-shirt';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every browser run here uses (no sandbox as root, nothing that calls home). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const file of readdirSync(dir, { recursive: true })) {
    const stat = statSync(path.join(dir, String(file)));
    if (stat.isFile()) newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/**
 * Builds the storefront islands when dist/manifest.json is missing or older than their sources,
 * as `npm start` does, so a measurement never reads a stale bundle. BENCH_SKIP_BUILD=1 skips this.
 */
export function ensureIslandsBuilt(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const storefront = path.join(ROOT, 'packages/storefront');
  const manifest = path.join(storefront, 'dist/manifest.json');
  if (!existsSync(path.join(storefront, 'vite.config.ts'))) return;
  const stale = !existsSync(manifest) || statSync(manifest).mtimeMs < newestMtime(path.join(storefront, 'src'));
  if (!stale) return;
  console.log('Building the storefront islands (dist is missing or stale)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@vitrine/storefront'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`storefront build failed with status ${build.status}`);
}

export { startScript, type RunningProcess } from '../support/processes';
import { startScript, type RunningProcess } from '../support/processes';

/**
 * The real server on the demo store. Without DATABASE_URL it gets a fresh PGlite DATA_DIR (seeded
 * on first start, removed on stop); with one, it uses that PostgreSQL database as it is.
 */
export async function startVitrine(env: Record<string, string> = {}, options: { onStdout?: (text: string) => void } = {}): Promise<RunningProcess> {
  const dataDir = env.DATABASE_URL ? undefined : mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-page-'));
  try {
    const server = await startScript(
      'packages/server/src/main.ts',
      { DATABASE_URL: '', ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env },
      // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the Vitrine server only.
      (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      options,
    );
    return {
      ...server,
      async stop() {
        await server.stop();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Says whether the page's HTML carries islands yet (until the lead's wiring lands it does not). */
export async function pageHasIslands(url: string): Promise<boolean> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.text()).includes('data-island');
}

/** Prints a Markdown table, right-aligning the columns named in `numeric`. */
export function printTable(headers: string[], rows: (string | number)[][], numeric: number[] = []): void {
  console.log(`| ${headers.join(' | ')} |`);
  console.log(`|${headers.map((_, i) => (numeric.includes(i) ? '---:' : '---')).join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}
