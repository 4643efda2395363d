// databases: one — the toggles' and flags' answers; no lock, race or transaction of its own
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentConfiguration } from '@vitrine/experiments';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite, notifyWebsiteChanged } from '../websites';
import { newId } from '../ids';
import { experimentConfigurationFor } from './page-configuration';
import { EXPERIMENT_ROWS_CACHE_MS, forgetExperimentRows } from './rows-cache';

/**
 * Experiments on the storefront's pages (issue 19 items 2 and 3): the configuration the page carries, bucketed
 * with the analytics id the tracking client made (a page sets no cookie: a first visit's first page has none),
 * the theme's toggles taking effect on the next page load, and the test-variant override honoured only where
 * the spec allows it.
 */
let server: TestServer;
let owner: TestVisitor;
let websiteId: string;
const db = () => server.database.db;

beforeAll(async () => {
  server = await openTestServer();
  owner = await ownerVisitor(server);
  websiteId = (await findDefaultWebsite(db()))!.id;
});
afterAll(async () => server?.close());

const configurationOf = (html: string): ExperimentConfiguration | null => {
  const match = html.match(/<script type="application\/json" id="vitrine-experiments">([\s\S]*?)<\/script>/);
  return match ? (JSON.parse(match[1]!) as ExperimentConfiguration) : null;
};
const quickViews = (html: string) => (html.match(/data-island="QuickView"/g) ?? []).length;

async function defineToggle(name: string, on: boolean) {
  const existing = ((await owner.get('/api/owner/experiments')).json().experiments as Array<{ id: string; name: string; version: number }>).find((found) => found.name === name);
  const body = { name, experimentType: 'FEATURE_TOGGLE', variants: [{ name: 'true', weight: on ? 100 : 0 }, { name: 'false', weight: on ? 0 : 100 }], status: 'running' };
  const answer = existing ? await owner.put(`/api/owner/experiments/${existing.id}`, { ...body, version: existing.version }) : await owner.post('/api/owner/experiments', body);
  expect(answer.statusCode, answer.body).toBeLessThan(300);
}

describe('the page carries its experiments', () => {
  it('sets no cookie and carries no configuration while the website has no experiment, whoever visits (the page is shareable)', async () => {
    const visitor = new TestVisitor(server.app);
    const page = await visitor.get('/shop');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(configurationOf(page.body)).toBeNull();
    // The tracking client makes the id after load (platform §4: cookie, local storage, memory, else new); the page
    // does not carry it back, so two visitors' pages stay the same bytes.
    visitor.cookies.set('SS_ANALYTICS_ID', randomUUID());
    const again = await visitor.get('/shop');
    expect(configurationOf(again.body)).toBeNull();
    expect(again.headers.etag).toBe(page.headers.etag);
  });

  it('sets nothing and carries nothing where the website restricts analytics cookies', async () => {
    await owner.put('/api/owner/site-settings/tracking', { analyticsCookieRestrictions: true });
    try {
      const visitor = new TestVisitor(server.app);
      const page = await visitor.get('/shop');
      expect(visitor.cookies.has('SS_ANALYTICS_ID')).toBe(false);
      expect(configurationOf(page.body)).toBeNull();
      expect(quickViews(page.body)).toBeGreaterThan(0);
    } finally {
      await owner.put('/api/owner/site-settings/tracking', { analyticsCookieRestrictions: false });
    }
  });
});

describe("the theme's toggles", () => {
  it('a toggle switched off hides its feature on the next page load, and on again shows it', async () => {
    const visitor = new TestVisitor(server.app);
    // The id the tracking client made on an earlier page.
    visitor.cookies.set('SS_ANALYTICS_ID', randomUUID());
    const before = await visitor.get('/shop');
    expect(quickViews(before.body)).toBeGreaterThan(0);
    expect((await visitor.get('/shop/p/linen-shirt')).body).toContain('You might also like');

    await defineToggle('quick-view', false);
    await defineToggle('related-products', false);
    const after = await visitor.get('/shop');
    expect(quickViews(after.body)).toBe(0);
    expect(configurationOf(after.body)!.shown).toEqual(['quick-view', 'related-products']);
    expect((await visitor.get('/shop/p/linen-shirt')).body).not.toContain('You might also like');
    // ?format=json still answers the page's data.
    expect((await visitor.get('/shop/p/linen-shirt?format=json')).json().relatedProducts.length).toBeGreaterThan(0);

    await defineToggle('quick-view', true);
    await defineToggle('related-products', true);
    expect(quickViews((await visitor.get('/shop')).body)).toBeGreaterThan(0);
  });
});

describe('the test-variant override', () => {
  it('is ignored for visitors of an ordinary website, kept for the session of a contributor, and reset', async () => {
    await owner.post('/api/owner/experiments', { name: 'hero-copy', experimentType: 'AB_TEST', variants: [{ name: 'control', weight: 50 }, { name: 'bold', weight: 50 }], status: 'running' });
    const shopper = new TestVisitor(server.app);
    const ignored = await shopper.get('/shop?hero-copy=bold');
    expect(configurationOf(ignored.body)!.overrides).toEqual({});
    expect(shopper.cookies.has('vitrine_experiment_overrides')).toBe(false);

    const contributor = await ownerVisitor(server, 'editor');
    expect(configurationOf((await contributor.get('/shop?hero-copy=bold')).body)!.overrides).toEqual({ 'hero-copy': 'bold' });
    // Kept for the session: the next page has it without the parameter.
    expect(configurationOf((await contributor.get('/shop')).body)!.overrides).toEqual({ 'hero-copy': 'bold' });
    // A variant the test does not have is ignored.
    expect(configurationOf((await contributor.get('/shop?hero-copy=huge')).body)!.overrides).toEqual({ 'hero-copy': 'bold' });
    expect(configurationOf((await contributor.get('/shop?hero-copy=reset')).body)!.overrides).toEqual({});
    expect(configurationOf((await contributor.get('/shop')).body)!.overrides).toEqual({});
  });

  it('is honoured for every visitor of an internal website (status 6)', async () => {
    await db().updateTable('websites').set({ status: 6 }).where('id', '=', websiteId).execute();
    notifyWebsiteChanged(websiteId);
    try {
      const shopper = new TestVisitor(server.app);
      await shopper.get('/shop');
      const page = await shopper.get('/shop?hero-copy=control');
      expect(configurationOf(page.body)!.overrides).toEqual({ 'hero-copy': 'control' });
    } finally {
      await db().updateTable('websites').set({ status: 8 }).where('id', '=', websiteId).execute();
      notifyWebsiteChanged(websiteId);
    }
  });
});

describe('the pages\' short cache of experiment rows', () => {
  it('serves a row written elsewhere (another process, the shell) within EXPERIMENT_ROWS_CACHE_MS, and an owner\'s change at once', async () => {
    const website = (await findDefaultWebsite(db()))!;
    const facts = { analyticsId: 'cache-probe-visitor', userAgent: 'Mozilla/5.0', acceptLanguage: undefined, visitorCookie: undefined, signedIn: false, overrides: {} };
    const start = Date.now() + 60_000;
    const at = (offsetMs: number) => new Date(start + offsetMs);
    forgetExperimentRows(db());
    expect((await experimentConfigurationFor(db(), website, facts, at(0))).definitions['written-elsewhere']).toBeUndefined();
    await db().insertInto('experiments').values({ id: newId(), website_id: website.id, name: 'written-elsewhere', experiment_type: 'FEATURE_TOGGLE', variants: JSON.stringify([{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }]), status: 'running' }).execute();
    expect((await experimentConfigurationFor(db(), website, facts, at(EXPERIMENT_ROWS_CACHE_MS - 1))).definitions['written-elsewhere']).toBeUndefined();
    expect((await experimentConfigurationFor(db(), website, facts, at(EXPERIMENT_ROWS_CACHE_MS))).definitions['written-elsewhere']).toBeDefined();
    // Through the owner's call, the very next page has it.
    await defineToggle('changed-by-owner', true);
    expect((await experimentConfigurationFor(db(), website, facts, at(EXPERIMENT_ROWS_CACHE_MS + 1))).definitions['changed-by-owner']).toBeDefined();
  });
});
