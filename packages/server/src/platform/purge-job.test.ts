// databases: both — the final purge is claimed FOR UPDATE SKIP LOCKED: two processes never purge one website twice
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, type TestServer } from '../testing';
import { createWebsite, deleteWebsite, restoreWebsite } from './index';
import { DeletedWebsitePurgeJob } from './purge-job';

const PLATFORM = 'vitrine.test';
let server: TestServer;
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM });
});
afterAll(() => server?.close());
const db = () => server.database.db;
const PAST_GRACE = () => new Date(Date.now() + 31 * 86_400_000);

function recordingFiles(removed: string[]) {
  return {
    removeImage: async (id: string) => void removed.push(`image:${id}`),
    removeDownload: async (key: string) => void removed.push(`download:${key}`),
    removeLessonVideo: async (key: string) => void removed.push(`video:${key}`),
  };
}

describe('the final purge as a background job', () => {
  it('purges each website past its grace period once, however many processes run the job at the same time', async () => {
    for (const identifier of ['purge-one', 'purge-two', 'purge-three']) {
      await createWebsite(db(), { identifier, siteTitle: identifier, sampleContent: true });
      await deleteWebsite(db(), identifier);
    }
    const removedA: string[] = [];
    const removedB: string[] = [];
    // Two processes' jobs over one database: each claim skips the website the other holds.
    const [first, second] = await Promise.all([
      new DeletedWebsitePurgeJob(db(), recordingFiles(removedA)).runOnce(PAST_GRACE()),
      new DeletedWebsitePurgeJob(db(), recordingFiles(removedB)).runOnce(PAST_GRACE()),
    ]);
    expect([...first, ...second].sort()).toEqual(['purge-one', 'purge-three', 'purge-two']);
    // Each picture has an id of its own: none was removed twice (the sample's bundled download is shared, by key).
    const images = [...removedA, ...removedB].filter((file) => file.startsWith('image:'));
    expect(new Set(images).size).toBe(images.length);
    expect(images.length).toBeGreaterThan(15);
    expect(await db().selectFrom('websites').select('identifier').where('identifier', 'like', 'purge-%').execute()).toEqual([]);
    // A restart (a new job) finds nothing more to do.
    expect(await new DeletedWebsitePurgeJob(db(), recordingFiles([])).runOnce(PAST_GRACE())).toEqual([]);
  });

  it('leaves a website inside its grace period, and one restored, untouched', async () => {
    await createWebsite(db(), { identifier: 'kept-recent', siteTitle: 'Kept', sampleContent: false });
    await deleteWebsite(db(), 'kept-recent');
    await createWebsite(db(), { identifier: 'kept-restored', siteTitle: 'Restored', sampleContent: false });
    await deleteWebsite(db(), 'kept-restored');
    await restoreWebsite(db(), 'kept-restored');
    const job = new DeletedWebsitePurgeJob(db(), recordingFiles([]));
    expect(await job.runOnce()).toEqual([]);
    expect(await job.runOnce(PAST_GRACE())).toEqual(['kept-recent']);
    const left = await db().selectFrom('websites').select(['identifier', 'deleted_at']).where('identifier', 'like', 'kept-%').execute();
    expect(left).toEqual([{ identifier: 'kept-restored', deleted_at: null }]);
    const answer = await server.app.inject({ method: 'GET', url: '/', headers: { host: `kept-restored.${PLATFORM}`, accept: 'text/html' } });
    expect(answer.statusCode).toBe(200);
  });

  it('removes the files of a website queued for the object-removal sweep, whose rows are already gone', async () => {
    await createWebsite(db(), { identifier: 'purge-queued', siteTitle: 'Queued', sampleContent: false });
    const website = await db().selectFrom('websites').select('id').where('identifier', '=', 'purge-queued').executeTakeFirstOrThrow();
    // A product deleted for good left its file queued; a lesson's video was queued by the sweep's feeder.
    await db().insertInto('object_removals').values([
      { id: 'queued-download-1', website_id: website.id, kind: 'download', ref: 'files/queuedpdf', not_before: new Date(), created_at: new Date() },
      { id: 'queued-video-1', website_id: website.id, kind: 'lesson-video', ref: 'videos/queuedclip', not_before: new Date(), created_at: new Date() },
    ]).execute();
    await deleteWebsite(db(), 'purge-queued');
    const removed: string[] = [];
    expect(await new DeletedWebsitePurgeJob(db(), recordingFiles(removed)).runOnce(PAST_GRACE())).toEqual(['purge-queued']);
    expect(removed.filter((file) => file.includes('queued')).sort()).toEqual(['download:files/queuedpdf', 'video:videos/queuedclip']);
    expect(await db().selectFrom('object_removals').select('id').where('website_id', '=', website.id).execute()).toEqual([]);
  });
});
