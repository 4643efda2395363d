import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { stableId } from '../ids';
import { assignPageToMemberArea } from './areas';

/**
 * The demo's member area (issue 20 item 1): "Members", free to join with a site-user account, gating the demo
 * course (courses/demo.ts's page). Free, not paid: a PAYWALL product in the demo store would change what every
 * catalog count, export and the multi-process check expect of the demo's products; a paid area is made and bought
 * in the tests (members/members.test.ts) and through the owner's Members screen.
 */
export const DEMO_MEMBER_AREA = {
  name: 'Members',
  id: (websiteIdentifier: string) => stableId(`member-area:${websiteIdentifier}:members`),
} as const;

export async function seedDemoMembers(trx: Kysely<Database> | Transaction<Database>, websiteId: string, websiteIdentifier: string, gatedPageIds: readonly string[]): Promise<void> {
  const id = DEMO_MEMBER_AREA.id(websiteIdentifier);
  await trx.insertInto('member_areas').values({
    id,
    website_id: websiteId,
    name: DEMO_MEMBER_AREA.name,
    description: 'Our studio lessons and notes for makers. Free with an account.',
    access: 'free',
    join_button_text: 'Join for free',
  }).execute();
  // Only pages the demo has (the course is another domain's seed, run first).
  const found = gatedPageIds.length === 0 ? [] : await trx.selectFrom('site_pages').select('id').where('website_id', '=', websiteId).where('id', 'in', [...gatedPageIds]).execute();
  for (const pageId of gatedPageIds) if (found.some((page) => page.id === pageId)) await assignPageToMemberArea(trx, websiteId, id, pageId);
}
