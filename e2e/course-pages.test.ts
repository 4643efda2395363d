import { expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { saveAtBothWidths } from './support/screenshots';
import { visit } from './support/shop';

// The demo course "Pottery basics" (issue 20 item 2) as a visitor reads it with the course open (its member area
// removed here; the members' journey, e2e/member-course.test.ts, meets the access-denied page): the outline in
// chapters with the free preview marked, a lesson with its play button, the embed framed on click and its
// third-party-video-click event, previous / next. Axe clean; screenshots at 1280 and 390 px.

/** What the test answers for the provider's player page: a dark 16:9 stage, as a player looks before it starts. */
const PLAYER_STAND_IN = '<!doctype html><html lang="en"><title>Player</title><body style="margin:0;height:100vh;display:grid;place-items:center;background:#0f0f0f;color:#f1f1f1;font:600 18px system-ui,sans-serif"><h1 style="font-size:18px">Player stand-in</h1></body></html>';

const shop = useShop({
  prepareDatabase: async (db) => {
    const course = await db.selectFrom('site_pages').select('id').where('url_id', '=', 'pottery-basics').executeTakeFirstOrThrow();
    await db.deleteFrom('member_area_pages').where('page_id', '=', course.id).execute();
  },
});

test('the course page lists the lessons in order, in chapters, with the free preview marked', async () => {
  const { page } = shop;
  const listViews: unknown[] = [];
  await page.exposeFunction('recordTrack', (detail: unknown) => listViews.push(detail));
  await page.addInitScript(() => document.addEventListener('vitrine:track', (event) => (window as unknown as { recordTrack(d: unknown): void }).recordTrack((event as CustomEvent).detail)));
  await visit(page, '/pottery-basics');
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Pottery basics', level: 1 }).waitFor();
  const chapters = main.getByRole('heading', { level: 2 });
  await expect(chapters.allTextContents()).resolves.toEqual(['Getting started', 'On the wheel', 'Finishing']);
  const lessons = main.getByRole('link', { name: /^(Wedging clay|Centering on the wheel|Opening and pulling walls|Trimming and glazing)$/ });
  await expect(lessons.allTextContents()).resolves.toEqual(['Wedging clay', 'Centering on the wheel', 'Opening and pulling walls', 'Trimming and glazing']);
  await main.getByText('Free preview').waitFor();
  await expect.poll(() => listViews).toContainEqual({ name: 'video-list-view', content: expect.objectContaining({ lesson_count: 4 }) });
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'course-page');
  expect(shop.pageErrors).toEqual([]);
});

test('a lesson shows its play button, frames the player on click (third-party-video-click) and links its neighbours', async () => {
  const { page } = shop;
  const events: Array<{ name: string; content: Record<string, unknown> }> = [];
  await page.exposeFunction('recordTrack', (detail: { name: string; content: Record<string, unknown> }) => events.push(detail));
  await page.addInitScript(() => document.addEventListener('vitrine:track', (event) => (window as unknown as { recordTrack(d: unknown): void }).recordTrack((event as CustomEvent).detail)));
  // The site's own policy must let the player be framed: any refusal the page meets is recorded.
  const violations: unknown[] = [];
  await page.exposeFunction('recordViolation', (detail: unknown) => violations.push(detail));
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) =>
    (window as unknown as { recordViolation(d: unknown): void }).recordViolation({ directive: event.effectiveDirective, blocked: event.blockedURI })));
  // The provider's player is not reachable from the test machine (the network is closed): its frame is answered by a
  // stand-in page. The browser still applies the site's CSP to the frame's address, as it would to the real player.
  await page.route(/youtube-nocookie\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PLAYER_STAND_IN }));
  await visit(page, '/pottery-basics/wedging-clay');
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Wedging clay', level: 1 }).waitFor();
  await main.getByText('Lesson 1 of 4 · Getting started · 6:12').waitFor();
  await expect.poll(() => events.map((event) => event.name)).toContain('video-detail-view');
  expect(events.find((event) => event.name === 'video-detail-view')!.content).toMatchObject({ viewer_access_status: 'member' });
  expect(await axeViolations(page)).toEqual([]);
  await saveAtBothWidths(page, 'lesson-page');
  await main.getByRole('button', { name: 'Play video: Wedging clay (YouTube)', exact: true }).click();
  await main.locator('iframe[title="Video: Wedging clay"]').waitFor();
  // The frame shows the player's page (a frame the CSP refused would hold the browser's error page instead).
  await main.frameLocator('iframe[title="Video: Wedging clay"]').getByRole('heading', { name: 'Player stand-in' }).waitFor();
  expect(violations).toEqual([]);
  expect(events.find((event) => event.name === 'third-party-video-click')!.content).toEqual({ video_url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' });
  await saveAtBothWidths(page, 'lesson-playing');
  expect(violations).toEqual([]);
  await main.getByRole('link', { name: 'Next lesson Centering on the wheel' }).click();
  await main.getByRole('heading', { name: 'Centering on the wheel', level: 1 }).waitFor();
  await main.getByRole('link', { name: 'Previous lesson Wedging clay' }).waitFor();
  expect(shop.pageErrors).toEqual([]);
});
