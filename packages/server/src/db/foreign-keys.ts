import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** A single-column foreign key of the current schema, read from PostgreSQL's catalog. */
export interface ForeignKey {
  child: string;
  childColumn: string;
  parent: string;
  parentColumn: string;
  /** Whether the child column may be null (a key that can be cleared to break a cycle). */
  nullable: boolean;
}

/**
 * The schema's single-column foreign keys (of the given child tables, or of every table), read from the catalog so
 * the code that walks a website's rows generically — the purge and the site archive — covers a table a later
 * migration adds without a list to keep up to date.
 */
export async function readForeignKeys(db: Kysely<Database>, childTables?: readonly string[]): Promise<ForeignKey[]> {
  const onlyTables = childTables ? sql`AND child.relname = ANY(${[...childTables]})` : sql``;
  return (
    await sql<ForeignKey>`SELECT child.relname AS child, ca.attname AS "childColumn", parent.relname AS parent, pa.attname AS "parentColumn",
        NOT ca.attnotnull AS nullable
      FROM pg_constraint c
      JOIN pg_class child ON child.oid = c.conrelid
      JOIN pg_class parent ON parent.oid = c.confrelid
      JOIN pg_namespace n ON n.oid = child.relnamespace AND n.nspname = current_schema()
      JOIN pg_attribute ca ON ca.attrelid = c.conrelid AND ca.attnum = c.conkey[1]
      JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
      WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1 ${onlyTables}
      ORDER BY child.relname, ca.attname`.execute(db)
  ).rows;
}
