import type { Kysely } from 'kysely';
import { BLOCK_TYPES, PAGE_BODY_SCHEMA_VERSION, type PageBody } from '@vitrine/blocks';
import type { Database } from '../db/schema';
import { stableId } from '../ids';

/** The demo's Contact page (/contact): a few words, then the contact form. */
export async function seedDemoContentPages(trx: Kysely<Database>, websiteId: string, websiteIdentifier: string, forms: { contactFormId: string }): Promise<void> {
  const body: PageBody = {
    schemaVersion: PAGE_BODY_SCHEMA_VERSION,
    sections: [
      {
        id: 'section-1',
        blocks: [
          {
            id: 'contact-intro',
            type: BLOCK_TYPES.html,
            settings: { html: '<p>Questions about an order, a product or wholesale? Write to us here and a real person replies within two working days.</p>' },
          },
          { id: 'contact-form', type: BLOCK_TYPES.form, settings: { formId: forms.contactFormId } },
        ],
      },
    ],
  };
  await trx
    .insertInto('site_pages')
    .values({
      id: stableId(`page:${websiteIdentifier}:contact`),
      website_id: websiteId,
      kind: 'page',
      url_id: 'contact',
      title: 'Contact',
      description: 'We are happy to help.',
      status: 'published',
      body: JSON.stringify(body),
    })
    .execute();
}
