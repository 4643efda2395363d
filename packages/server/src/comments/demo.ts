import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { stableId } from '../ids';
import { findWebsiteById, updateWebsiteSettings } from '../websites';
import { systemActor } from '../actor';

/** The journal post the demo's comments and likes are on (content/demo.ts's newest post). */
export const DEMO_COMMENTED_POST = { blogUrlId: 'journal', postUrlId: 'caring-for-linen' } as const;

const DEMO_COMMENTS = [
  { key: 'ines', author: 'Inès Moreau', email: 'ines@example.com', daysAgo: 4, body: 'I had always tumble-dried my linen sheets. Line-drying them this week made such a difference — thank you!' },
  { key: 'owner', author: null, email: '', daysAgo: 3, parent: 'ines', body: 'So glad to hear it, Inès. They only get softer from here.' },
  { key: 'tom', author: 'Tom Okafor', email: 'tom@example.com', daysAgo: 2, body: 'Do you iron the shirts, or wear them creased?' },
] as const;

/**
 * The demo's comments and likes: comments and simple liking switched on for the site, three approved comments (one
 * an owner's reply) and a few likes on the newest journal post. The post's own switch stays off: it shows its thread
 * because it has public comments (storefront §4), and the other posts show only the like button.
 */
export async function seedDemoComments(trx: Kysely<Database> | Transaction<Database>, websiteId: string, websiteIdentifier: string): Promise<void> {
  const website = await findWebsiteById(trx, websiteId);
  if (!website) throw new Error('The demo website must exist before its comments.');
  await updateWebsiteSettings(trx as Kysely<Database>, website, systemActor('seed'), { commentsEnabled: true, simpleLikingEnabled: true });
  const itemId = stableId(`item:${websiteIdentifier}:journal:${DEMO_COMMENTED_POST.postUrlId}`);
  const ids = Object.fromEntries(DEMO_COMMENTS.map((comment) => [comment.key, stableId(`comment:${websiteIdentifier}:${comment.key}`)]));
  for (const comment of DEMO_COMMENTS) {
    const parent = 'parent' in comment ? ids[comment.parent]! : null;
    await trx
      .insertInto('post_comments')
      .values({
        id: ids[comment.key]!, website_id: websiteId, item_id: itemId, parent_id: parent, depth: parent ? 1 : 0, status: 'approved',
        author_name: comment.author ?? website.site_title, author_email: comment.email, body: comment.body, by_owner: comment.author === null,
        created_at: sql`now() - make_interval(days => ${comment.daysAgo})`, updated_at: sql`now() - make_interval(days => ${comment.daysAgo})`,
      })
      .execute();
  }
  for (const liker of ['demo-visitor-1', 'demo-visitor-2', 'demo-visitor-3', 'demo-visitor-4']) {
    await trx.insertInto('post_likes').values({ website_id: websiteId, item_id: itemId, liker: `visitor:${liker}` }).execute();
  }
}
