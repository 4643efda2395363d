// `node --import tsx bench/template/run.ts`: renders the same templates and contexts with our engine and with
// @squarespace/template-engine (the reference) in one process, checks the outputs are identical, and prints
// renders per second for both and the ratio.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Compiler } from '@squarespace/template-engine';
import { compile, render } from '../../packages/template/src/index';
import { findConformanceSuite, missingSuiteMessage } from '../../packages/template/src/conformance/suite-location';
import { STORE_GRID_TEMPLATE, storeGridContext } from './store-grid';

const suiteRoot = findConformanceSuite();
if (suiteRoot === undefined) {
  console.error(missingSuiteMessage('bench/template, whose real-site cases are the suite\'s bench/ folder'));
  process.exit(1);
}
const suite = resolve(suiteRoot, 'bench');
const read = (name: string) => readFileSync(resolve(suite, name), 'utf8');

interface BenchCase {
  name: string;
  template: string;
  context: unknown;
  partials?: Record<string, string>;
}

const cases: BenchCase[] = [
  { name: 'wright (suite bench/)', template: read('wright.html'), context: JSON.parse(read('wright.json')), partials: JSON.parse(read('wright-partials.json')) },
  { name: 'embedded (suite bench/)', template: read('embedded.html'), context: JSON.parse(read('formatter-bench.json')) },
  {
    name: 'executor (suite bench/)',
    template: '{hello.world} {.section foo}{bar}{.end} {bar|html} {.repeated section foos}{bar}{.alternates with}, {.end}',
    context: JSON.parse(read('executor-bench.json')),
  },
  { name: 'store grid, 100 products', template: STORE_GRID_TEMPLATE, context: storeGridContext(100) },
];

const reference = new Compiler();

/** Runs both engines in alternating slices so that load from other processes hits both alike. */
function measurePair(a: () => string, b: () => string, minMs: number) {
  const total = { a: { count: 0, ms: 0, output: a() }, b: { count: 0, ms: 0, output: b() } };
  for (let i = 0; i < 20; i++) {
    a();
    b();
  }
  const slice = 100;
  while (total.a.ms < minMs || total.b.ms < minMs) {
    for (const [key, run] of [['a', a], ['b', b]] as const) {
      const start = performance.now();
      let elapsed = 0;
      let count = 0;
      while (elapsed < slice) {
        for (let i = 0; i < 5; i++) total[key].output = run();
        count += 5;
        elapsed = performance.now() - start;
      }
      total[key].count += count;
      total[key].ms += elapsed;
    }
  }
  return {
    ours: { perSecond: (total.a.count / total.a.ms) * 1000, output: total.a.output },
    reference: { perSecond: (total.b.count / total.b.ms) * 1000, output: total.b.output },
  };
}

const minMs = Number(process.env.BENCH_MS ?? 1500);
let failed = false;
const rows: string[] = [];
let geo = 0;
const only = process.env.BENCH_ONLY;
for (const c of cases.filter((x) => !only || x.name.includes(only))) {
  const ours = compile(c.template);
  const refCode = reference.parse(c.template).code;
  const { ours: oursResult, reference: refResult } = measurePair(
    () => render(ours, c.context, { partials: c.partials }).output,
    () => reference.execute({ code: refCode, json: c.context, partials: c.partials ?? {}, enableExpr: true, enableInclude: true }).ctx.render(),
    minMs,
  );
  const identical = oursResult.output === refResult.output;
  if (!identical) failed = true;
  const ratio = oursResult.perSecond / refResult.perSecond;
  geo += Math.log(ratio);
  rows.push(
    `${c.name.padEnd(28)} ours ${oursResult.perSecond.toFixed(0).padStart(8)}/s  reference ${refResult.perSecond.toFixed(0).padStart(7)}/s  ` +
      `ratio ${ratio.toFixed(1).padStart(5)}x  output ${(oursResult.output.length / 1024).toFixed(1)} KB ${identical ? 'identical' : 'DIFFERENT'}`,
  );
  if (!identical) {
    const a = oursResult.output;
    const b = refResult.output;
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    rows.push(`  first difference at ${i}: ours ${JSON.stringify(a.slice(i, i + 80))} reference ${JSON.stringify(b.slice(i, i + 80))}`);
  }
}
console.log(rows.join('\n'));
console.log(`geometric mean ratio ${Math.exp(geo / (rows.filter((r) => r.includes(' ratio ')).length || 1)).toFixed(1)}x`);
if (failed) {
  console.log('outputs differ');
  process.exitCode = 1;
}
