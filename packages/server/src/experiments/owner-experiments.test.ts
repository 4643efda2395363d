// databases: both — two racing changes on one version: exactly one wins
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFINITION_MESSAGES } from '@vitrine/experiments';
import { OWNER_EXPERIMENT_MESSAGES } from '@vitrine/contracts';
import type { Website } from '../db/schema';
import { newId } from '../ids';
import { openTestServer, ownerVisitor, type TestServer, type TestVisitor } from '../testing';
import { findDefaultWebsite } from '../websites';

const EXPERIMENTS = '/api/owner/experiments';
let server: TestServer;
let website: Website;
let admin: TestVisitor;
const db = () => server.database.db;

beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(db()))!;
  admin = await ownerVisitor(server);
});
afterAll(async () => server?.close());

const heroTest = (name = 'hero-copy') => ({
  name,
  experimentType: 'AB_TEST',
  variants: [{ name: 'control', weight: 50 }, { name: 'bold', weight: 50 }],
  segment: { name: 'Phones', rules: { devices: ['phone'] } },
  status: 'running',
  conversionEvent: 'add-to-cart',
});

const experimentRows = () => db().selectFrom('experiments').selectAll().orderBy('id').execute();

async function expectRefused(send: () => Promise<{ statusCode: number; json(): unknown; body: string }>, status: number, body: unknown) {
  const before = await experimentRows();
  const answer = await send();
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.json()).toEqual(body);
  expect(await experimentRows()).toEqual(before);
}

describe('experiment definitions', () => {
  it('creates, lists, reads, changes on the version read, and deletes', async () => {
    const created = await admin.post(EXPERIMENTS, heroTest());
    expect(created.statusCode, created.body).toBe(201);
    const { experiment } = created.json();
    expect(experiment).toMatchObject({ scope: 'website', name: 'hero-copy', experimentType: 'AB_TEST', status: 'running', version: 1, segment: { name: 'Phones', rules: { devices: ['phone'] } } });
    expect((await admin.get(EXPERIMENTS)).json().experiments.map((found: { name: string }) => found.name)).toContain('hero-copy');
    expect((await admin.get(`${EXPERIMENTS}/${experiment.id}`)).json().experiment).toEqual(experiment);

    const stopped = await admin.put(`${EXPERIMENTS}/${experiment.id}`, { ...heroTest(), version: 1, status: 'stopped' });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().experiment).toMatchObject({ status: 'stopped', version: 2 });
    const stale = await admin.put(`${EXPERIMENTS}/${experiment.id}`, { ...heroTest(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'This experiment was changed elsewhere. Reload to see the latest version.' });

    expect((await admin.delete(`${EXPERIMENTS}/${experiment.id}`)).json()).toEqual({ deleted: true, id: experiment.id });
    expect((await admin.get(`${EXPERIMENTS}/${experiment.id}`)).statusCode).toBe(404);
    // The name is free again.
    expect((await admin.post(EXPERIMENTS, heroTest())).statusCode).toBe(201);
  });

  it('lets exactly one of two racing changes on the same version win', async () => {
    const { experiment } = (await admin.post(EXPERIMENTS, heroTest('race-test'))).json();
    const answers = await Promise.all([
      admin.put(`${EXPERIMENTS}/${experiment.id}`, { ...heroTest('race-test'), version: 1, status: 'stopped' }),
      admin.put(`${EXPERIMENTS}/${experiment.id}`, { ...heroTest('race-test'), version: 1, status: 'draft' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await admin.get(`${EXPERIMENTS}/${experiment.id}`)).json().experiment.version).toBe(2);
  });

  it('refuses bad definitions with the field’s message and writes nothing', async () => {
    await expectRefused(() => admin.post(EXPERIMENTS, { ...heroTest(), name: 'Hero Copy' }), 400, { message: 'The experiment is not valid.', errors: { name: DEFINITION_MESSAGES.name } });
    await expectRefused(() => admin.post(EXPERIMENTS, { ...heroTest(), name: 'page' }), 400, { message: 'The experiment is not valid.', errors: { name: DEFINITION_MESSAGES.reservedName } });
    await expectRefused(
      () => admin.post(EXPERIMENTS, { ...heroTest('toggle-bad'), experimentType: 'FEATURE_TOGGLE' }),
      400,
      { message: 'The experiment is not valid.', errors: { variants: "A feature toggle's variants are 'true' and 'false'." } },
    );
    const nul = await admin.post(EXPERIMENTS, { ...heroTest(), name: 'nul\u0000name' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: 'The request contains a character that is not allowed (a NUL byte or a broken Unicode character).' });
    const unknownEvent = await admin.post(EXPERIMENTS, { ...heroTest('other-test'), conversionEvent: 'lunch' });
    expect(unknownEvent.statusCode).toBe(400);
    expect(unknownEvent.json().errors).toEqual({ conversionEvent: OWNER_EXPERIMENT_MESSAGES.conversionEvent });
    const extra = await admin.post(EXPERIMENTS, { ...heroTest('other-test'), percent: 5 });
    expect(extra.statusCode).toBe(400);
    const deep = await admin.post(EXPERIMENTS, { ...heroTest('other-test'), segment: JSON.parse('{"name":"x","rules":'.repeat(1) + '{"a":'.repeat(200) + '1' + '}'.repeat(201)) });
    expect(deep.statusCode).toBe(400);
    await expectRefused(
      () => admin.post(EXPERIMENTS, { ...heroTest('window-test'), startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }),
      400,
      { message: 'The experiment is not valid.', errors: { endsAt: DEFINITION_MESSAGES.window } },
    );
  });

  it('refuses a second experiment of the same name on the website', async () => {
    await admin.post(EXPERIMENTS, heroTest('twice'));
    await expectRefused(() => admin.post(EXPERIMENTS, heroTest('twice')), 409, {
      message: 'This website already has an experiment with this name.',
      errors: { name: 'This website already has an experiment with this name.' },
    });
  });

  it('lists the platform-wide experiments after the website’s, read-only', async () => {
    const id = newId();
    await db()
      .insertInto('experiments')
      .values({ id, website_id: null, name: 'platform-header', experiment_type: 'FEATURE_TOGGLE', variants: JSON.stringify([{ name: 'true', weight: 10 }, { name: 'false', weight: 90 }]), status: 'running' })
      .execute();
    const listed = (await admin.get(EXPERIMENTS)).json().experiments as Array<{ id: string; scope: string }>;
    expect(listed.at(-1)).toMatchObject({ id, scope: 'platform' });
    expect(listed.slice(0, -1).every((experiment) => experiment.scope === 'website')).toBe(true);
    const change = await admin.put(`${EXPERIMENTS}/${id}`, { name: 'platform-header', experimentType: 'FEATURE_TOGGLE', variants: [{ name: 'true', weight: 100 }, { name: 'false', weight: 0 }], version: 1 });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual({ message: 'This experiment is defined for the whole platform; its operator changes it.' });
  });

  it('follows the roles: a viewer reads, only site writers change', async () => {
    const viewer = await ownerVisitor(server, 'viewer');
    expect((await viewer.get(EXPERIMENTS)).statusCode).toBe(200);
    const refused = await viewer.post(EXPERIMENTS, heroTest('viewer-test'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your role does not allow this.' });
    const storeManager = await ownerVisitor(server, 'storeManager');
    expect((await storeManager.post(EXPERIMENTS, heroTest('manager-test'))).statusCode).toBe(403);
    const editor = await ownerVisitor(server, 'editor');
    expect((await editor.post(EXPERIMENTS, heroTest('editor-test'))).statusCode).toBe(201);
    const anonymous = await server.app.inject({ method: 'GET', url: EXPERIMENTS });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('A/B results', () => {
  it('equal a count by hand of the stored exposures and events', async () => {
    const { experiment } = (await admin.post(EXPERIMENTS, { ...heroTest('results-test'), segment: null })).json();
    const at = (iso: string) => new Date(iso);
    const exposures = [
      ['v-control-1', 'control', '2026-11-20T10:00:00Z'],
      ['v-control-2', 'control', '2026-11-20T11:00:00Z'],
      ['v-control-3', 'control', '2026-11-21T09:00:00Z'],
      ['v-bold-1', 'bold', '2026-11-20T10:00:00Z'],
      ['v-bold-2', 'bold', '2026-11-22T10:00:00Z'],
    ] as const;
    await db()
      .insertInto('experiment_exposures')
      .values(exposures.map(([analyticsId, variant, time]) => ({ website_id: website.id, experiment_id: experiment.id, analytics_id: analyticsId, variant, exposed_at: at(time) })))
      .execute();
    const event = (analyticsId: string, schema: string, time: string, isBot = false) => ({
      website_id: website.id,
      event_id: newId(),
      tracker: 'clanker',
      schema_name: schema,
      received_at: at(time),
      occurred_at: at(time),
      analytics_id: analyticsId,
      is_bot: isBot,
      content: JSON.stringify({}),
    });
    await db()
      .insertInto('analytics_events')
      .values([
        event('v-control-1', 'add-to-cart', '2026-11-20T10:05:00Z'), // converts
        event('v-control-1', 'add-to-cart', '2026-11-20T10:06:00Z'), // same visitor: still one conversion
        event('v-control-2', 'add-to-cart', '2026-11-20T10:59:00Z'), // before the exposure: not counted
        event('v-control-3', 'view-cart', '2026-11-21T09:05:00Z'), // another event
        event('v-bold-1', 'add-to-cart', '2026-11-21T08:00:00Z'), // converts
        event('v-bold-2', 'add-to-cart', '2026-11-22T10:01:00Z', true), // a bot's: not counted
        event('v-bold-2', 'purchase', '2026-11-22T10:30:00Z'),
      ])
      .execute();
    const results = (await admin.get(`${EXPERIMENTS}/${experiment.id}/results?from=2026-11-20&to=2026-11-22`)).json();
    expect(results).toMatchObject({ experimentId: experiment.id, name: 'results-test', conversionEvent: 'add-to-cart', from: '2026-11-20', to: '2026-11-22' });
    expect(results.variants.map((variant: { variant: string; exposures: number; conversions: number }) => [variant.variant, variant.exposures, variant.conversions])).toEqual([
      ['control', 3, 1],
      ['bold', 2, 1],
    ]);
    expect(results.variants[0]).toMatchObject({ rate: 1 / 3, difference: null, enoughData: false });
    expect(results.variants[1].difference.value).toBeCloseTo(0.5 - 1 / 3, 10);
    expect(results.variants[0].rateInterval.low).toBeGreaterThanOrEqual(0);
    // Another conversion event, and a window that leaves the 22nd out.
    const purchases = (await admin.get(`${EXPERIMENTS}/${experiment.id}/results?from=2026-11-20&to=2026-11-22&conversionEvent=purchase`)).json();
    expect(purchases.variants.map((variant: { conversions: number }) => variant.conversions)).toEqual([0, 1]);
    const early = (await admin.get(`${EXPERIMENTS}/${experiment.id}/results?from=2026-11-20&to=2026-11-21`)).json();
    expect(early.variants.map((variant: { exposures: number }) => variant.exposures)).toEqual([3, 1]);
    const backwards = await admin.get(`${EXPERIMENTS}/${experiment.id}/results?from=2026-11-22&to=2026-11-20`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(OWNER_EXPERIMENT_MESSAGES.range);
  });
});

describe('feature flags', () => {
  it('lists 1–70 with the defaults, switches one off and back, and forgets a flag set to its default', async () => {
    const listed = (await admin.get('/api/owner/feature-flags')).json().flags as Array<{ code: number; name: string; enabled: boolean; isDefault: boolean }>;
    expect(listed).toHaveLength(70);
    expect(listed.find((flag) => flag.code === 40)).toEqual({ code: 40, name: 'giftCards', enabled: true, isDefault: true });
    expect(listed.find((flag) => flag.code === 1)).toEqual({ code: 1, name: 'flag-1', enabled: false, isDefault: true });
    const off = (await admin.put('/api/owner/feature-flags', { flags: [{ code: 40, enabled: false }] })).json().flags;
    expect(off.find((flag: { code: number }) => flag.code === 40)).toEqual({ code: 40, name: 'giftCards', enabled: false, isDefault: false });
    expect(await db().selectFrom('website_feature_flags').select(['code', 'enabled']).where('website_id', '=', website.id).execute()).toEqual([{ code: 40, enabled: false }]);
    await admin.put('/api/owner/feature-flags', { flags: [{ code: 40, enabled: true }] });
    expect(await db().selectFrom('website_feature_flags').selectAll().where('website_id', '=', website.id).execute()).toEqual([]);
    const outOfRange = await admin.put('/api/owner/feature-flags', { flags: [{ code: 71, enabled: true }] });
    expect(outOfRange.statusCode).toBe(400);
    const twice = await admin.put('/api/owner/feature-flags', { flags: [{ code: 3, enabled: true }, { code: 3, enabled: false }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: 'Each flag may be listed once.', errors: { flags: 'Each flag may be listed once.' } });
  });
});
