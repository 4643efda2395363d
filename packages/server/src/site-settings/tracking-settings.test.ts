// databases: one — the settings' answers; their races are proven by site-settings.test.ts on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_SETTINGS_MESSAGES } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import type { Website } from '../db/schema';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';

let server: TestServer;
let website: Website;
const URL = '/api/owner/site-settings/tracking';

beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
});
afterAll(async () => {
  await server?.close();
});

const settingsRow = async () => (await server.database.db.selectFrom('websites').select('settings').where('id', '=', website.id).executeTakeFirstOrThrow()).settings;

/** What a shopper's page tells the tracking client (site.layout.html #vitrine-tracking). */
async function trackingBlock(path = '/shop'): Promise<Record<string, unknown>> {
  const page = await new TestVisitor(server.app).get(path);
  const match = /<script type="application\/json" id="vitrine-tracking">([^<]*)<\/script>/.exec(page.body);
  if (!match) throw new Error('no tracking block on the page');
  return JSON.parse(match[1]!);
}

describe('the tracking switches (GET/PUT /api/owner/site-settings/tracking)', () => {
  it('answers both switches off by default, and whether the server turned analytics off', async () => {
    const answer = await (await ownerVisitor(server, 'viewer')).get(URL);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ analyticsDisabled: false, analyticsCookieRestrictions: false, serverDisabled: false });
  });

  it('needs site:read to read and site:write to change (401 signed out)', async () => {
    const stranger = new TestVisitor(server.app);
    const signedOut = await stranger.get(URL);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(OWNER_MESSAGES.notSignedIn);
    expect((await (await ownerVisitor(server, 'billing')).get(URL)).statusCode).toBe(403);
    const storeManager = await ownerVisitor(server, 'storeManager');
    const refused = await storeManager.put(URL, { analyticsDisabled: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OWNER_MESSAGES.notAllowed);
    expect((await settingsRow()).analyticsDisabled).toBeUndefined();
  });

  it('an owner turns analytics off: every page carries the disabled flag; on again, it is gone', async () => {
    const editor = await ownerVisitor(server, 'editor');
    expect(await trackingBlock()).toMatchObject({ disabled: false, cookieRestrictions: false });
    const off = await editor.put(URL, { analyticsDisabled: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ analyticsDisabled: true, analyticsCookieRestrictions: false, serverDisabled: false });
    expect(await trackingBlock()).toMatchObject({ disabled: true, cookieRestrictions: false });
    expect(await trackingBlock('/shop/p/linen-shirt')).toMatchObject({ disabled: true });
    expect((await editor.get(URL)).json()).toMatchObject({ analyticsDisabled: true });

    const on = await editor.put(URL, { analyticsDisabled: false });
    expect(on.json()).toMatchObject({ analyticsDisabled: false });
    expect(await trackingBlock()).toMatchObject({ disabled: false });
    // Off is the default: not stored as false.
    expect(await settingsRow()).not.toHaveProperty('analyticsDisabled');
  });

  it('an owner turns cookie restrictions on: pages carry them; the other switch is kept', async () => {
    const admin = await ownerVisitor(server, 'admin');
    expect((await admin.put(URL, { analyticsDisabled: true })).statusCode).toBe(200);
    const restricted = await admin.put(URL, { analyticsCookieRestrictions: true });
    expect(restricted.json()).toEqual({ analyticsDisabled: true, analyticsCookieRestrictions: true, serverDisabled: false });
    expect(await trackingBlock()).toMatchObject({ disabled: true, cookieRestrictions: true });
    expect((await admin.put(URL, { analyticsDisabled: false })).json()).toMatchObject({ analyticsDisabled: false, analyticsCookieRestrictions: true });
    expect(await trackingBlock()).toMatchObject({ disabled: false, cookieRestrictions: true });
    expect((await admin.put(URL, { analyticsCookieRestrictions: false, analyticsDisabled: false })).json()).toMatchObject({ analyticsDisabled: false, analyticsCookieRestrictions: false });
    expect(await trackingBlock()).toMatchObject({ disabled: false, cookieRestrictions: false });
  });

  it('refuses what is not a switch, a body with neither, and unknown fields (400), and writes nothing', async () => {
    const admin = await ownerVisitor(server, 'admin');
    const before = await settingsRow();
    const bad = async (body: unknown) => {
      const answer = await admin.put(URL, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      return answer.json();
    };
    expect(await bad({ analyticsDisabled: 'yes' })).toEqual({ message: SITE_SETTINGS_MESSAGES.flag, errors: { analyticsDisabled: SITE_SETTINGS_MESSAGES.flag } });
    expect((await bad({ analyticsCookieRestrictions: null })).errors).toEqual({ analyticsCookieRestrictions: SITE_SETTINGS_MESSAGES.flag });
    expect(await bad({})).toEqual({ message: SITE_SETTINGS_MESSAGES.trackingEmpty });
    expect((await bad({ analyticsDisabled: true, templateId: 'x' })).errors).toEqual({ templateId: 'Unknown field.' });
    expect(await bad([true])).toEqual({ message: 'The request body must be a JSON object.' });
    expect(await settingsRow()).toEqual(before);
  });

  it('are site settings: the commerce preferences call refuses them and never answers them', async () => {
    const admin = await ownerVisitor(server, 'admin');
    const prefs = `/api/v1/commerce-preferences/${website.id}`;
    for (const key of ['analyticsDisabled', 'analyticsCookieRestrictions']) {
      const answer = await admin.put(prefs, { [key]: true });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors).toEqual({ [key]: 'This is a site setting, not a commerce preference.' });
    }
    expect((await admin.put(URL, { analyticsCookieRestrictions: true })).statusCode).toBe(200);
    expect((await admin.get(prefs)).json()).not.toHaveProperty('analyticsCookieRestrictions');
    await admin.put(URL, { analyticsCookieRestrictions: false });
  });

  it('says when the server turned analytics off for every site (ANALYTICS_DISABLED)', async () => {
    const previous = process.env.ANALYTICS_DISABLED;
    process.env.ANALYTICS_DISABLED = 'yes';
    const other = await openTestServer();
    try {
      const answer = await (await ownerVisitor(other, 'admin')).get(URL);
      expect(answer.json()).toEqual({ analyticsDisabled: false, analyticsCookieRestrictions: false, serverDisabled: true });
    } finally {
      if (previous === undefined) delete process.env.ANALYTICS_DISABLED;
      else process.env.ANALYTICS_DISABLED = previous;
      await other.close();
    }
  });
});
