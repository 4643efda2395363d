// databases: both — a solution is accepted once: two racing uses insert one row
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_CHALLENGE_LIFETIME_SECONDS, CAPTCHA_MESSAGES } from '@vitrine/contracts';
import { openTestServer, solveCaptcha, TestVisitor, type TestServer } from '../testing';
import type { Website } from '../db/schema';
import { findDefaultWebsite } from '../websites';
import { CAPTCHA_ALGORITHM, checkCaptchaSolution, createCaptchaChallenge, decodeCaptchaPayload, requireCaptchaSolution, type CaptchaSettings } from './index';

let server: TestServer;
let website: Website;
let settings: CaptchaSettings;
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
  // The settings the app signs with: read back the secrets it stored.
  const secrets = await server.database.db.selectFrom('server_secrets').selectAll().where('name', 'in', ['captcha', 'captcha-key']).execute();
  const secret = (name: string) => secrets.find((row) => row.name === name)!.value;
  settings = { signatureSecret: secret('captcha'), keySignatureSecret: secret('captcha-key'), difficulty: { cost: 50, minCounter: 1, maxCounter: 20 } };
});
afterAll(async () => {
  await server?.close();
});

const visitor = () => new TestVisitor(server.app);
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const check = (token: string | undefined, now?: number) => checkCaptchaSolution(server.database.db, website, settings, token, now);

describe('captcha challenges', () => {
  it('answers a fresh challenge, signed, bound to the website, expiring in ten minutes, never cached', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await visitor().get('/api/captcha/challenge');
    // Ten minutes from when the server answered: between the request's start and its end (a loaded machine takes seconds).
    const after = Math.ceil(Date.now() / 1000);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json();
    expect(challenge.parameters).toMatchObject({ algorithm: CAPTCHA_ALGORITHM, cost: 50, data: { websiteId: website.id } });
    expect(challenge.parameters.expiresAt - before).toBeGreaterThanOrEqual(CAPTCHA_CHALLENGE_LIFETIME_SECONDS - 1);
    expect(challenge.parameters.expiresAt - after).toBeLessThanOrEqual(CAPTCHA_CHALLENGE_LIFETIME_SECONDS + 1);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const again = (await visitor().get('/api/captcha/challenge')).json();
    expect(again.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });
});

describe('captcha solutions', () => {
  it('accepts a solution once; the second use is a replay', async () => {
    const token = await solveCaptcha(visitor());
    expect(await check(token)).toBe('accepted');
    expect(await check(token)).toBe('replayed');
  });

  it('lets exactly one of two racing uses of one solution win', async () => {
    const token = await solveCaptcha(visitor());
    const results = await Promise.all([check(token), check(token), check(token)]);
    expect(results.sort()).toEqual(['accepted', 'replayed', 'replayed']);
  });

  it('says missing for no solution', async () => {
    expect(await check(undefined)).toBe('missing');
    expect(await check('')).toBe('missing');
    expect(await check('   ')).toBe('missing');
  });

  it('refuses forged, tampered, foreign and malformed solutions', async () => {
    const token = await solveCaptcha(visitor());
    const payload = decodeCaptchaPayload(token)!;
    expect(payload).not.toBeNull();
    const variants: Record<string, unknown> = {
      wrongKey: { ...payload, solution: { counter: payload.solution.counter, derivedKey: '00'.repeat(32) } },
      // (The counter itself is not checked: the key signed into the challenge is what only solving finds.)
      cheaperCost: { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 1 } } },
      unsigned: { ...payload, challenge: { parameters: payload.challenge.parameters, signature: '' } },
      // The widget's own test mode: no challenge at all.
      widgetTestMode: { challenge: null, solution: null, test: true },
      otherAlgorithm: { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, algorithm: 'SHA-256' } } },
    };
    for (const [name, value] of Object.entries(variants)) expect(await check(encode(value)), name).toBe('invalid');
    for (const junk of ['not base64!', encode('a string'), encode([1, 2]), 'e30=', 'A'.repeat(5000)]) expect(await check(junk), junk.slice(0, 20)).toBe('invalid');
    // The untouched one still works: none of the above used it up.
    expect(await check(token)).toBe('accepted');
  });

  it("refuses another website's challenge", async () => {
    const foreign = await createCaptchaChallenge(settings, { id: 'another-website' });
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
    const solution = await solveChallenge({ challenge: foreign, deriveKey });
    expect(await check(encode({ challenge: foreign, solution }))).toBe('invalid');
  });

  it('says expired once the challenge is older than its lifetime', async () => {
    const token = await solveCaptcha(visitor());
    expect(await check(token, Date.now() + (CAPTCHA_CHALLENGE_LIFETIME_SECONDS + 5) * 1000)).toBe('expired');
  });

  it('forgets used solutions once they have expired', async () => {
    const db = server.database.db;
    await db.insertInto('captcha_solutions_used').values({ nonce: 'long-gone', website_id: website.id, expires_at: new Date(Date.now() - 1000) }).execute();
    expect(await check(await solveCaptcha(visitor()))).toBe('accepted');
    expect(await db.selectFrom('captcha_solutions_used').select('nonce').where('nonce', '=', 'long-gone').executeTakeFirst()).toBeUndefined();
  });

  it('refuses with a 400 naming the field that carried the solution', async () => {
    await expect(requireCaptchaSolution(server.database.db, website, settings, undefined, 'captchaKey')).rejects.toMatchObject({
      kind: 'invalid',
      message: CAPTCHA_MESSAGES.missing,
      errors: { captchaKey: CAPTCHA_MESSAGES.missing },
    });
    await expect(requireCaptchaSolution(server.database.db, website, settings, 'junk', 'captchaToken')).rejects.toMatchObject({
      errors: { captchaToken: CAPTCHA_MESSAGES.invalid },
    });
  });
});

describe('a website without a captcha', () => {
  it('has no challenge to give', async () => {
    const other = await openTestServer();
    try {
      await other.database.db.updateTable('websites').set({ captcha_site_key: null }).execute();
      const fresh = new TestVisitor(other.app);
      // The website is read live, after a short cache: retry until the change shows.
      let response = await fresh.get('/api/captcha/challenge');
      for (let attempt = 0; response.statusCode === 200 && attempt < 50; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        response = await fresh.get('/api/captcha/challenge');
      }
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'This website has no captcha.' });
    } finally {
      await other.close();
    }
  });
});
