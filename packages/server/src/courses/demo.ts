import type { Kysely } from 'kysely';
import { BLOCK_TYPES, checkPageBody, defaultSettings, PAGE_BODY_SCHEMA_VERSION, singleColumnSection, type PageBody } from '@vitrine/blocks';
import { seedPublishedItem, seedPublishedPage } from '../content';
import type { Database } from '../db/schema';
import { stableId } from '../ids';
import { LESSON_RECORD_TYPE } from './queries';

/**
 * The demo's course: "Pottery basics", four lessons in two chapters. The first is a free preview (the video
 * paywall open to every visitor); the rest are for members once the members domain puts the course page in its
 * demo member area. The videos are embeds: no video file can be made without an encoder, and the server ships
 * none, so they play Blender's open film "Big Buck Bunny" (CC BY 3.0) from YouTube as a stand-in the owner
 * replaces with an upload; tests upload bytes of their own to try the self-hosted path.
 */

export const DEMO_COURSE = {
  urlId: 'pottery-basics',
  title: 'Pottery basics',
  pageId: (websiteIdentifier: string) => stableId(`page:${websiteIdentifier}:pottery-basics`),
} as const;

const STAND_IN_VIDEO = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

const LESSONS = [
  {
    urlId: 'wedging-clay',
    title: 'Wedging clay',
    chapter: 'Getting started',
    preview: true,
    duration: 372,
    excerpt: 'Why clay is wedged, and the ram’s head method step by step.',
    html: '<p>Wedging pushes the air out of the clay and evens its moisture, so a pot does not crack in the kiln. Cut a kilo of clay into a block, then press it forward and down with the heels of your hands, rock it back and turn it a quarter. Thirty to forty turns make a smooth, even ball.</p><p>Cut the ball in half with a wire: a clean face with no holes means it is ready.</p>',
  },
  {
    urlId: 'centering',
    title: 'Centering on the wheel',
    chapter: 'On the wheel',
    preview: false,
    duration: 545,
    excerpt: 'Bracing your arms, water and speed: a centred mound every time.',
    html: '<p>Throw the ball onto the middle of a damp wheel head. With the wheel fast, brace your elbows on your thighs and cone the clay up and down two or three times, then press it into a low dome with the side of your palm.</p><p>It is centred when your hands rest on it and do not move.</p>',
  },
  {
    urlId: 'opening-and-pulling',
    title: 'Opening and pulling walls',
    chapter: 'On the wheel',
    preview: false,
    duration: 618,
    excerpt: 'Opening to a flat floor and three pulls to an even wall.',
    html: '<p>Press your thumbs down in the middle, leaving a centimetre for the floor, and draw them out to the width you want. Then pull: fingers inside and out, the wheel at half speed, rising slowly as they pinch. Three pulls, each thinner than the last.</p>',
  },
  {
    urlId: 'trimming-and-glazing',
    title: 'Trimming and glazing',
    chapter: 'Finishing',
    preview: false,
    duration: 703,
    excerpt: 'Leather-hard trimming, a foot ring, and a first dipped glaze.',
    html: '<p>When the pot is leather hard, turn it over on the wheel, tap it to centre and trim a foot ring with a loop tool. After the bisque firing, wax the foot and dip the pot in glaze for three seconds.</p>',
  },
] as const;

function htmlBody(id: string, html: string): PageBody {
  const body: PageBody = {
    schemaVersion: PAGE_BODY_SCHEMA_VERSION,
    sections: [singleColumnSection('section-1', [{ id, type: BLOCK_TYPES.html, settings: { ...defaultSettings(BLOCK_TYPES.html), html } }])],
  };
  const checked = checkPageBody(body);
  if (!checked.body) throw new Error(`The demo course's ${id} body does not pass its own checks: ${JSON.stringify(checked.errors)}`);
  return checked.body;
}

/** Seeds the course page (not in the main navigation: the members' area and the home page link to it) and its lessons. */
export async function seedDemoCourse(trx: Kysely<Database>, websiteId: string, websiteIdentifier: string, now: Date = new Date()): Promise<{ coursePageId: string }> {
  const coursePageId = DEMO_COURSE.pageId(websiteIdentifier);
  await seedPublishedPage(trx, websiteId, {
    id: coursePageId,
    kind: 'course',
    urlId: DEMO_COURSE.urlId,
    title: DEMO_COURSE.title,
    description: 'Four short lessons from wedging to glazing, filmed at our studio bench. The first lesson is free to watch.',
    body: htmlBody('course-intro', '<p>Learn to throw a simple cylinder and a bowl. You need a wheel, a kilo of stoneware clay, a sponge, a wire and a loop tool.</p>'),
  });
  for (const [index, lesson] of LESSONS.entries()) {
    const itemId = stableId(`lesson:${websiteIdentifier}:${lesson.urlId}`);
    await seedPublishedItem(trx, websiteId, {
      id: itemId,
      collectionId: coursePageId,
      recordType: LESSON_RECORD_TYPE,
      urlId: lesson.urlId,
      title: lesson.title,
      excerpt: lesson.excerpt,
      body: htmlBody(`lesson-${index + 1}`, lesson.html),
      position: index,
      publishedAt: now,
    });
    await trx
      .insertInto('lesson_details')
      .values({ item_id: itemId, website_id: websiteId, video_source: 'embed', embed_url: STAND_IN_VIDEO, duration_seconds: lesson.duration, is_preview: lesson.preview, chapter: lesson.chapter })
      .execute();
  }
  return { coursePageId };
}
