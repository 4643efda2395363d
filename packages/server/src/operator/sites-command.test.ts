// databases: one — the operator's command line over the platform's services; no engine-specific SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { CREATE_WEBSITE_MESSAGES } from '../platform';
import { runSitesCommand } from './sites-command';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

async function run(...args: string[]) {
  const said: string[] = [];
  const failed: string[] = [];
  const code = await runSitesCommand(database.db, args.slice(1), { PLATFORM_DOMAIN: 'vitrine.example', PUBLIC_URL: 'https://vitrine.example' }, {
    say: (line) => said.push(line),
    fail: (line) => failed.push(line),
  });
  return { code, said: said.join('\n'), failed: failed.join('\n') };
}

describe('npm run platform -- sites', () => {
  it('creates a website and prints its owner\'s one-time set-up link on its own subdomain', async () => {
    const created = await run('sites', 'create', '--identifier', 'cli-shop', '--title', 'CLI Shop', '--template', 'empty', '--owner', 'Owner@Example.com');
    expect(created.code).toBe(0);
    expect(created.said).toMatch(/^Created cli-shop \(/);
    expect(created.said).toContain('for owner@example.com');
    expect(created.said).toMatch(/https:\/\/cli-shop\.vitrine\.example\/config\/setup\?token=[\w-]{20,}/);
    const list = await run('sites', 'list');
    expect(list.said).toMatch(/cli-shop\s+live\s+CLI Shop/);
    expect(list.said).toMatch(/demo\s+live\s+Vitrine Demo Store/);
  });

  it('suspends, resumes and deletes by identifier, sets quotas and reports usage', async () => {
    expect((await run('sites', 'suspend', 'cli-shop')).said).toBe('cli-shop: suspended. Running servers notice within a second.');
    expect((await run('sites', 'list')).said).toMatch(/cli-shop\s+suspended/);
    expect((await run('sites', 'resume', 'cli-shop')).code).toBe(0);
    const quotas = await run('sites', 'quotas', 'cli-shop', '--products', '5');
    expect(quotas.said).toContain('products 0 of 5 (website)');
    expect((await run('sites', 'usage', 'demo')).said).toMatch(/^demo: products \d+/);
    // Requests a day, as the servers' counters add them (request-days/).
    const demo = await database.db.selectFrom('websites').select('id').where('identifier', '=', 'demo').executeTakeFirstOrThrow();
    await database.db.insertInto('website_request_days').values({ website_id: demo.id, day: new Date().toISOString().slice(0, 10), requests: 42 }).execute();
    expect((await run('sites', 'usage', 'demo')).said).toContain('demo: requests today 42, yesterday 0 (UTC days; each server adds its counts every few seconds)');
    expect((await run('sites', 'delete', 'cli-shop')).said).toContain('deleted (restorable until it is purged)');
    expect((await run('sites', 'purge')).said).toBe('No deleted website is past its grace period.');
  });

  it('refuses a bad address with the reason (1) and bad arguments with the usage (2)', async () => {
    const refused = await run('sites', 'create', '--identifier', 'www', '--owner', 'a@example.com');
    expect(refused.code).toBe(1);
    expect(refused.failed).toContain(CREATE_WEBSITE_MESSAGES.identifierReserved);
    const unknown = await run('sites', 'suspend', 'nobody-here');
    expect(unknown.code).toBe(1);
    expect(unknown.failed).toBe('No website has this id or identifier.');
    for (const args of [['sites'], ['sites', 'create', '--identifier', 'x-y-z'], ['sites', 'frobnicate']]) {
      const bad = await run(...args);
      expect(bad.code).toBe(2);
      expect(bad.failed).toContain('npm run platform -- sites create --identifier ID');
    }
  });
});
