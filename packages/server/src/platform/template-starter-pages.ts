import { BLOCK_TYPES, checkPageBody, defaultSettings, PAGE_BODY_SCHEMA_VERSION, singleColumnSection, type PageBody } from '@vitrine/blocks';
import { escapeHtml } from '../http/plain-page';
import type { StarterPage } from '../content';

/**
 * The pages beyond the home page that a template brings to a website started empty (issue 33 item 4): a journal its
 * blog, a portfolio its Work gallery, a local business its services and how to find it, a brand its story and FAQ,
 * and every template an About and a Contact page — written in our blocks with words that say what to put there, so
 * the new site's menu is the template's from the first view. Pure: the specs; content/starter.ts writes them and the
 * platform links them in the main navigation. A site started with the sample content has the sample's own pages, and a
 * website created without a template (the CLI's, the tests') keeps the one welcome page.
 */

type BlockSpec = { id: string; type: number; settings?: Record<string, unknown> };

const html = (id: string, text: string): BlockSpec => ({ id, type: BLOCK_TYPES.html, settings: { html: text } });

function body(...blocks: BlockSpec[]): PageBody {
  const page: PageBody = {
    schemaVersion: PAGE_BODY_SCHEMA_VERSION,
    sections: [singleColumnSection('section-1', blocks.map((block) => ({ id: block.id, type: block.type, settings: { ...defaultSettings(block.type), ...block.settings } })))],
  };
  const checked = checkPageBody(page);
  if (!checked.body) throw new Error(`A template's starter page does not pass its own checks: ${JSON.stringify(checked.errors)}`);
  return checked.body;
}

const about = (siteTitle: string, words: string): StarterPage => ({
  urlId: 'about',
  kind: 'page',
  title: 'About',
  description: `About ${siteTitle}.`,
  body: body(html('about-words', `<h2>About ${escapeHtml(siteTitle)}</h2><p>${words}</p>`)),
});

const contact = (words: string): StarterPage => ({
  urlId: 'contact',
  kind: 'page',
  title: 'Contact',
  description: 'How to reach us.',
  body: body(html('contact-words', `<h2>Get in touch</h2><p>${words}</p>`)),
});

const FAQ_ITEMS = [
  { title: 'How long does delivery take?', body: '<p>Say how long an order takes to arrive, and where you ship to.</p>' },
  { title: 'Can I return it?', body: '<p>Say how many days a shopper has to change their mind, and how a return works.</p>' },
  { title: 'How do I look after it?', body: '<p>A line or two of care advice saves a lot of questions.</p>' },
];

/** The pages a template adds to an empty website after its home page, in the order they appear in the menu. */
export function emptyStarterPages(templateId: string, siteTitle: string): StarterPage[] {
  switch (templateId) {
    case 'journal':
      return [
        { urlId: 'journal', kind: 'blog', title: 'Journal', description: 'Stories, notes and news.', body: body() },
        about(siteTitle, 'Who writes here, and what about. A few lines and a picture are plenty.'),
        contact('Where readers can write to you: an address, or the links to where you are.'),
      ];
    case 'portfolio':
      return [
        { urlId: 'work', kind: 'gallery', title: 'Work', description: 'Selected work.', body: body() },
        about(siteTitle, 'Who you are, how you work and who you work with.'),
        contact('How to commission you: an address, your studio hours, the kinds of work you take on.'),
      ];
    case 'local':
      return [
        {
          urlId: 'services',
          kind: 'page',
          title: 'Services',
          description: 'What we do.',
          body: body(html('services-words', '<h2>What we do</h2><ul><li>A service, and what it costs</li><li>Another, and how long it takes</li><li>Repairs, orders or bookings: say how to ask for them</li></ul>')),
        },
        about(siteTitle, 'How the business started, who works here and what you are known for.'),
        contact('Your address, phone and opening hours, and how to find the door.'),
      ];
    case 'brand':
      return [
        {
          urlId: 'our-story',
          kind: 'page',
          title: 'Our story',
          description: `How ${siteTitle} began.`,
          body: body(html('story-words', `<h2>Why we make it</h2><p>The story behind ${escapeHtml(siteTitle)}: where it is made, by whom, and why it lasts.</p>`)),
        },
        { urlId: 'faq', kind: 'page', title: 'FAQ', description: 'Questions shoppers ask.', body: body(html('faq-heading', '<h2>Questions</h2>'), { id: 'faq-answers', type: BLOCK_TYPES.accordion, settings: { items: FAQ_ITEMS } }) },
        contact('How shoppers reach you about an order: an address and when you answer.'),
      ];
    default:
      return [
        about(siteTitle, 'What you sell, who makes it and why it is worth having.'),
        contact('How shoppers reach you about an order: an address and when you answer.'),
      ];
  }
}
