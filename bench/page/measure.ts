/**
 * The measuring loop the page benchmarks share: autocannon against one URL after a warm-up run that is not
 * counted, and the table that sets every run beside the first (the bare route) as a ratio.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { printTable } from './support';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

export interface Figures {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Average response size in bytes, headers included. */
  bodyBytes: number;
  non2xx: number;
  errors: number;
}

/** One target: a warm-up run (a fresh server keeps speeding up for 5–10 s), then the counted run. */
export async function measure(name: string, options: autocannon.Options): Promise<Figures> {
  await autocannon({ connections: CONNECTIONS, ...options, duration: WARMUP_SECONDS });
  const result = await autocannon({ connections: CONNECTIONS, ...options, duration: SECONDS });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    bodyBytes: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Prints the run's conditions and the table; the first result is the yardstick. Exits 1 when any request failed. */
export function reportAgainstFirst(what: string, results: Figures[]): void {
  const ceiling = results[0]!.requestsPerSecond;
  console.log(
    `\n${what}: ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections, ` +
      `${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} at the end, ` +
      `NODE_ENV=${process.env.NODE_ENV ?? '(unset: React runs its development build)'}\n`,
  );
  printTable(
    ['run', 'requests/s', 'p50', 'p99', 'response size', 'bare route : this', 'non-2xx', 'errors'],
    results.map((r) => [
      r.name,
      Math.round(r.requestsPerSecond),
      `${r.p50Ms} ms`,
      `${r.p99Ms} ms`,
      `${(r.bodyBytes / 1024).toFixed(1)} KB`,
      r === results[0] ? '1 : 1' : `${(ceiling / r.requestsPerSecond).toFixed(1)} : 1`,
      r.non2xx,
      r.errors,
    ]),
    [1, 2, 3, 4, 5, 6, 7],
  );
  if (results.some((r) => r.non2xx > 0 || r.errors > 0)) {
    console.error('\nSome requests failed: the figures above are not of successful renders.');
    process.exit(1);
  }
}
