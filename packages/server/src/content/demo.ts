import type { Kysely } from 'kysely';
import type { ContentBlock, Database } from '../db/schema';
import { stableId } from '../ids';

/** The demo's Contact page (/contact): a few words, then the contact form. */
export async function seedDemoContentPages(trx: Kysely<Database>, websiteId: string, websiteIdentifier: string, forms: { contactFormId: string }): Promise<void> {
  const blocks: ContentBlock[] = [
    {
      id: 'contact-intro',
      type: 'text',
      html: '<p>Questions about an order, a product or wholesale? Write to us here and a real person replies within two working days.</p>',
    },
    { id: 'contact-form', type: 'form', formId: forms.contactFormId },
  ];
  await trx
    .insertInto('content_pages')
    .values({
      id: stableId(`page:${websiteIdentifier}:contact`),
      website_id: websiteId,
      url_id: 'contact',
      title: 'Contact',
      description: 'We are happy to help.',
      blocks: JSON.stringify(blocks),
    })
    .execute();
}
