import type { Kysely } from 'kysely';
import { validateFormDefinition } from '@vitrine/forms';
import type { Database } from '../db/schema';
import { stableId } from '../ids';

/**
 * The demo's contact form: every field kind of platform §3 (one required of each where it makes sense, a
 * hidden field, a likert, a textarea with a limit), the captcha on, and submissions also mailed to the owner.
 */
export const DEMO_CONTACT_FORM = {
  name: 'Get in touch',
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
    { id: 'phone', type: 'phone', title: 'Phone', description: 'Only if you would like a call back.', showCountryCode: false },
    { id: 'topic', type: 'select', title: 'Topic', required: true, options: ['An order', 'A product', 'Wholesale', 'Something else'] },
    { id: 'order-number', type: 'text', title: 'Order number', placeholder: 'e.g. 1042' },
    { id: 'message', type: 'textarea', title: 'Message', required: true, maxLength: 500 },
    { id: 'about-you', type: 'section', title: 'A little about you', underline: true },
    { id: 'contact-by', type: 'radio', title: 'How should we reply?', required: true, options: ['Email', 'Phone'] },
    { id: 'interests', type: 'checkbox', title: 'What do you like?', options: ['Clothing', 'Home', 'Stationery'] },
    { id: 'address', type: 'address', title: 'Address', description: 'For returns and wholesale samples.' },
    { id: 'website', type: 'website', title: 'Your website' },
    { id: 'twitter', type: 'twitter', title: 'Twitter' },
    { id: 'budget', type: 'currency', title: 'Budget (wholesale)' },
    { id: 'quantity', type: 'number', title: 'How many pieces?' },
    { id: 'visit-date', type: 'date', title: 'Preferred visit date' },
    { id: 'visit-time', type: 'time', title: 'Preferred time' },
    { id: 'satisfaction', type: 'likert', title: 'How did we do?', options: ['The shop is easy to use', 'Delivery was quick'] },
    { id: 'referral-code', type: 'password', title: 'Trade code' },
    { id: 'source', type: 'hidden', title: 'Source', key: 'source', value: 'contact-page' },
  ],
  submissionMessage: 'Thank you: we will reply within two working days.',
  submissionHTML: '',
  successRedirect: '',
  disclaimerMessage: 'We use your details only to answer you.',
  captcha: { enabled: true },
  storage: 'keep-and-email',
};

/** The footer's newsletter block: one email field; sign-ups confirm by mail (double opt-in). */
export const DEMO_NEWSLETTER_FORM = {
  name: 'Newsletter',
  fields: [{ id: 'newsletter-email', type: 'email', title: 'Email address', required: true, placeholder: 'Email address' }],
  submissionMessage: 'Almost done: check your inbox to confirm.',
  submissionHTML: '',
  successRedirect: '',
  disclaimerMessage: 'New arrivals and the odd offer, once a month. Unsubscribe any time.',
  captcha: { enabled: false },
  storage: 'keep',
};

/** Writes the demo's forms (inside the demo seed's transaction); answers their ids. */
export async function seedDemoForms(trx: Kysely<Database>, websiteId: string, websiteIdentifier: string): Promise<{ contactFormId: string; newsletterFormId: string }> {
  const contactFormId = stableId(`form:${websiteIdentifier}:contact`);
  const newsletterFormId = stableId(`form:${websiteIdentifier}:newsletter`);
  const checked = (definition: unknown) => {
    const result = validateFormDefinition(definition);
    if (!result.valid) throw new Error(`demo form: ${result.message} ${JSON.stringify(result.errors)}`);
    return JSON.stringify(result.definition);
  };
  await trx
    .insertInto('forms')
    .values([
      { id: contactFormId, website_id: websiteId, kind: 'form', definition: checked(DEMO_CONTACT_FORM) },
      { id: newsletterFormId, website_id: websiteId, kind: 'newsletter', definition: checked(DEMO_NEWSLETTER_FORM) },
    ])
    .execute();
  return { contactFormId, newsletterFormId };
}
