import type { Page, Request } from 'playwright-core';

/**
 * What a page sent to the analytics calls, as lines: `{path} {status}` for each call, and `event {name} {status}` for
 * each newer-tracker event — one per `/api/v1/clanker/events` call (202 when stored), several per page view's call
 * (`/api/census/page-view`, issue 35: the hit, its page-view event and what the islands told before the client
 * started, answered 200).
 */
export function recordTrackingCalls(page: Page): string[] {
  const sent: string[] = [];
  page.on('requestfinished', async (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!/^\/api\/(census|events|v1\/clanker|performance)\//.test(pathname)) return;
    // A call that finishes as the page closes has no response to read any more; it was not counted by the test.
    const response = await request.response().catch(() => null);
    const status = response?.status() ?? 0;
    const body = request.postData() ?? '';
    sent.push(`${pathname} ${status}`);
    if (pathname === '/api/v1/clanker/events') {
      sent.push(`event ${body.startsWith('{') ? JSON.parse(body).eventSchemaName : new URLSearchParams(body).get('eventSchemaName')} ${status}`);
    }
    if (pathname === '/api/census/page-view') {
      for (const event of (JSON.parse(body).events ?? []) as { eventSchemaName: string }[]) sent.push(`event ${event.eventSchemaName} ${status}`);
    }
  });
  return sent;
}

/** Whether the lines hold an event of that name that was taken (200 in a page view's call, 202 alone). */
export const eventTaken = (sent: string[], name: string): boolean => sent.some((line) => line === `event ${name} 200` || line === `event ${name} 202`);
