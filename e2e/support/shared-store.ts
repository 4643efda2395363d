import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared demo store (useShop({ sharedStore: true })): one server for the shopper-only journeys. */
    sharedStoreUrl: string;
  }
}

/**
 * Vitest's global set-up for the journeys: one real server on the seeded demo store, shared by the files that only
 * visit as shoppers (useShop({ sharedStore: true })), so each of them does not start a server of its own. Its
 * state-changing allowance per address is raised: every journey's browser comes from 127.0.0.1, and two files run at
 * once here (the rate limit itself is a journey of its own, add-to-cart-errors.test.ts, on its own server).
 */
export default async function startSharedStore(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer({ env: { RATE_LIMIT_MAX: '100000' } });
  project.provide('sharedStoreUrl', server.url);
  return () => server.stop();
}
