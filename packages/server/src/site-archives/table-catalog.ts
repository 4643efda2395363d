import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readForeignKeys } from '../db/foreign-keys';

/**
 * What the archive needs to know of a table, read from PostgreSQL's catalog (as the website purge does), so a
 * column or a foreign key a migration adds is carried without code: the columns a row is written with (not the
 * generated ones, nor those a sequence numbers), the order its rows are read in, and its single-column foreign keys.
 */
export interface TableFacts {
  table: string;
  /** Written on import; generated columns and sequence-numbered ones are left to the database. */
  columns: string[];
  /** Read in this order (keyset): the sequence-numbered column when there is one (its order is kept), else the key. */
  orderBy: string[];
  foreignKeys: ForeignKeyFacts[];
  /** Every column, for the JSON a row is read as: the ones not written are taken out of it. */
  notWritten: string[];
  hasWebsiteId: boolean;
}

export interface ForeignKeyFacts {
  column: string;
  parent: string;
  parentColumn: string;
  nullable: boolean;
}

export async function readTableFacts(db: Kysely<Database>, tables: readonly string[]): Promise<Map<string, TableFacts>> {
  const columns = (
    await sql<{ table_name: string; column_name: string; is_generated: string; column_default: string | null; is_identity: string }>`
      SELECT table_name, column_name, is_generated, column_default, is_identity FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ANY(${[...tables]}) ORDER BY table_name, ordinal_position`.execute(db)
  ).rows;
  const keys = (
    await sql<{ table_name: string; column_name: string }>`
      SELECT t.relname AS table_name, a.attname AS column_name
      FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema()
      JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position) ON true
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE i.indisprimary AND t.relname = ANY(${[...tables]}) ORDER BY t.relname, k.position`.execute(db)
  ).rows;
  const foreign = await readForeignKeys(db, tables);
  const facts = new Map<string, TableFacts>();
  for (const table of tables) {
    const own = columns.filter((column) => column.table_name === table);
    if (own.length === 0) throw new Error(`the site archive names a table the database does not have: ${table}`);
    const numbered = own.filter((column) => column.is_identity === 'YES' || column.column_default?.startsWith('nextval('));
    const written = own.filter((column) => column.is_generated !== 'ALWAYS' && !numbered.includes(column)).map((column) => column.column_name);
    const primary = keys.filter((key) => key.table_name === table).map((key) => key.column_name);
    facts.set(table, {
      table,
      columns: written,
      notWritten: own.map((column) => column.column_name).filter((name) => !written.includes(name)),
      hasWebsiteId: own.some((column) => column.column_name === 'website_id'),
      orderBy: numbered.length > 0 ? [numbered[0]!.column_name, ...primary] : primary,
      foreignKeys: foreign.filter((key) => key.child === table).map(({ childColumn, parent, parentColumn, nullable }) => ({ column: childColumn, parent, parentColumn, nullable })),
    });
  }
  return facts;
}

/**
 * The tables in an order rows can be inserted in: a table after every table it points at (self-references and
 * keys outside the set aside; a self-reference is written after its table's rows, see import). Cycles between two
 * tables of the archive are not expected; one makes the import fail loudly rather than insert half a site.
 */
export function insertOrder(facts: Map<string, TableFacts>): string[] {
  const order: string[] = [];
  const pending = new Set(facts.keys());
  while (pending.size > 0) {
    const ready = [...pending].filter((table) => facts.get(table)!.foreignKeys.every((key) => key.parent === table || !pending.has(key.parent)));
    if (ready.length === 0) throw new Error(`the site archive's tables point at each other in a cycle: ${[...pending].join(', ')}`);
    for (const table of ready.sort()) {
      order.push(table);
      pending.delete(table);
    }
  }
  return order;
}

/**
 * The condition that picks one website's rows of a table (export reads them, import clears the new website's
 * starter rows): its website_id, else through the parent in the archive that has one.
 */
export function rowsOfWebsite(facts: TableFacts, all: Map<string, TableFacts>, websiteId: string) {
  if (facts.hasWebsiteId) return sql`website_id = ${websiteId}`;
  const parent = facts.foreignKeys.find((key) => all.get(key.parent)?.hasWebsiteId);
  if (!parent) throw new Error(`the site archive cannot tell which website a ${facts.table} row belongs to`);
  return sql`${sql.ref(parent.column)} IN (SELECT ${sql.ref(parent.parentColumn)} FROM ${sql.table(parent.parent)} WHERE website_id = ${websiteId})`;
}

