// What a tool outside the server needs to make a seeded database of its own: open it, migrate it, seed the demo.
// The journeys' harness (e2e/support/server.ts) imports this compiled (scripts/start/server-bundle.mjs builds it
// beside the server), because loading these modules from TypeScript cost every journey file seconds of CPU.
export { openDatabaseFromEnv } from './db/database';
export { migrate } from './db/migrate';
export { seedDemoSite } from './demo-site';
