// databases: both — the migration runner's own SQL: what a start on a migrated database costs, and applying on an empty one.
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite, openPostgres, type OpenDatabase } from './database';
import { loadMigrations, migrate } from './migrate';
import { createEmptyPostgresDatabase, openTestDatabase, type TestDatabase } from './testing';

/** Counts the statements Kysely sends through the instance it is plugged into (transactions included). */
function statementCounter(): KyselyPlugin & { count: number } {
  const counter = {
    count: 0,
    transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
      counter.count += 1;
      return args.node;
    },
    async transformResult(args: Parameters<KyselyPlugin['transformResult']>[0]) {
      return args.result;
    },
  };
  return counter;
}

/** An empty database of the kind under test, and how to drop it. */
async function openEmptyDatabase(): Promise<OpenDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openPGlite();
  const empty = await createEmptyPostgresDatabase(serverUrl);
  const database = openPostgres({ connectionString: empty.url });
  return { ...database, close: async () => (await database.close(), await empty.drop()) };
}

let migrated: TestDatabase;
beforeAll(async () => {
  migrated = await openTestDatabase();
});
afterAll(async () => {
  await migrated?.close();
});

describe(`migrate (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('costs one statement on a database that has every migration, and reports nothing to apply', async () => {
    const counter = statementCounter();
    const told: string[][] = [];
    expect(await migrate(migrated.db.withPlugin(counter), loadMigrations(), { onApplying: (pending) => told.push(pending) })).toEqual([]);
    expect(counter.count).toBe(1);
    expect(told).toEqual([]);
  });

  it('on an empty database says which migrations it is about to apply, applies them in order, then has none left', async () => {
    const empty = await openEmptyDatabase();
    try {
      const migrations = [
        { version: '001_first', sql: 'CREATE TABLE migrate_probe (x int);' },
        { version: '002_second', sql: 'ALTER TABLE migrate_probe ADD COLUMN y int;' },
      ];
      const told: string[][] = [];
      expect(await migrate(empty.db, migrations, { onApplying: (pending) => told.push(pending) })).toEqual(['001_first', '002_second']);
      expect(told).toEqual([['001_first', '002_second']]);

      // A new migration later: only it is announced and applied.
      const later = [...migrations, { version: '003_third', sql: 'ALTER TABLE migrate_probe ADD COLUMN z int;' }];
      expect(await migrate(empty.db, later, { onApplying: (pending) => told.push(pending) })).toEqual(['003_third']);
      expect(told).toEqual([['001_first', '002_second'], ['003_third']]);
      expect(await migrate(empty.db, later)).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
