/**
 * How hard the reliability tests push. `npm test` runs the bounded defaults (fixed seed, a few runs);
 * `npm run test:reliability` sets RELIABILITY_LONG=1 (more runs, more racers, a random seed that is
 * printed so a failure can be replayed with FUZZ_SEED=<seed>).
 */
const env = process.env;

export const LONG_RUN = env.RELIABILITY_LONG === '1';

function positiveInteger(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not ${JSON.stringify(raw)}`);
  return value;
}

/** The fuzzer's seed: FUZZ_SEED, else fixed in `npm test`, else random in the long run. */
export const FUZZ_SEED: number = (() => {
  const raw = env.FUZZ_SEED;
  if (raw !== undefined && raw !== '' && raw !== 'random') {
    const value = Number(raw);
    if (!Number.isInteger(value)) throw new Error(`FUZZ_SEED must be an integer, not ${JSON.stringify(raw)}`);
    return value;
  }
  return LONG_RUN || raw === 'random' ? Math.floor(Math.random() * 2 ** 31) : 20_261_122;
})();

/** Fuzzed requests per route (every route of the route table gets this many). */
export const FUZZ_RUNS = positiveInteger('FUZZ_RUNS', LONG_RUN ? 2000 : 40);

/** Shoppers racing for the same stock. */
export const RACERS = positiveInteger('RACERS', LONG_RUN ? 60 : 20);

/** Write requests sent before and around the crash (the kill comes somewhere in the middle). */
export const CRASH_WRITES = positiveInteger('CRASH_WRITES', LONG_RUN ? 600 : 120);

/** A test's time limit, scaled for the long run. */
export function timeLimit(boundedMs: number, longMs = boundedMs * 20): number {
  return LONG_RUN ? longMs : boundedMs;
}
