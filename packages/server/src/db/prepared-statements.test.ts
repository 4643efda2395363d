// databases: both — every parameter and column type through prepared statements
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './testing';

// On PGlite, database.ts keeps statements prepared (withPreparedStatements); these check that rows,
// parameters, errors, transactions and schema changes behave as with PGlite's own query().
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await sql`CREATE TABLE prepared_probe (id text PRIMARY KEY, n bigint, flag boolean, at timestamptz, doc jsonb, note text)`.execute(
    database.db,
  );
});
afterAll(async () => {
  await database?.close();
});

const insertProbe = (id: string, n: number, flag: boolean, at: Date, doc: string, note: string | null) =>
  sql`INSERT INTO prepared_probe (id, n, flag, at, doc, note) VALUES (${id}, ${n}, ${flag}, ${at}, ${doc}, ${note}) RETURNING *`;

describe(`statements on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (prepared)'}`, () => {
  it('sends every parameter type and reads every column type back', async () => {
    const at = new Date('2026-11-21T10:00:00.123Z');
    const { rows } = await insertProbe('a', 9_007_199_254_740_000, true, at, '{"x":[1,"two"]}', null).execute(database.db);
    expect(rows).toEqual([{ id: 'a', n: 9_007_199_254_740_000, flag: true, at, doc: { x: [1, 'two'] }, note: null }]);
    const again = await sql`SELECT * FROM prepared_probe WHERE id = ${'a'}`.execute(database.db);
    expect(again.rows).toEqual(rows);
  });

  it('gives the same rows as PGlite without preparing', async () => {
    await insertProbe('b', 2, false, new Date(0), '[]', "it's").execute(database.db);
    if (!database.pglite) return;
    const text = 'SELECT * FROM prepared_probe ORDER BY id';
    const prepared = await sql.raw(text).execute(database.db);
    const plain = await database.pglite.query(text, [], { rowMode: 'object' });
    expect(prepared.rows).toEqual(plain.rows);
  });

  it('counts the rows an update changed', async () => {
    const result = await sql`UPDATE prepared_probe SET note = ${'seen'} WHERE id IN (${'a'}, ${'b'}, ${'none'})`.execute(database.db);
    expect(Number(result.numAffectedRows)).toBe(2);
  });

  it('reports errors with their code and leaves the connection usable', async () => {
    const duplicate = insertProbe('a', 1, true, new Date(), '{}', null).execute(database.db);
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM prepared_probe`.execute(database.db);
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('rolls back every prepared statement of a failed transaction', async () => {
    const failing = database.db.transaction().execute(async (trx) => {
      await insertProbe('c', 3, true, new Date(), '{}', null).execute(trx);
      await insertProbe('a', 1, true, new Date(), '{}', null).execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    const { rows } = await sql`SELECT id FROM prepared_probe WHERE id = ${'c'}`.execute(database.db);
    expect(rows).toEqual([]);
  });

  it('prepares a statement again when its table changed shape', async () => {
    const select = () => sql<Record<string, unknown>>`SELECT * FROM prepared_probe WHERE id = ${'a'}`.execute(database.db);
    expect(Object.keys((await select()).rows[0])).not.toContain('added');
    await sql`ALTER TABLE prepared_probe ADD COLUMN added text NOT NULL DEFAULT 'new'`.execute(database.db);
    expect((await select()).rows[0]).toMatchObject({ id: 'a', added: 'new' });
  });

  it('prepares a statement again when its table changed shape behind its back', async () => {
    if (!database.pglite) return;
    const select = () => sql<Record<string, unknown>>`SELECT * FROM prepared_probe WHERE id = ${'b'}`.execute(database.db);
    expect(Object.keys((await select()).rows[0])).not.toContain('added_elsewhere');
    // Straight to PGlite, as another user of the instance would: the prepared plan goes stale unseen.
    await database.pglite.exec(`ALTER TABLE prepared_probe ADD COLUMN added_elsewhere int NOT NULL DEFAULT 7`);
    expect((await select()).rows[0]).toMatchObject({ id: 'b', added_elsewhere: 7 });
  });
});
