import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databasePragmaOf, filesOnBothDatabases, touchesDatabase } from './database-files.mjs';

describe('which server test files run on both databases', () => {
  it('reads the pragma from the first lines only, with its reason', () => {
    expect(databasePragmaOf('// databases: both — racing adds lock the cart row\nimport x;')).toEqual({ databases: 'both', reason: 'racing adds lock the cart row' });
    expect(databasePragmaOf('import x;\n// databases: one — the page HTML\n')).toEqual({ databases: 'one', reason: 'the page HTML' });
    expect(databasePragmaOf('\n\n\n\n\n// databases: both — too far down')).toBeNull();
    expect(databasePragmaOf('// databases: some — what')).toBeNull();
  });

  it('knows a file that opens a database', () => {
    expect(touchesDatabase("const server = await openTestServer();")).toBe(true);
    expect(touchesDatabase("expect(formatMoney(100)).toBe('$1.00');")).toBe(false);
  });

  it('selects the repository\'s race and lock tests for PostgreSQL, and not the page tests', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const selected = filesOnBothDatabases(root).map((file) => path.relative(root, file));
    expect(selected).toContain('packages/server/src/reliability/races.test.ts');
    expect(selected).toContain('packages/server/src/db/database.test.ts');
    expect(selected).not.toContain('packages/server/src/pages/pages.test.ts');
  });
});
