// databases: both — the operator page's listing (usage, requests a day, search, cursor) and its actions over both engines
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantOperator, revokeOperator } from '../accounts';
import { RequestDayCounter, utcDayOf } from '../request-days';
import { openTestServer, type TestServer } from '../testing';
import { createWebsite } from './index';
import { humanBytes } from './operator-listing';
import { hiddenField, PLATFORM, PLATFORM_URL, PlatformBrowser, signedUpAccount } from './platform-test-support';

let server: TestServer;
let counter: RequestDayCounter;
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM, publicUrl: PLATFORM_URL, requestDays: { created: (made) => (counter = made) } });
});
afterAll(() => server?.close());

const db = () => server.database.db;
const rowOf = (html: string, identifier: string) => {
  const start = html.indexOf(`<span class="platform-operator-id">${identifier}</span>`);
  expect(start, identifier).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</tr>', start));
};

describe('the operator page at {PLATFORM_DOMAIN}/operator', () => {
  let operator: PlatformBrowser;

  it('sends a visitor to sign in and back, and answers a signed-in account without the role 403', async () => {
    const visitor = new PlatformBrowser(server);
    const answer = await visitor.get(PLATFORM, '/operator');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/signin?next=%2Foperator');
    const person = await signedUpAccount(server, 'not-an-operator@example.com');
    const refused = await person.get(PLATFORM, '/operator');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('<h1>Not an operator</h1>');
    // A website's host never reaches the page: it is the website's own path there.
    expect((await person.get(`demo.${PLATFORM}`, '/operator')).body).not.toContain('platform-operator-table');
  });

  it('lists the websites with status, usage and requests today, searches and pages by identifier', async () => {
    await createWebsite(db(), { identifier: 'op-alpha', siteTitle: 'Alpha <Shop>', sampleContent: true });
    await createWebsite(db(), { identifier: 'op-beta', siteTitle: 'Beta', sampleContent: false });
    operator = await signedUpAccount(server, 'operator@example.com');
    expect(await grantOperator(db(), 'Operator@Example.com')).toBe(true);
    // Three requests answered by op-alpha, flushed to the table as the server does every few seconds.
    for (let i = 0; i < 3; i += 1) expect((await operator.get(`op-alpha.${PLATFORM}`, '/')).statusCode).toBe(200);
    await counter.flush();
    const page = await operator.get(PLATFORM, '/operator');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('<th scope="col">Requests today</th>');
    const alpha = rowOf(page.body, 'op-alpha');
    expect(alpha).toContain('Alpha &lt;Shop&gt;');
    expect(alpha).toContain(`<a href="${PLATFORM_URL.replace(PLATFORM, `op-alpha.${PLATFORM}`)}/">op-alpha.${PLATFORM}</a>`);
    expect(alpha).toContain('>Active</span>');
    expect(alpha).toMatch(/data-label="Requests today" class="platform-number">3</);
    expect(alpha).toMatch(/data-label="Requests yesterday" class="platform-number">0</);
    expect(alpha).toMatch(/data-label="Products" class="platform-number">[1-9]\d*</);
    expect(alpha).toMatch(/data-label="Storage" class="platform-number">\d+(\.\d)? (B|KB|MB)</);
    expect(rowOf(page.body, 'op-beta')).toMatch(/data-label="Products" class="platform-number">0</);
    const stored = await db().selectFrom('website_request_days').select('requests').where('day', '=', utcDayOf(new Date())).where('website_id', 'in', (eb) => eb.selectFrom('websites').select('id').where('identifier', '=', 'op-alpha')).executeTakeFirstOrThrow();
    expect(Number(stored.requests)).toBe(3);

    const searched = await operator.get(PLATFORM, '/operator?q=op-b');
    expect(searched.body).toContain('op-beta');
    expect(searched.body).not.toContain('op-alpha');
    expect(searched.body).toContain('Websites matching “op-b”');
    const next = await operator.get(PLATFORM, '/operator?after=op-alpha');
    expect(next.body).not.toContain('>op-alpha<');
    expect(next.body).toContain('>op-beta<');
  });

  it('suspends, resumes, deletes after a confirmation and restores, each a crumb-protected form', async () => {
    const page = await operator.get(PLATFORM, '/operator?q=op-beta');
    const xsrf = hiddenField(page.body, 'xsrf');
    const beta = await db().selectFrom('websites').select('id').where('identifier', '=', 'op-beta').executeTakeFirstOrThrow();
    const post = (action: string, fields: Record<string, string> = {}) => operator.postForm(PLATFORM, `/operator/websites/${beta.id}/${action}`, { xsrf, back: '/operator?q=op-beta', ...fields });

    // Without the session's own token (a planted cookie alone) nothing changes.
    const forged = await operator.postForm(PLATFORM, `/operator/websites/${beta.id}/suspend`, { back: '/operator' });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('This form has expired. Please try again.');
    const suspended = await post('suspend');
    expect(suspended.statusCode).toBe(303);
    expect(suspended.headers.location).toBe('/operator?q=op-beta');
    expect(rowOf((await operator.get(PLATFORM, '/operator?q=op-beta')).body, 'op-beta')).toContain('>Suspended</span>');
    expect((await operator.get(`op-beta.${PLATFORM}`, '/')).statusCode).toBe(503);
    expect((await post('resume')).statusCode).toBe(303);

    const confirm = await operator.get(PLATFORM, `/operator/websites/${beta.id}/delete?back=${encodeURIComponent('/operator?q=op-beta')}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('<h1>Delete Beta?</h1>');
    expect(confirm.body).toContain('It can be restored for 30 days');
    expect((await post('delete')).statusCode).toBe(303);
    const deleted = rowOf((await operator.get(PLATFORM, '/operator?q=op-beta')).body, 'op-beta');
    expect(deleted).toMatch(/>Deleted — purged on \d{4}-\d{2}-\d{2}<\/span>/);
    expect(deleted).toContain('aria-label="Restore op-beta"');
    expect((await operator.get(`op-beta.${PLATFORM}`, '/')).statusCode).toBe(404);
    expect((await post('restore')).statusCode).toBe(303);
    expect((await operator.get(`op-beta.${PLATFORM}`, '/')).statusCode).toBe(200);
    // An unknown website: 404 with the reason; a return address elsewhere is not followed.
    const unknown = await operator.postForm(PLATFORM, '/operator/websites/nobody/suspend', { xsrf, back: 'https://evil.example/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('No website has this id or identifier.');
    expect(unknown.body).toContain('href="/operator"');
  });

  it('answers 403 at once once the role is revoked from the shell', async () => {
    expect(await revokeOperator(db(), 'operator@example.com')).toBe(true);
    expect((await operator.get(PLATFORM, '/operator')).statusCode).toBe(403);
  });
});

describe('humanBytes', () => {
  it('writes bytes for people', () => {
    expect([0, 512, 1536, 20 * 1024 * 1024, 3.2 * 1024 ** 3].map(humanBytes)).toEqual(['0 B', '512 B', '1.5 KB', '20 MB', '3.2 GB']);
  });
});
