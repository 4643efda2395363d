/**
 * Lighthouse performance, accessibility, best-practices and SEO scores of a product page, with Debian Chromium, offline.
 *
 *   node --import tsx bench/page/lighthouse.ts
 *   BENCH_RUNS=5 BENCH_PRODUCT_PATH=/shop/p/gift-card node --import tsx bench/page/lighthouse.ts
 *   LIGHTHOUSE_REPORT_DIR=/tmp/lh node --import tsx bench/page/lighthouse.ts   # also writes the HTML reports
 *
 * Lighthouse 12.8 (the newest that runs on Node 20; 13 wants Node 22.19) drives a Chromium started by
 * chrome-launcher. Each form factor (mobile: Lighthouse's default simulated Moto G Power on slow 4G;
 * desktop: its desktop preset) runs BENCH_RUNS times (default 3) against the real server on a fresh
 * demo store, and the table shows the median run by performance score. Scores are noisy on a busy
 * machine; the benchmark index Lighthouse measures is printed beside them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { desktopConfig, generateReport, type Config } from 'lighthouse';
import { failedAudits, medianByPerformance, runLighthouse, score, type Result } from './lighthouse-support';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, PRODUCT_PATH, ensureIslandsBuilt, pageHasIslands, printTable, startVitrine } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

interface FormFactor {
  name: 'mobile' | 'desktop';
  config?: Config;
}

const FORM_FACTORS: FormFactor[] = [{ name: 'mobile' }, { name: 'desktop', config: desktopConfig }];

async function main(): Promise<void> {
  ensureIslandsBuilt();
  const server = await startVitrine();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
  const medians: { formFactor: FormFactor; runs: Result[]; median: Result }[] = [];
  try {
    const url = `${server.base}${PRODUCT_PATH}`;
    if (!(await pageHasIslands(url))) console.log(`Note: ${PRODUCT_PATH} carries no data-island yet (plain server HTML).`);
    await fetch(url); // one render before measuring, so the first run does not time a cold template cache
    for (const formFactor of FORM_FACTORS) {
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(url, chrome.port, formFactor.config));
      const median = medianByPerformance(runs);
      medians.push({ formFactor, runs, median });
      if (REPORT_DIR) {
        mkdirSync(REPORT_DIR, { recursive: true });
        writeFileSync(path.join(REPORT_DIR, `product-page-${formFactor.name}.html`), generateReport(median, 'html'));
      }
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }

  const first = medians[0].median;
  console.log(
    `\nLighthouse ${first.lighthouseVersion}, ${first.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, ` +
      `product page ${PRODUCT_PATH}, median of ${RUNS} run(s) per form factor\n`,
  );
  printTable(
    ['form factor', 'performance', 'accessibility', 'best practices', 'SEO', ...METRICS.map(([, label]) => label), 'all performance scores', 'benchmark index'],
    medians.map(({ formFactor, runs, median }) => [
      formFactor.name,
      score(median, 'performance'),
      score(median, 'accessibility'),
      score(median, 'best-practices'),
      score(median, 'seo'),
      ...METRICS.map(([id]) => median.audits[id]?.displayValue ?? '–'),
      runs.map((run) => score(run, 'performance')).join(', '),
      Math.round(median.environment.benchmarkIndex),
    ]),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 11],
  );

  for (const { formFactor, median } of medians) {
    for (const category of ['accessibility', 'best-practices', 'seo']) {
      const failed = failedAudits(median, category);
      if (failed.length > 0) console.log(`\n${category} audits failing (${formFactor.name}):\n${failed.map((line) => `  - ${line}`).join('\n')}`);
    }
    for (const warning of median.runWarnings) console.log(`Lighthouse warning (${formFactor.name}): ${warning}`);
  }
  if (REPORT_DIR) console.log(`\nHTML reports of the median runs: ${REPORT_DIR}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
