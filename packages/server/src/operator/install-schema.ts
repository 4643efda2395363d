import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What the backup and the restore read of the database's own schema (the catalog, not db/schema.ts): every table of
 * the current schema but schema_migrations (its versions travel in the manifest), its columns, its foreign keys, the
 * sequences and the tables with triggers of their own. The same SQL on PGlite and PostgreSQL.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** The migrations' own table: the restore writes it by migrating, never from rows. */
export const MIGRATIONS_TABLE = 'schema_migrations';

export interface TableColumn {
  name: string;
  /** The column's type as SQL writes it (format_type): what a restored value is cast to. */
  type: string;
  /** GENERATED ALWAYS AS IDENTITY: a restore inserts it OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

export interface InstallTable {
  name: string;
  /** The columns a backup keeps, in their order; generated (computed) columns are left out and computed again. */
  columns: TableColumn[];
  /** The primary key's columns (rows are dumped in its order, so two backups of the same data are the same bytes). */
  primaryKey: string[];
  hasUserTriggers: boolean;
}

export interface ForeignKey {
  table: string;
  name: string;
  references: string;
  /** pg_get_constraintdef: what ADD CONSTRAINT takes to put it back. */
  definition: string;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function readInstallTables(db: Db): Promise<InstallTable[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string; column_type: string; identity: string; generated: string }>`
    SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS column_type,
      a.attidentity::text AS identity, a.attgenerated::text AS generated
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> ${MIGRATIONS_TABLE}
    ORDER BY c.relname, a.attnum`.execute(db);
  const { rows: keys } = await sql<{ table_name: string; column_name: string }>`
    SELECT c.relname AS table_name, a.attname AS column_name
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position) ON true
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
    WHERE n.nspname = current_schema() AND i.indisprimary
    ORDER BY c.relname, k.position`.execute(db);
  const { rows: triggers } = await sql<{ table_name: string }>`
    SELECT DISTINCT c.relname AS table_name
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND NOT t.tgisinternal`.execute(db);
  const withTriggers = new Set(triggers.map((row) => row.table_name));
  const tables = new Map<string, InstallTable>();
  for (const column of columns) {
    let table = tables.get(column.table_name);
    if (!table) {
      table = { name: column.table_name, columns: [], primaryKey: [], hasUserTriggers: withTriggers.has(column.table_name) };
      tables.set(column.table_name, table);
    }
    if (column.generated !== '') continue;
    table.columns.push({ name: column.column_name, type: column.column_type, identityAlways: column.identity === 'a' });
  }
  for (const key of keys) tables.get(key.table_name)?.primaryKey.push(key.column_name);
  return [...tables.values()];
}

export async function readForeignKeys(db: Db): Promise<ForeignKey[]> {
  const { rows } = await sql<{ table_name: string; name: string; references_table: string; definition: string }>`
    SELECT c.relname AS table_name, con.conname AS name, r.relname AS references_table, pg_get_constraintdef(con.oid) AS definition
    FROM pg_constraint con
    JOIN pg_class c ON c.oid = con.conrelid
    JOIN pg_class r ON r.oid = con.confrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND con.contype = 'f'
    ORDER BY c.relname, con.conname`.execute(db);
  return rows.map((row) => ({ table: row.table_name, name: row.name, references: row.references_table, definition: row.definition }));
}

export async function readSequenceNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'S' ORDER BY c.relname`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * The tables in foreign-key order: a table comes after every table it references, so rows loaded in this order
 * find what they point at. Ties go by name (the order is the same on every run). A table that references itself,
 * or a cycle, cannot be ordered: the restore sets those constraints aside while it loads (see `unorderedKeys`).
 */
export function foreignKeyOrder(tableNames: readonly string[], keys: readonly ForeignKey[]): string[] {
  const remaining = new Set(tableNames);
  const needs = new Map<string, Set<string>>(tableNames.map((name) => [name, new Set<string>()]));
  for (const key of keys) {
    if (key.table !== key.references && remaining.has(key.references)) needs.get(key.table)?.add(key.references);
  }
  const order: string[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining].filter((name) => [...needs.get(name)!].every((needed) => !remaining.has(needed))).sort();
    // A cycle: take the first of its tables by name; the keys it breaks are loaded unchecked and checked at the end.
    const next = ready.length > 0 ? ready : [[...remaining].sort()[0]!];
    for (const name of next) {
      remaining.delete(name);
      order.push(name);
    }
  }
  return order;
}

/** The foreign keys that `order` cannot satisfy row by row: those pointing at their own table or at one loaded later. */
export function unorderedKeys(order: readonly string[], keys: readonly ForeignKey[]): ForeignKey[] {
  const position = new Map(order.map((name, index) => [name, index]));
  return keys.filter((key) => {
    const from = position.get(key.table);
    const to = position.get(key.references);
    return from !== undefined && to !== undefined && to >= from;
  });
}
