// databases: both — schema.ts against the migrated tables of each engine
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './testing';

/*
 * The row types of schema.ts are written by hand beside the SQL migrations. This test keeps the two
 * from drifting: it reads schema.ts with the TypeScript compiler and the migrated database's catalog,
 * and compares every table's columns and whether each may be null. A column added by a migration and
 * not typed (or typed and never created) fails here, on PGlite and on PostgreSQL alike.
 */

interface TypedColumn {
  nullable: boolean;
}

/** table name → column name → what schema.ts says of it, from the `Database` interface and each table's interface. */
function readSchemaTypes(): Map<string, Map<string, TypedColumn>> {
  const file = path.join(import.meta.dirname, 'schema.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const database = interfaces.get('Database');
  if (!database) throw new Error('schema.ts has no Database interface');
  const tables = new Map<string, Map<string, TypedColumn>>();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const tableName = member.name.getText(source);
    const table = interfaces.get(member.type.typeName.getText(source));
    if (!table) throw new Error(`schema.ts: ${tableName} names an interface that is not declared`);
    const columns = new Map<string, TypedColumn>();
    for (const column of table.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      // `| null` written out, or one of schema.ts' Nullable… aliases (NullableTimestamp).
      columns.set(column.name.getText(source), { nullable: /\bnull\b|\bNullable\w*/.test(column.type.getText(source)) });
    }
    tables.set(tableName, columns);
  }
  return tables;
}

describe('schema.ts and the migrations agree', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('on every table, column and nullability', async () => {
    const typed = readSchemaTypes();
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>`
      SELECT table_name, column_name, is_nullable FROM information_schema.columns
      WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`.execute(database.db);
    const migrated = new Map<string, Map<string, TypedColumn>>();
    for (const row of rows) {
      const columns = migrated.get(row.table_name) ?? new Map<string, TypedColumn>();
      columns.set(row.column_name, { nullable: row.is_nullable === 'YES' });
      migrated.set(row.table_name, columns);
    }
    const describe = (tables: Map<string, Map<string, TypedColumn>>) =>
      Object.fromEntries(
        [...tables].sort(([a], [b]) => a.localeCompare(b)).map(([table, columns]) => [
          table,
          Object.fromEntries([...columns].sort(([a], [b]) => a.localeCompare(b)).map(([column, { nullable }]) => [column, nullable ? 'null' : 'not null'])),
        ]),
      );
    expect(describe(typed)).toEqual(describe(migrated));
  });
});
