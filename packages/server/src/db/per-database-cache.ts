/**
 * A per-process cache of entries keyed by website id, kept apart for each database: one process may hold several
 * databases at once (the tests do; so would a tool that opens a second one), and two databases can hold websites
 * with the same id (the demo's ids are derived from names), so a key alone would let one read the other's entry.
 */
export class PerDatabaseCache<Value> {
  private readonly byDatabase = new WeakMap<object, Map<string, Value>>();

  private entriesOf(db: object): Map<string, Value> {
    let entries = this.byDatabase.get(db);
    if (!entries) {
      entries = new Map();
      this.byDatabase.set(db, entries);
    }
    return entries;
  }

  get(db: object, key: string): Value | undefined {
    return this.byDatabase.get(db)?.get(key);
  }

  set(db: object, key: string, value: Value): void {
    this.entriesOf(db).set(key, value);
  }

  delete(db: object, key: string): void {
    this.byDatabase.get(db)?.delete(key);
  }

  /** Forgets every entry of this database. */
  clear(db: object): void {
    this.byDatabase.delete(db);
  }
}
