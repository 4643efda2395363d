import type { Kysely } from 'kysely';
import { BLOCK_TYPES, checkPageBody, defaultSettings, PAGE_BODY_SCHEMA_VERSION, singleColumnSection, type PageBody } from '@vitrine/blocks';
import type { ContentImageRef, Database, EventLocation, SitePageKind } from '../db/schema';
import { stableId } from '../ids';

/**
 * The demo site's content, made of blocks like an owner's: a home page (hero image, words, the store's
 * featured products, a gallery, the newsletter), About, Contact (with the contact form), the Journal blog
 * with three posts and an Events page with two events. Dates are relative to the seed's `now`, so the posts
 * are recent and the events upcoming on whatever day the demo first starts.
 */

/** What the rest of the demo gives the content: the forms, the store and the demo pictures' image ids. */
export interface DemoContentSources {
  contactFormId: string;
  newsletterFormId: string;
  /** The demo store (its featured products on the home page). */
  storeCollectionId: string;
  /** The image id of a demo picture (catalog's demoImageId). */
  imageId: (file: string) => string;
  now?: Date;
}

/** The pages seeded, for the main navigation (demo-site.ts links them between Shop and Cart; Home stays the '/' link). */
export interface DemoContentPages {
  homePageId: string;
  aboutPageId: string;
  journalPageId: string;
  eventsPageId: string;
  contactPageId: string;
}

type BlockSpec = { id: string; type: number; settings?: Record<string, unknown> };

/** A body from sections of blocks, each block's settings its defaults overridden by what is given; checked like an owner's. */
function demoBody(name: string, sections: Array<{ id: string; blocks: BlockSpec[] }>): PageBody {
  const body: PageBody = {
    schemaVersion: PAGE_BODY_SCHEMA_VERSION,
    sections: sections.map((section) =>
      singleColumnSection(section.id, section.blocks.map((block) => ({ id: block.id, type: block.type, settings: { ...defaultSettings(block.type), ...block.settings } })))),
  };
  const checked = checkPageBody(body);
  if (!checked.body) throw new Error(`The demo's ${name} body does not pass its own checks: ${JSON.stringify(checked.errors)}`);
  return checked.body;
}

const html = (id: string, text: string): BlockSpec => ({ id, type: BLOCK_TYPES.html, settings: { html: text } });

const DAY = 24 * 60 * 60 * 1000;
/** A day relative to `now` at a given UTC hour, so the demo's dates read as real ones (a post at 09:00, not 03:17). */
function dayAt(now: Date, days: number, utcHour: number): Date {
  const date = new Date(now.getTime() + days * DAY);
  date.setUTCHours(utcHour, 0, 0, 0);
  return date;
}

const WORKSHOP: EventLocation = {
  addressLine1: '48 Orchard Street',
  addressLine2: 'New York, NY 10002',
  addressCountry: 'United States',
  mapLat: 40.7163,
  mapLng: -73.9904,
};

export async function seedDemoContentPages(trx: Kysely<Database>, websiteId: string, websiteIdentifier: string, sources: DemoContentSources): Promise<DemoContentPages> {
  const now = sources.now ?? new Date();
  const pageId = (urlId: string) => stableId(`page:${websiteIdentifier}:${urlId}`);
  const image = (file: string, altText: string, focalPoint = { x: 0.5, y: 0.5 }): ContentImageRef => ({ imageId: sources.imageId(file), altText, focalPoint });
  const insertPage = (page: { urlId: string; kind: SitePageKind; title: string; description: string; body: PageBody; isHome?: boolean; seoDescription?: string }) =>
    trx
      .insertInto('site_pages')
      .values({
        id: pageId(page.urlId),
        website_id: websiteId,
        kind: page.kind,
        url_id: page.urlId,
        title: page.title,
        description: page.description,
        seo_description: page.seoDescription ?? '',
        status: 'published',
        is_home: page.isHome ?? false,
        body: JSON.stringify(page.body),
      })
      .execute();

  await insertPage({
    urlId: 'home',
    kind: 'page',
    title: 'Home',
    description: 'Linen, wool, ceramics and gifts, made to last.',
    isHome: true,
    body: demoBody('home', [
      {
        id: 'hero',
        blocks: [
          {
            id: 'hero-image',
            type: BLOCK_TYPES.image,
            settings: {
              imageId: sources.imageId('wool-blanket.svg'),
              altText: 'Three folded wool blankets in green, mustard and rust',
              caption: 'New for the cold months: lambswool blankets, woven and brushed in small batches.',
              design: 'poster',
              priority: 'high',
              link: '/shop/p/wool-blanket',
            },
          },
          html(
            'welcome',
            '<h2>Things made to last</h2><p>We are a small shop of makers and menders. Everything here is chosen to be used every day for years: washed linen that softens as it ages, wool that keeps its shape, and ceramics thrown by hand a few streets from our counter.</p>',
          ),
          { id: 'shop-button', type: BLOCK_TYPES.button, settings: { label: 'Visit the shop', url: '/shop', size: 'large', alignment: 'left' } },
        ],
      },
      {
        id: 'featured',
        blocks: [
          html('featured-heading', '<h2>Featured products</h2>'),
          {
            id: 'featured-products',
            type: BLOCK_TYPES['summary-v2'],
            // Six of the store's products (two rows on a desktop), then the summary's link to the whole store.
            settings: { collectionId: sources.storeCollectionId, design: 'grid', count: 6, showExcerpt: false, showDate: false },
          },
        ],
      },
      {
        id: 'workshop',
        blocks: [
          html(
            'workshop-heading',
            '<h2>From the workshop</h2><p>A few of the pieces on our shelves this season. Learn to throw your own in <a href="/pottery-basics/wedging-clay">Pottery basics</a>, our short course for members: the first lesson is free to watch.</p>',
          ),
          {
            id: 'workshop-gallery',
            type: BLOCK_TYPES.gallery,
            settings: {
              design: 'grid',
              'thumbnails-per-row': 4,
              'aspect-ratio': 'square',
              lightbox: true,
              images: [
                { imageId: sources.imageId('ceramic-vase.svg'), altText: 'Speckled sage-green ceramic vase', title: 'Ceramic vase', description: 'Thrown and glazed by hand.', link: '/shop/p/ceramic-vase' },
                { imageId: sources.imageId('linen-shirt-white.svg'), altText: 'White linen shirt, laid flat', title: 'Linen shirt', description: 'Washed European linen.', link: '/shop/p/linen-shirt' },
                { imageId: sources.imageId('vintage-lamp.svg'), altText: 'Brass table lamp with a honey-coloured shade', title: 'Vintage lamp', description: 'A warm, low light.', link: '' },
                { imageId: sources.imageId('leather-armchair.svg'), altText: 'Brown leather armchair with rounded arms', title: 'Leather armchair', description: 'Full-grain leather on oak.', link: '' },
              ],
            },
          },
        ],
      },
      {
        id: 'letters',
        blocks: [
          html('letters-heading', '<h2>Letters from the shop</h2><p>One email a month: new pieces, workshop dates and the odd mending tip. No noise.</p>'),
          { id: 'home-newsletter', type: BLOCK_TYPES.newsletter, settings: { formId: sources.newsletterFormId } },
        ],
      },
    ]),
  });

  await insertPage({
    urlId: 'about',
    kind: 'page',
    title: 'About',
    description: 'Who we are and how we choose what we sell.',
    body: demoBody('about', [
      {
        id: 'story',
        blocks: [
          {
            id: 'about-image',
            type: BLOCK_TYPES.image,
            settings: {
              imageId: sources.imageId('design-consultation.svg'),
              altText: 'Sketchbook with a pencil line beside three colour swatches',
              caption: 'Every piece starts as a sketch and three colours.',
              design: 'card',
              priority: 'high',
            },
          },
          html(
            'about-story',
            '<h2>Our story</h2><p>Vitrine began in 2016 as a market stall of second-hand linen and a box of mugs from a friend\'s kiln. Today we work with eleven makers, most of them within a day\'s drive of the shop, and we still sell only what we would keep at home.</p><p>We buy in small runs, repair what we sell, and take back anything that no longer serves you for our mending table.</p>',
          ),
          { id: 'about-quote', type: BLOCK_TYPES.quote, settings: { quote: 'Buy less, choose well, make it last.', source: 'Vivienne Westwood' } },
          { id: 'about-rule', type: BLOCK_TYPES.horizontalrule },
        ],
      },
      {
        id: 'questions',
        blocks: [
          html('questions-heading', '<h2>Questions we are often asked</h2>'),
          {
            id: 'about-faq',
            type: BLOCK_TYPES.accordion,
            settings: {
              items: [
                { title: 'Where do you ship?', body: '<p>Across the United States, to Canada and to most of Europe. Shipping is worked out at checkout from the weight of your order.</p>' },
                { title: 'Can I return something?', body: '<p>Yes, within 30 days and unused. Write to us from the Contact page and we will send a label.</p>' },
                { title: 'Do you repair what you sell?', body: '<p>We mend our linen and wool for free for the first two years. Bring it to the shop or post it to us.</p>' },
              ],
            },
          },
          {
            id: 'about-social',
            type: BLOCK_TYPES['socialaccountlinks-v2'],
            settings: {
              links: [
                { network: 'instagram', url: 'https://www.instagram.com/' },
                { network: 'pinterest', url: 'https://www.pinterest.com/' },
                { network: 'email', url: 'mailto:hello@example.com' },
              ],
              alignment: 'left',
            },
          },
        ],
      },
    ]),
  });

  const contact = pageId('contact');
  await insertPage({
    urlId: 'contact',
    kind: 'page',
    title: 'Contact',
    description: 'We are happy to help.',
    body: demoBody('contact', [
      {
        id: 'section-1',
        blocks: [
          html('contact-intro', '<p>Questions about an order, a product or wholesale? Write to us here and a real person replies within two working days.</p>'),
          { id: 'contact-form', type: BLOCK_TYPES.form, settings: { formId: sources.contactFormId } },
        ],
      },
    ]),
  });

  const journal = pageId('journal');
  await insertPage({
    urlId: 'journal',
    kind: 'blog',
    title: 'Journal',
    description: 'Notes from the shop: makers, materials and how to look after things.',
    body: demoBody('journal', [{ id: 'section-1', blocks: [] }]),
  });
  const posts = [
    {
      urlId: 'caring-for-linen',
      title: 'How to care for linen so it lasts decades',
      excerpt: 'Cool washes, no tumble dryer and a little patience: linen rewards the lazy.',
      tags: ['linen', 'care'],
      categories: ['Guides'],
      daysAgo: 5,
      image: image('linen-shirt-white.svg', 'White linen shirt, laid flat'),
      body: [
        '<p>Linen is the rare fabric that gets better the more you use it. The flax fibre is long and strong, and every wash relaxes it a little more. Here is what we tell everyone who buys a shirt from us.</p>',
        '<h2>Wash cool, dry slow</h2><p>Wash at 30–40 °C with a mild detergent and no softener: softener coats the fibres and makes them less absorbent. Hang to dry in the shade, and give the shirt a shake before you peg it out so the creases fall by themselves.</p>',
        '<h2>Embrace the creases</h2><p>If you must iron, do it while the linen is still a little damp, on the reverse. Or don\'t: the soft rumple is half the point.</p>',
      ],
    },
    {
      urlId: 'meet-the-potter',
      title: 'Meet the potter behind our sage vases',
      excerpt: 'A morning at the wheel with Ana, who has glazed every vase we have sold since 2019.',
      tags: ['makers', 'ceramics'],
      categories: ['Makers'],
      daysAgo: 19,
      image: image('ceramic-vase.svg', 'Speckled sage-green ceramic vase'),
      body: [
        '<p>Ana\'s studio is a converted garage with one wheel, two kilns and a radio that only plays jazz. She throws around forty vases a week, and no two come out of the kiln the same.</p>',
        '<p>"The speckles are iron in the clay," she says. "The glaze pulls them up to the surface. I can guide it, but the kiln decides."</p>',
        '<p>Each vase is signed on the base and takes about three weeks from wet clay to our shelves.</p>',
      ],
    },
    {
      urlId: 'winter-wool-edit',
      title: 'The winter wool edit',
      excerpt: 'Five pieces that keep us warm from the first frost to the last, and how to choose between them.',
      tags: ['wool', 'winter', 'gifts'],
      categories: ['Guides', 'Gifts'],
      daysAgo: 41,
      image: image('wool-blanket.svg', 'Three folded wool blankets in green, mustard and rust'),
      body: [
        '<p>Lambswool is light, warm and breathes, which is why it never feels stuffy on a sofa. Our blankets are woven in a family mill and brushed by hand for that soft, slightly hazy surface.</p>',
        '<p>Pair a blanket with a linen shirt for the in-between days, or wrap one as a present: it is the gift people tell us they still use ten years on.</p>',
      ],
    },
  ];
  for (const post of posts) {
    const publishedAt = dayAt(now, -post.daysAgo, 14);
    await trx
      .insertInto('site_items')
      .values({
        id: stableId(`item:${websiteIdentifier}:journal:${post.urlId}`),
        website_id: websiteId,
        collection_id: journal,
        record_type: 1,
        url_id: post.urlId,
        title: post.title,
        status: 'published',
        published_at: publishedAt,
        created_at: publishedAt,
        updated_at: publishedAt,
        excerpt: post.excerpt,
        author_name: 'Maya Lindqvist',
        tags: post.tags,
        categories: post.categories,
        image: JSON.stringify(post.image),
        body: JSON.stringify(demoBody(`post ${post.urlId}`, [{ id: 'section-1', blocks: post.body.map((text, index) => html(`paragraphs-${index + 1}`, text)) }])),
      })
      .execute();
  }

  const events = pageId('events');
  await insertPage({
    urlId: 'events',
    kind: 'events',
    title: 'Events',
    description: 'Workshops and markets where you can meet us and our makers.',
    body: demoBody('events', [{ id: 'section-1', blocks: [] }]),
  });
  const eventItems = [
    {
      urlId: 'mending-evening',
      title: 'Visible mending evening',
      excerpt: 'Bring a jumper with a hole: we supply the wool, needles and tea.',
      start: dayAt(now, 9, 23),
      hours: 2,
      location: WORKSHOP,
      body: '<p>Learn darning and Sashiko-style patching on your own clothes. All materials are included and the evening suits complete beginners. Twelve places.</p>',
    },
    {
      urlId: 'winter-makers-market',
      title: 'Winter makers market',
      excerpt: 'Eight of our makers, mulled cider and the first look at next year\'s ceramics.',
      start: dayAt(now, 23, 15),
      hours: 6,
      location: { addressLine1: 'Grand Army Plaza', addressLine2: 'Brooklyn, NY 11238', addressCountry: 'United States', mapLat: 40.6742, mapLng: -73.9701 },
      body: '<p>Our yearly market moves outdoors. Meet the potters, weavers and woodworkers behind the shop, buy straight from them and have your purchases gift-wrapped on the spot.</p>',
    },
  ];
  for (const [index, event] of eventItems.entries()) {
    const created = dayAt(now, -30 + index, 14);
    await trx
      .insertInto('site_items')
      .values({
        id: stableId(`item:${websiteIdentifier}:events:${event.urlId}`),
        website_id: websiteId,
        collection_id: events,
        record_type: 12,
        url_id: event.urlId,
        title: event.title,
        status: 'published',
        published_at: created,
        created_at: created,
        updated_at: created,
        excerpt: event.excerpt,
        start_at: event.start,
        end_at: new Date(event.start.getTime() + event.hours * 60 * 60 * 1000),
        location: JSON.stringify(event.location),
        body: JSON.stringify(demoBody(`event ${event.urlId}`, [{ id: 'section-1', blocks: [html('details', event.body)] }])),
      })
      .execute();
  }

  return { homePageId: pageId('home'), aboutPageId: pageId('about'), journalPageId: journal, eventsPageId: events, contactPageId: contact };
}
