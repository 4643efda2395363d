// databases: both — the migrations, statement splitting and transactions themselves
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate, splitStatements } from './migrate';
import { openTestDatabase, type TestDatabase } from './testing';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`database (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('has applied every migration, and applying again does nothing', async () => {
    const versions = await database.db.selectFrom('schema_migrations').select('version').orderBy('version').execute();
    expect(versions.map((row) => row.version)).toEqual(loadMigrations().map((migration) => migration.version));
    expect(versions.slice(0, 7).map((row) => row.version)).toEqual([
      '001_initial', '002_supported_currencies', '003_product_images', '004_rate_limit_windows', '005_product_search', '006_search_index', '007_owner_accounts',
    ]);
    expect(await migrate(database.db)).toEqual([]);
  });

  it('accepts only the 27 supported store currencies', async () => {
    const website = await database.db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
    await database.db.updateTable('websites').set({ currency: 'JPY' }).where('id', '=', website.id).execute();
    await expect(database.db.updateTable('websites').set({ currency: 'XXX' }).where('id', '=', website.id).execute()).rejects.toThrow(
      /websites_currency_supported/,
    );
    await database.db.updateTable('websites').set({ currency: 'USD' }).where('id', '=', website.id).execute();
  });

  it('splits a migration into statements at line-ending semicolons, dropping comment lines', () => {
    expect(splitStatements('-- note; here\nCREATE TABLE a (x int);\nCREATE INDEX i ON a (x);\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE INDEX i ON a (x)',
    ]);
  });

  it('keeps a dollar-quoted function body in one statement', () => {
    const source = [
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $body$',
      'BEGIN',
      "  UPDATE t SET x = '$$';",
      '  RETURN NULL;',
      'END',
      '$body$;',
      'CREATE TABLE b (y int);',
    ].join('\n');
    const statements = splitStatements(source);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/^CREATE FUNCTION f\(\)[\s\S]*RETURN NULL;\nEND\n\$body\$$/);
    expect(statements[1]).toBe('CREATE TABLE b (y int)');
  });

  it("keeps concurrent transactions apart: a slow rollback never takes a quicker commit's insert with it", async () => {
    const { db } = database;
    const slow = `isolation-slow-${Math.random()}`;
    const quick = `isolation-quick-${Math.random()}`;
    const rollingBack = db.transaction().execute(async (trx) => {
      await trx.insertInto('server_secrets').values({ name: slow, value: 'rolled back' }).execute();
      await sleep(50);
      throw new Error('roll back on purpose');
    });
    const committing = db.transaction().execute(async (trx) => {
      await trx.insertInto('server_secrets').values({ name: quick, value: 'committed' }).execute();
    });
    // A plain query issued meanwhile never reads the uncommitted row.
    const outside = db.selectFrom('server_secrets').select('name').where('name', '=', slow).execute();
    const results = await Promise.allSettled([rollingBack, committing, outside]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(results[2]).toEqual({ status: 'fulfilled', value: [] });
    const names = await db.selectFrom('server_secrets').select('name').where('name', 'in', [slow, quick]).execute();
    expect(names.map((row) => row.name)).toEqual([quick]);
  });

  it("keeps concurrent transactions apart: one's rollback never erases the other's insert", async () => {
    const { db } = database;
    const key = (name: string) => `isolation-test-${name}-${Math.random()}`;
    const keep = key('keep');
    const drop = key('drop');
    const committing = db.transaction().execute(async (trx) => {
      await trx.insertInto('server_secrets').values({ name: keep, value: 'kept' }).execute();
      await sleep(50);
      await trx.selectFrom('server_secrets').select('name').execute();
    });
    const rollingBack = db.transaction().execute(async (trx) => {
      await trx.insertInto('server_secrets').values({ name: drop, value: 'dropped' }).execute();
      await sleep(10);
      throw new Error('roll back on purpose');
    });
    // A plain query issued meanwhile must not see (or land inside) either transaction.
    const outside = db.selectFrom('server_secrets').select('name').where('name', '=', drop).execute();
    const results = await Promise.allSettled([committing, rollingBack, outside]);
    expect(results[0].status).toBe('fulfilled');
    expect(results[1].status).toBe('rejected');
    expect(results[2]).toEqual({ status: 'fulfilled', value: [] });
    const names = await db.selectFrom('server_secrets').select('name').where('name', 'in', [keep, drop]).execute();
    expect(names.map((row) => row.name)).toEqual([keep]);
  });

  it('runs twenty concurrent transactions with no lost update', async () => {
    const { db } = database;
    const name = `counter-${Math.random()}`;
    await db.insertInto('server_secrets').values({ name, value: '0' }).execute();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('server_secrets').select('value').where('name', '=', name).forUpdate().executeTakeFirstOrThrow();
          await sleep(1);
          await trx.updateTable('server_secrets').set({ value: String(Number(row.value) + 1) }).where('name', '=', name).execute();
        }),
      ),
    );
    const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    expect(row.value).toBe('20');
  });

  it('reads money columns (bigint) as numbers', async () => {
    const variant = await database.db.selectFrom('variants').select(['price_cents']).where('sku', '=', 'ARMCHAIR').executeTakeFirstOrThrow();
    expect(variant.price_cents).toBe(145000);
  });
});
