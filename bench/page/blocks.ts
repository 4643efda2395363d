/**
 * Server render of content pages made of blocks (issue 18), database included, beside a bare Fastify JSON route
 * in one run: a page holding every editable block type once (`/every-block`, added to the demo for this run) and
 * the demo's home page (`/`: hero image, words, the store's products, a gallery, the newsletter), and the product page
 * render.ts measures, as a yardstick within the same run.
 *
 *   node --import tsx bench/page/blocks.ts          # PGlite; PostgreSQL too when TEST_DATABASE_URL is set
 *   NODE_ENV=production BENCH_SECONDS=10 node --import tsx bench/page/blocks.ts
 *
 * Like render.ts: every server in its own process, autocannon in this one, a 10 s warm-up per target (not
 * counted). The page is written into the database before the server starts: on PGlite the DATA_DIR is
 * migrated and seeded here first (the server then finds the demo and seeds nothing); on PostgreSQL a fresh
 * database is created, seeded, given the page and dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { BLOCK_TYPES, checkPageBody, defaultSettings, EDITABLE_BLOCKS, PAGE_BODY_SCHEMA_VERSION, singleColumnSection, type PageBody } from '@vitrine/blocks';
import { openDatabaseFromEnv } from '../../packages/server/src/db/database';
import { migrate } from '../../packages/server/src/db/migrate';
import type { Database } from '../../packages/server/src/db/schema';
import { openTestDatabase } from '../../packages/server/src/db/testing';
import { seedDemoSite } from '../../packages/server/src/demo-site';
import { stableId } from '../../packages/server/src/ids';
import { measure, reportAgainstFirst, type Figures } from './measure';
import { ensureIslandsBuilt, PRODUCT_PATH, startScript, startVitrine, type RunningProcess } from './support';

const EVERY_BLOCK_PATH = '/every-block';

/** A published page with every editable block once, in realistic settings that name the demo's own images, forms, product and collections. */
async function addEveryBlockPage(db: Kysely<Database>): Promise<void> {
  const website = await db.selectFrom('websites').select(['id', 'identifier']).orderBy('created_at').executeTakeFirstOrThrow();
  const imageIds = (await db.selectFrom('images').select('id').where('website_id', '=', website.id).orderBy('id').limit(6).execute()).map((row) => row.id);
  const forms = await db.selectFrom('forms').select(['id', 'kind']).where('website_id', '=', website.id).execute();
  const formOf = (kind: string) => forms.find((form) => form.kind === kind)?.id ?? '';
  const product = await db.selectFrom('products').select('id').where('website_id', '=', website.id).where('url_id', '=', 'linen-shirt').executeTakeFirstOrThrow();
  const journal = await db.selectFrom('site_pages').select('id').where('website_id', '=', website.id).where('url_id', '=', 'journal').executeTakeFirst();
  const store = await db.selectFrom('collections').select('id').where('website_id', '=', website.id).where('url_id', '=', 'shop').executeTakeFirstOrThrow();
  const settings: Record<number, Record<string, unknown>> = {
    [BLOCK_TYPES.html]: { html: '<h2>Every block</h2><p>One of each block the editor offers, with <a href="/shop">a link</a> and <strong>bold</strong> words.</p><ul><li>One</li><li>Two</li></ul>' },
    [BLOCK_TYPES.markdown]: { markdown: '## Markdown\n\nSome *emphasis*, a [link](/about) and a list:\n\n- linen\n- wool\n' },
    [BLOCK_TYPES.image]: { imageId: imageIds[0], altText: 'A demo picture', caption: 'A caption under the picture.', priority: 'high' },
    [BLOCK_TYPES.gallery]: { images: imageIds.map((imageId, index) => ({ imageId, altText: `Picture ${index + 1}`, title: `Picture ${index + 1}`, description: '', link: '' })), lightbox: true },
    [BLOCK_TYPES.button]: { label: 'Visit the shop', url: '/shop' },
    [BLOCK_TYPES.spacer]: { height: 40 },
    [BLOCK_TYPES.quote]: { quote: 'Buy less, choose well, make it last.', source: 'Vivienne Westwood' },
    [BLOCK_TYPES.code]: { html: '<div class="custom-note"><p>Custom HTML of the owner.</p></div>' },
    [BLOCK_TYPES.embed]: { url: 'https://vimeo.com/76979871', oembed: { html: '', providerName: 'Vimeo', title: 'A film', thumbnailUrl: '' }, caption: 'An embedded film.' },
    [BLOCK_TYPES.video]: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', caption: 'A video.' },
    [BLOCK_TYPES.map]: { addressLine1: '48 Orchard Street', addressLine2: 'New York, NY 10002', addressCountry: 'United States', mapLat: 40.7163, mapLng: -73.9904 },
    [BLOCK_TYPES.form]: { formId: formOf('form') },
    [BLOCK_TYPES.newsletter]: { formId: formOf('newsletter') },
    [BLOCK_TYPES.product]: { productId: product.id },
    [BLOCK_TYPES['summary-v2']]: { collectionId: journal?.id ?? store.id, design: 'list', count: 3 },
    [BLOCK_TYPES.accordion]: { items: [{ title: 'Where do you ship?', body: '<p>Across the United States and Europe.</p>' }, { title: 'Returns', body: '<p>Within 30 days.</p>' }] },
    [BLOCK_TYPES['socialaccountlinks-v2']]: { links: [{ network: 'instagram', url: 'https://www.instagram.com/' }, { network: 'email', url: 'mailto:hello@example.com' }] },
    [BLOCK_TYPES.search]: { placeholder: 'Search the shop' },
    [BLOCK_TYPES.chart]: { title: 'Visitors and orders' },
    [BLOCK_TYPES.marquee]: { text: 'Free shipping on orders over $100' },
    [BLOCK_TYPES.shape]: { shape: 'star', color: '#c2410c', size: 120, label: 'A star' },
  };
  const body: PageBody = {
    schemaVersion: PAGE_BODY_SCHEMA_VERSION,
    sections: [singleColumnSection('every', EDITABLE_BLOCKS.map((definition) => ({ id: `block-${definition.name}`, type: definition.type, settings: { ...defaultSettings(definition.type), ...settings[definition.type] } })))],
  };
  const checked = checkPageBody(body);
  if (!checked.body) throw new Error(`the every-block page does not pass its checks: ${JSON.stringify(checked.errors)}`);
  await db
    .insertInto('site_pages')
    .values({
      id: stableId(`page:${website.identifier}:every-block`),
      website_id: website.id,
      kind: 'page',
      url_id: EVERY_BLOCK_PATH.slice(1),
      title: 'Every block',
      status: 'published',
      body: JSON.stringify(checked.body),
    })
    .execute();
}

async function benchPages(database: string, server: RunningProcess): Promise<Figures[]> {
  const figures: Figures[] = [];
  for (const [name, pagePath] of [
    ['every-block page', EVERY_BLOCK_PATH],
    ['home page', '/'],
    // The product page render.ts measures, for a ratio within this run.
    ['product page', PRODUCT_PATH],
  ] as const) {
    const probe = await fetch(`${server.base}${pagePath}`);
    const html = await probe.text();
    if (probe.status !== 200) throw new Error(`${pagePath} answered ${probe.status}`);
    if (pagePath === EVERY_BLOCK_PATH && !html.includes('block-')) console.log(`Note: ${pagePath} on ${database} shows no rendered blocks yet.`);
    figures.push(await measure(`${name}, ${database}`, { url: `${server.base}${pagePath}` }));
  }
  return figures;
}

async function main(): Promise<void> {
  ensureIslandsBuilt();
  const results: Figures[] = [];

  const bare = await startScript('bench/page/bare-server.ts', {});
  try {
    results.push(await measure('bare Fastify GET JSON route', { url: `${bare.base}/json` }));
  } finally {
    await bare.stop();
  }

  // PGlite: the DATA_DIR is prepared here, then served by the real server.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-blocks-'));
  try {
    const prepared = await openDatabaseFromEnv({ DATA_DIR: dataDir });
    try {
      await migrate(prepared.db);
      await seedDemoSite(prepared.db);
      await addEveryBlockPage(prepared.db);
    } finally {
      await prepared.close();
    }
    const pglite = await startVitrine({ DATA_DIR: dataDir });
    try {
      results.push(...(await benchPages('PGlite', pglite)));
    } finally {
      await pglite.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (process.env.TEST_DATABASE_URL) {
    const database = await openTestDatabase();
    try {
      await addEveryBlockPage(database.db);
      const postgres = await startVitrine({ DATABASE_URL: database.url! });
      try {
        results.push(...(await benchPages('PostgreSQL', postgres)));
      } finally {
        await postgres.stop();
      }
    } finally {
      await database.close();
    }
  } else {
    console.log('PostgreSQL skipped: set TEST_DATABASE_URL to a server where databases may be created.');
  }

  reportAgainstFirst(`${EVERY_BLOCK_PATH} (${EDITABLE_BLOCKS.length} blocks) and /`, results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
