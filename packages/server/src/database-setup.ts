// What a tool outside the server needs to make a seeded database of its own and the people and websites on it: open
// it, migrate it, seed the demo, add a website, make a set-up link. The journeys' harness (e2e/support/server.ts)
// imports this compiled (scripts/start/server-bundle.mjs builds it beside the server), because loading these modules
// from TypeScript cost each journey file seconds of CPU.
export { openDatabaseFromEnv } from './db/database';
export { migrate } from './db/migrate';
export { seedDemoSite } from './demo-site';
export { newId } from './ids';
export { systemActor } from './actor';
export { findDefaultWebsite } from './websites';
export { createSetupLink } from './owner';
export { createWebsite } from './platform';
export { hashPassword } from './site-users';
export { CONTRIBUTOR_ROLES } from '@vitrine/contracts';
