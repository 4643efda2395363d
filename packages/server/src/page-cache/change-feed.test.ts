// databases: both — announcements of changed pages reach listeners when their transaction commits, never on rollback
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { inTransaction } from '../db/transactions';
import { announcePagesChanged, pgliteChangeFeed, postgresChangeFeed } from './change-feed';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const until = async (check: () => boolean) => {
  for (let attempt = 0; attempt < 100 && !check(); attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('the page change feed', () => {
  it('hears a committed announcement with its website, and none of a rolled-back one', async () => {
    const feed = database.pglite ? pgliteChangeFeed(database.pglite) : postgresChangeFeed(database.url!);
    const heard: string[] = [];
    const listening = await feed.listen(({ websiteId, ownAnnouncement }) => heard.push(`${websiteId}${ownAnnouncement ? ' (ours)' : ''}`));
    try {
      await inTransaction(database.db, async (trx) => {
        await announcePagesChanged(trx, 'site-committed');
      });
      await expect(
        inTransaction(database.db, async (trx) => {
          await announcePagesChanged(trx, 'site-rolled-back');
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await announcePagesChanged(database.db, 'site-after');
      await until(() => heard.includes('site-after (ours)'));
      expect(heard).toEqual(['site-committed (ours)', 'site-after (ours)']);
    } finally {
      await listening.stop();
    }
  });
});
