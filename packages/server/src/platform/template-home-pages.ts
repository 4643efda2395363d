import { BLOCK_TYPES, checkPageBody, defaultSettings, PAGE_BODY_SCHEMA_VERSION, singleColumnSection, type PageBody } from '@vitrine/blocks';
import { escapeHtml } from '../http/plain-page';

/**
 * The starter pages of the templates (issue 33 item 4): each template's home page for a new website, in our blocks,
 * so a journal starts blog-led, a portfolio picture-led, a local business with its hours and a map, a brand with
 * its one product. Only a new website gets them ("Create a website"): switching templates later never touches pages.
 * The shop template keeps the sample content's own home page (and the empty start's welcome page).
 */

/** What the sample content gives a home page to point at (its store, its journal, its pictures, a product). */
export interface SampleSources {
  storeCollectionId: string;
  journalPageId: string;
  newsletterFormId: string;
  imageId: (file: string) => string;
  /** The product the brand template's home features (the wool blanket), when found. */
  featuredProductId?: string;
}

type BlockSpec = { id: string; type: number; settings?: Record<string, unknown> };
type SectionSpec = { id: string; colourTheme?: 'dark' | 'accent'; blocks: BlockSpec[] };

const html = (id: string, text: string): BlockSpec => ({ id, type: BLOCK_TYPES.html, settings: { html: text } });

function body(sections: SectionSpec[]): PageBody {
  const page: PageBody = {
    schemaVersion: PAGE_BODY_SCHEMA_VERSION,
    sections: sections.map((section) => ({
      ...singleColumnSection(section.id, section.blocks.map((block) => ({ id: block.id, type: block.type, settings: { ...defaultSettings(block.type), ...block.settings } }))),
      ...(section.colourTheme ? { colourTheme: section.colourTheme } : {}),
    })),
  };
  const checked = checkPageBody(page);
  if (!checked.body) throw new Error(`A template's home page does not pass its own checks: ${JSON.stringify(checked.errors)}`);
  return checked.body;
}

/** The sample business's details the local template's header shows (a UK number kept for drama, never a real line). */
export const LOCAL_SAMPLE_DETAILS = {
  'business.address': '12 Market Street, Bristol',
  'business.hours': 'Open Tuesday to Saturday, 9 to 6',
  'business.phone': '+44 117 496 0312',
} as const;

const HOURS_HTML =
  '<h2>Opening hours</h2><ul><li>Tuesday to Friday: 9:00 to 18:00</li><li>Saturday: 9:00 to 17:00</li><li>Sunday and Monday: closed</li></ul><p>Repairs are taken in until an hour before closing.</p>';

/** The home page of a template for a site started with the sample content; undefined keeps the sample's own. */
export function sampleHomeBody(templateId: string, sources: SampleSources): PageBody | undefined {
  const store = (id: string, count: number, design: 'grid' | 'wall' = 'grid'): BlockSpec => ({
    id, type: BLOCK_TYPES['summary-v2'], settings: { collectionId: sources.storeCollectionId, design, count, showExcerpt: false, showDate: false },
  });
  const newsletter = (id: string, words: string): SectionSpec => ({
    id, blocks: [html(`${id}-heading`, words), { id: `${id}-form`, type: BLOCK_TYPES.newsletter, settings: { formId: sources.newsletterFormId } }],
  });
  switch (templateId) {
    case 'journal':
      return body([
        { id: 'masthead', blocks: [html('masthead-words', '<h2>Notes from the workshop</h2><p>How things are made, mended and kept: stories from our makers, care guides and the odd recipe, every fortnight.</p>')] },
        {
          id: 'latest',
          blocks: [
            html('latest-heading', '<h2>Latest stories</h2>'),
            { id: 'latest-posts', type: BLOCK_TYPES['summary-v2'], settings: { collectionId: sources.journalPageId, design: 'list', count: 3, showExcerpt: true, showDate: true, showPrice: false } },
          ],
        },
        { id: 'shelf', blocks: [html('shelf-heading', '<h2>From the shop</h2><p>A few of the things our stories are about.</p>'), store('shelf-products', 3)] },
        newsletter('letters', '<h2>The fortnightly letter</h2><p>New stories in your inbox, nothing else.</p>'),
      ]);
    case 'portfolio':
      return body([
        {
          id: 'cover',
          blocks: [
            {
              id: 'cover-image', type: BLOCK_TYPES.image,
              settings: { imageId: sources.imageId('vintage-lamp.svg'), altText: 'Brass table lamp with a honey-coloured shade', caption: '', design: 'poster', priority: 'high', link: '' },
            },
            html('cover-words', '<h2>Objects, photographed as they are used</h2><p>A small studio of lighting, ceramics and textiles. Every piece is made to order.</p>'),
          ],
        },
        {
          id: 'work',
          blocks: [
            html('work-heading', '<h2>Selected work</h2>'),
            {
              id: 'work-gallery', type: BLOCK_TYPES.gallery,
              settings: {
                design: 'grid', 'thumbnails-per-row': 3, 'aspect-ratio': 'three-four-vertical', lightbox: true,
                images: [
                  { imageId: sources.imageId('ceramic-vase.svg'), altText: 'Speckled sage-green ceramic vase', title: 'Vase, sage glaze', description: '', link: '' },
                  { imageId: sources.imageId('leather-armchair.svg'), altText: 'Brown leather armchair with rounded arms', title: 'Reading chair', description: '', link: '' },
                  { imageId: sources.imageId('wool-blanket.svg'), altText: 'Three folded wool blankets in green, mustard and rust', title: 'Blankets', description: '', link: '' },
                  { imageId: sources.imageId('linen-shirt-navy.svg'), altText: 'Navy linen shirt, laid flat', title: 'Linen, navy', description: '', link: '' },
                  { imageId: sources.imageId('canvas-tote.svg'), altText: 'Natural canvas tote bag with a red stripe', title: 'Market tote', description: '', link: '' },
                  { imageId: sources.imageId('design-consultation.svg'), altText: 'Sketchbook with a pencil line beside three colour swatches', title: 'Studio sketches', description: '', link: '' },
                ],
              },
            },
          ],
        },
        { id: 'editions', blocks: [html('editions-heading', '<h2>Editions for sale</h2>'), store('editions-products', 6)] },
      ]);
    case 'local':
      return body([
        {
          id: 'welcome',
          blocks: [
            {
              id: 'welcome-image', type: BLOCK_TYPES.image,
              settings: { imageId: sources.imageId('ceramic-vase.svg'), altText: 'Speckled sage-green ceramic vase on the shop counter', caption: '', design: 'card', priority: 'high', link: '' },
            },
            html('welcome-words', '<h2>Your corner shop for things that last</h2><p>Linen, wool, ceramics and repairs, two minutes from the market. Come in for a look, or order online and collect the same day.</p>'),
            { id: 'welcome-visit', type: BLOCK_TYPES.button, settings: { label: 'Plan your visit', url: '#visit', size: 'large', alignment: 'left' } },
          ],
        },
        {
          id: 'visit',
          blocks: [
            html('visit-hours', HOURS_HTML),
            { id: 'visit-map', type: BLOCK_TYPES.map, settings: { addressLine1: '12 Market Street', addressLine2: 'Bristol BS1 1JQ', addressCountry: 'United Kingdom', mapLat: 51.4545, mapLng: -2.5879, zoom: 16 } },
          ],
        },
        { id: 'counter', blocks: [html('counter-heading', '<h2>On the counter this week</h2>'), store('counter-products', 3)] },
        newsletter('news', '<h2>News from the shop</h2><p>Late openings, workshops and new arrivals, once a month.</p>'),
      ]);
    case 'brand':
      return body([
        {
          id: 'hero',
          blocks: [
            {
              id: 'hero-image', type: BLOCK_TYPES.image,
              settings: { imageId: sources.imageId('wool-blanket.svg'), altText: 'Three folded wool blankets in green, mustard and rust', caption: '', design: 'poster', priority: 'high', link: '/shop/p/wool-blanket' },
            },
            html('hero-words', '<h2>One blanket. Every winter for twenty years.</h2><p>Lambswool woven and brushed in small batches, in three colours taken from the hills it comes from.</p>'),
            { id: 'hero-buy', type: BLOCK_TYPES.button, settings: { label: 'Shop the blanket', url: '/shop/p/wool-blanket', size: 'large', alignment: 'left' } },
          ],
        },
        ...(sources.featuredProductId ? [{ id: 'product', blocks: [{ id: 'product-block', type: BLOCK_TYPES.product, settings: { productId: sources.featuredProductId } }] }] : []),
        {
          id: 'promise',
          colourTheme: 'dark',
          blocks: [
            html('promise-words', '<h2>Made to be kept</h2><p>Free repairs for life. If a seam ever opens, send it back and we mend it.</p>'),
            { id: 'promise-quote', type: BLOCK_TYPES.quote, settings: { quote: 'Ten winters in, it still looks new on the sofa.', source: 'A customer in Leeds' } },
          ],
        },
        { id: 'more', blocks: [html('more-heading', '<h2>Also from us</h2>'), store('more-products', 2)] },
      ]);
    default:
      return undefined;
  }
}

/** The home page of a template for a site started empty; undefined keeps the welcome page every empty site gets. */
export function emptyHomeBody(templateId: string, siteTitle: string): PageBody | undefined {
  const welcome = (words: string): SectionSpec => ({ id: 'welcome', blocks: [html('welcome-text', `<h2>${escapeHtml(siteTitle)}</h2><p>${words}</p>`)] });
  switch (templateId) {
    case 'journal':
      return body([welcome('Welcome. The first story is on its way: write it in Pages, under the blog.')]);
    case 'portfolio':
      return body([welcome('Welcome. Add your work to a gallery in Pages; it shows here edge to edge.')]);
    case 'local':
      return body([
        welcome('Welcome. Tell visitors where to find you: your address, hours and phone go in Design, under Business details.'),
        { id: 'visit', blocks: [html('visit-hours', HOURS_HTML), { id: 'visit-map', type: BLOCK_TYPES.map, settings: { addressLine1: 'Your address', addressLine2: '', addressCountry: '' } }] },
      ]);
    case 'brand':
      return body([welcome('Welcome. Add your product in Products, then feature it here with a Product block.')]);
    default:
      return undefined;
  }
}
