import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packages = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * What a seeded database can depend on: the migrations and the seed, and everything the seed calls — the server's
 * code and the shared packages' rules, defaults and block schemas (a lesson's stored player address comes from the
 * embeds code, a page's blocks from @vitrine/blocks' defaults) — and the demo's pictures. Listing the seed's files by
 * hand missed such a dependency once (a template kept a stale embed address); hashing every source file costs a few
 * tens of milliseconds.
 */
const INPUTS = ['server/src', 'server/demo-assets', 'blocks/src', 'forms/src', 'commerce/src', 'format/src', 'contracts/src', 'experiments/src'];

/**
 * Names the migrated, seeded database that tests copy instead of migrating and seeding each time (the PGlite
 * tarball, the PostgreSQL template database, the browser journeys' data dir): a change to anything it depends on
 * makes a new one. Its own module, so the journeys can name their template without importing the server.
 */
export function templateFingerprint(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const dir = path.join(packages, input);
    const files = readdirSync(dir, { recursive: true }).map(String).filter((file) => !/\.test\.tsx?$/.test(file)).sort();
    for (const file of files) {
      const full = path.join(dir, file);
      let content: Buffer;
      try {
        content = readFileSync(full);
      } catch {
        continue; // a folder
      }
      hash.update(`${input}/${file}`).update(content);
    }
  }
  return hash.digest('hex').slice(0, 16);
}
