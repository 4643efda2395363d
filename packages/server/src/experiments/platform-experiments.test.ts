// databases: one — the toggles' and flags' answers; no lock, race or transaction of its own
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, visitorActor, type Actor } from '../actor';
import { isFailure } from '../failures';
import { openTestServer, ownerVisitor, type TestServer } from '../testing';
import { EXPERIMENTS_USAGE, parseExperimentsCommand } from './cli';
import { deletePlatformExperiment, listPlatformExperiments, PLATFORM_EXPERIMENT_MESSAGES, savePlatformExperiment } from './definitions-service';

let server: TestServer;
const operator = systemActor('test');
const db = () => server.database.db;

beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => server?.close());

const banner = { name: 'winter-banner', experimentType: 'FEATURE_TOGGLE' as const, variants: [{ name: 'true', weight: 20 }, { name: 'false', weight: 80 }], status: 'running' as const };

describe("the operator's platform-wide experiments", () => {
  it('are saved by name, listed, seen read-only by every website, and deleted', async () => {
    const saved = await savePlatformExperiment(db(), operator, banner);
    expect(saved).toMatchObject({ scope: 'platform', name: 'winter-banner', version: 1 });
    const again = await savePlatformExperiment(db(), operator, { ...banner, variants: [{ name: 'true', weight: 50 }, { name: 'false', weight: 50 }] });
    expect(again).toMatchObject({ id: saved.id, version: 2, variants: [{ name: 'true', weight: 50 }, { name: 'false', weight: 50 }] });
    expect((await listPlatformExperiments(db(), operator)).map((experiment) => experiment.name)).toContain('winter-banner');

    const owner = await ownerVisitor(server);
    const listed = (await owner.get('/api/owner/experiments')).json().experiments as Array<{ name: string; scope: string }>;
    expect(listed.find((experiment) => experiment.name === 'winter-banner')).toMatchObject({ scope: 'platform' });
    // Every page carries it.
    expect((await owner.get('/shop')).body).toContain('"winter-banner"');

    await deletePlatformExperiment(db(), operator, 'winter-banner');
    expect((await listPlatformExperiments(db(), operator)).map((experiment) => experiment.name)).not.toContain('winter-banner');
  });

  it('refuse anyone but the operator, and a bad definition with its field', async () => {
    const visitor: Actor = visitorActor();
    const refused = await savePlatformExperiment(db(), visitor, banner).catch((error: unknown) => error);
    expect(isFailure(refused) && refused.message).toBe(PLATFORM_EXPERIMENT_MESSAGES.operatorOnly);
    const bad = await savePlatformExperiment(db(), operator, { ...banner, name: 'Winter Banner' }).catch((error: unknown) => error);
    expect(isFailure(bad) && bad.errors).toEqual({ name: expect.stringContaining('lowercase letters') });
    const missing = await deletePlatformExperiment(db(), operator, 'never-made').catch((error: unknown) => error);
    expect(isFailure(missing) && missing.message).toBe(PLATFORM_EXPERIMENT_MESSAGES.notFound);
  });

  it('the shell command reads list, set FILE and delete NAME', () => {
    expect(parseExperimentsCommand(['list'])).toEqual({ command: 'list' });
    expect(parseExperimentsCommand(['set', 'banner.json'])).toEqual({ command: 'set', file: 'banner.json' });
    expect(parseExperimentsCommand(['delete', 'winter-banner'])).toEqual({ command: 'delete', name: 'winter-banner' });
    for (const wrong of [[], ['set'], ['list', 'x'], ['drop', 'x'], ['delete', 'a', 'b']]) expect(parseExperimentsCommand(wrong)).toEqual({ error: EXPERIMENTS_USAGE });
  });
});
