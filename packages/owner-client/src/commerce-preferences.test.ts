import { describe, expect, it } from 'vitest';
import { CommercePreferencesCache, isEmptyPreferenceValue, mergePreferences, type CommercePreferences } from './commerce-preferences';

/**
 * The cache's order of events against a remote that answers when told to (the real server is in
 * packages/server/src/owner/owner-client.test.ts).
 */
function remote(initial: CommercePreferences) {
  let stored = { ...initial };
  const calls: string[] = [];
  const pendingSaves: Array<() => void> = [];
  let failNextSave = false;
  return {
    calls,
    stored: () => stored,
    failNextSave: () => void (failNextSave = true),
    releaseSaves: () => pendingSaves.splice(0).forEach((release) => release()),
    api: {
      load: async (websiteId: string) => {
        calls.push(`load ${websiteId}`);
        return { ...stored };
      },
      save: (websiteId: string, changes: CommercePreferences) => {
        calls.push(`save ${websiteId} ${JSON.stringify(changes)}`);
        const fail = failNextSave;
        failNextSave = false;
        return new Promise<CommercePreferences>((resolve, reject) =>
          pendingSaves.push(() => {
            if (fail) return reject(new Error('refused'));
            stored = mergePreferences(stored, changes);
            resolve({ ...stored });
          }),
        );
      },
    },
  };
}

describe('commerce preferences in the client (platform spec §4)', () => {
  it('are loaded once per website, however many read them', async () => {
    const server = remote({ currency: 'USD' });
    const cache = new CommercePreferencesCache(server.api);
    const [first, second] = await Promise.all([cache.get('w1'), cache.get('w1')]);
    expect(first).toEqual({ currency: 'USD' });
    expect(second).toEqual({ currency: 'USD' });
    await cache.get('w1');
    await cache.get('w2');
    expect(server.calls).toEqual(['load w1', 'load w2']);
  });

  it('hand out copies: changing one does not change the cache', async () => {
    const cache = new CommercePreferencesCache(remote({ currency: 'USD', nested: { a: 1 } }).api);
    const read = await cache.get('w1');
    read.currency = 'EUR';
    (read.nested as { a: number }).a = 2;
    expect(await cache.get('w1')).toEqual({ currency: 'USD', nested: { a: 1 } });
  });

  it('merge an update into the cache and tell the listeners before saving, then keep what the server saved', async () => {
    const server = remote({ currency: 'USD', giftWrap: true });
    const cache = new CommercePreferencesCache(server.api);
    const seen: CommercePreferences[] = [];
    const unsubscribe = cache.subscribe(async (websiteId) => {
      seen.push(await cache.get(websiteId));
    });
    await cache.get('w1');
    const saving = cache.update('w1', { minimumOrderSubtotalCents: 2500, giftWrap: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Told to refetch, and the refetch reads the merged cache, while the save is still on its way.
    expect(seen).toEqual([{ currency: 'USD', minimumOrderSubtotalCents: 2500 }]);
    expect(server.calls.at(-1)).toBe('save w1 {"minimumOrderSubtotalCents":2500,"giftWrap":null}');
    expect(server.stored()).toEqual({ currency: 'USD', giftWrap: true });
    server.releaseSaves();
    expect(await saving).toEqual({ currency: 'USD', minimumOrderSubtotalCents: 2500 });
    expect(server.stored()).toEqual({ currency: 'USD', minimumOrderSubtotalCents: 2500 });
    expect(server.calls.filter((call) => call.startsWith('load'))).toHaveLength(1);
    // Told again once saved (the cache then holds the server's answer).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([
      { currency: 'USD', minimumOrderSubtotalCents: 2500 },
      { currency: 'USD', minimumOrderSubtotalCents: 2500 },
    ]);
    unsubscribe();
    const later = cache.update('w1', { currency: 'EUR' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    server.releaseSaves();
    await later;
    expect(seen).toHaveLength(2);
  });

  it('send only the fields changed, never a masked secret', async () => {
    const server = remote({ currency: 'USD', paymentSecret: 'real' });
    const cache = new CommercePreferencesCache(server.api);
    const saving = cache.update('w1', { paymentSecret: '__MASKED_FIELD__', afterPayAvailable: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    server.releaseSaves();
    await saving;
    expect(server.calls.at(-1)).toBe('save w1 {"afterPayAvailable":true}');
    expect(server.stored()).toEqual({ currency: 'USD', paymentSecret: 'real', afterPayAvailable: true });
  });

  it('drop the cache when a save fails, so the next read asks the server', async () => {
    const server = remote({ currency: 'USD' });
    const cache = new CommercePreferencesCache(server.api);
    let told = 0;
    cache.subscribe(() => void (told += 1));
    await cache.get('w1');
    server.failNextSave();
    const saving = cache.update('w1', { currency: 'EUR' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('w1')).toEqual({ currency: 'EUR' });
    server.releaseSaves();
    await expect(saving).rejects.toThrow('refused');
    expect(told).toBe(2);
    expect(await cache.get('w1')).toEqual({ currency: 'USD' });
    expect(server.calls.filter((call) => call.startsWith('load'))).toHaveLength(2);
  });

  it('keep a later update when an earlier save answers after it', async () => {
    const server = remote({ currency: 'USD' });
    const cache = new CommercePreferencesCache(server.api);
    const first = cache.update('w1', { a: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = cache.update('w1', { b: 2 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('w1')).toEqual({ currency: 'USD', a: 1, b: 2 });
    server.releaseSaves();
    await Promise.all([first, second]);
    expect(await cache.get('w1')).toEqual({ currency: 'USD', a: 1, b: 2 });
  });

  it('treat null, empty text, [] and {} as removing a value, as the server does', () => {
    for (const value of [null, undefined, '', [], {}]) expect(isEmptyPreferenceValue(value)).toBe(true);
    for (const value of [false, 0, 'x', [1], { a: 1 }]) expect(isEmptyPreferenceValue(value)).toBe(false);
    expect(mergePreferences({ a: 1, b: 2, websiteId: 'x' }, { a: '', c: 3, websiteId: 'y' })).toEqual({ b: 2, websiteId: 'x', c: 3 });
  });

  it('are forgotten on clear, and the listeners told', async () => {
    const server = remote({ currency: 'USD' });
    const cache = new CommercePreferencesCache(server.api);
    const told: string[] = [];
    cache.subscribe((websiteId) => told.push(websiteId));
    await cache.get('w1');
    cache.clear();
    expect(told).toEqual(['w1']);
    await cache.get('w1');
    expect(server.calls).toEqual(['load w1', 'load w1']);
  });
});
