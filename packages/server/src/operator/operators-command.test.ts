// databases: one — the operator role from the shell, over the accounts domain; no engine-specific SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOperator } from '../accounts';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { runOperatorsCommand } from './operators-command';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insertInto('platform_accounts').values({ id: 'acct-op', email: 'ops@example.com', password_hash: 'x', confirmed_at: new Date() }).execute();
});
afterAll(() => database?.close());

async function run(...args: string[]) {
  const said: string[] = [];
  const failed: string[] = [];
  const code = await runOperatorsCommand(database.db, args, { say: (line) => said.push(line), fail: (line) => failed.push(line) });
  return { code, said: said.join('\n'), failed: failed.join('\n') };
}

describe('npm run platform -- operators', () => {
  it('grants, lists and revokes the operator role of a platform account', async () => {
    expect(await run('list')).toEqual({ code: 0, said: '0 operators', failed: '' });
    expect((await run('add', 'OPS@example.com')).said).toBe('ops@example.com is now a platform operator.');
    expect((await run('add', 'ops@example.com')).said).toBe('ops@example.com is already a platform operator.');
    expect(await isOperator(database.db, 'acct-op')).toBe(true);
    expect((await run('list')).said).toMatch(/^ops@example\.com\s+since \d{4}-\d{2}-\d{2}\n1 operator$/);
    expect((await run('remove', 'ops@example.com')).said).toBe('ops@example.com is no longer a platform operator.');
    expect(await isOperator(database.db, 'acct-op')).toBe(false);
    expect((await run('remove', 'ops@example.com')).said).toBe('ops@example.com was not a platform operator.');
  });

  it('refuses an address without an account (1) and bad arguments with the usage (2)', async () => {
    expect(await run('add', 'nobody@example.com')).toEqual({ code: 1, said: '', failed: 'No platform account has this email address. The person signs up first.' });
    for (const args of [['add'], ['list', 'extra'], ['frobnicate', 'a@example.com']]) {
      const bad = await run(...args);
      expect(bad.code).toBe(2);
      expect(bad.failed).toBe('usage:\n  npm run platform -- operators add EMAIL | remove EMAIL | list');
    }
  });
});
