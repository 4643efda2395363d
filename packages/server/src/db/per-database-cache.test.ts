// databases: one — the cache lives in the process; which database engine holds the rows does not matter to it
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMED_FEATURE_FLAGS } from '@vitrine/experiments';
import { featureFlagsOf } from '../experiments';
import { findDefaultWebsite } from '../websites';
import { openTestDatabase, type TestDatabase } from './testing';

describe('per-process caches keyed by website', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  beforeAll(async () => {
    [first, second] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  });
  afterAll(async () => Promise.all([first?.close(), second?.close()]));

  it('keep two databases apart although their demo websites share one id', async () => {
    const website = (await findDefaultWebsite(first.db))!;
    expect((await findDefaultWebsite(second.db))!.id).toBe(website.id);
    const giftCards = NAMED_FEATURE_FLAGS.giftCards;
    expect((await featureFlagsOf(first.db, website.id)).has(giftCards)).toBe(true);
    await second.db.insertInto('website_feature_flags').values({ website_id: website.id, code: giftCards, enabled: false }).execute();
    // The first database's flags are cached; the second's are read from its own rows.
    expect((await featureFlagsOf(second.db, website.id)).has(giftCards)).toBe(false);
    expect((await featureFlagsOf(first.db, website.id)).has(giftCards)).toBe(true);
  });
});
