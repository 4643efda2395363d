import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_SUBMISSION_MESSAGE, readFieldDefinitions, type FieldDefinition, type StorageChoice } from '@vitrine/forms';
import { isCaptchaEnabled } from '../captcha';
import type { Database, Website } from '../db/schema';
import { sanitiseHtml } from '../site-settings';

type Db = Kysely<Database> | Transaction<Database>;

/** A live form (not deleted), read leniently so old data cannot break a page. */
export interface StoredForm {
  id: string;
  kind: 'form' | 'newsletter';
  name: string;
  fields: FieldDefinition[];
  submissionMessage: string;
  submissionHTML: string;
  successRedirect: string;
  disclaimerMessage: string;
  captchaEnabled: boolean;
  storage: StorageChoice;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function storedFormOf(row: { id: string; kind: 'form' | 'newsletter'; definition: Record<string, unknown> }): StoredForm {
  const definition = row.definition;
  const captcha = definition.captcha;
  return {
    id: row.id,
    kind: row.kind,
    name: text(definition.name),
    fields: readFieldDefinitions(definition.fields),
    submissionMessage: text(definition.submissionMessage),
    submissionHTML: text(definition.submissionHTML),
    successRedirect: text(definition.successRedirect),
    disclaimerMessage: text(definition.disclaimerMessage),
    captchaEnabled: typeof captcha === 'object' && captcha !== null && (captcha as { enabled?: unknown }).enabled === true,
    storage: definition.storage === 'keep-and-email' ? 'keep-and-email' : 'keep',
  };
}

/** The website's live form with this id, or undefined (unknown, another website's, or deleted). */
export async function findLiveForm(db: Db, websiteId: string, formId: string): Promise<StoredForm | undefined> {
  const row = await db
    .selectFrom('forms')
    .select(['id', 'kind', 'definition'])
    .where('website_id', '=', websiteId)
    .where('id', '=', formId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? storedFormOf(row) : undefined;
}

/** The website's newsletter form for the footer: the oldest live one, if any. */
export async function findFooterNewsletterForm(db: Db, websiteId: string): Promise<StoredForm | undefined> {
  const row = await db
    .selectFrom('forms')
    .select(['id', 'kind', 'definition'])
    .where('website_id', '=', websiteId)
    .where('kind', '=', 'newsletter')
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return row ? storedFormOf(row) : undefined;
}

/**
 * A form as a page gives it to the browser (the SiteForm island's `form` prop): the captcha shows when the
 * form asks for it and the website has one; the owner's post-submit HTML is sanitised to the site's allow-list
 * (no scripts: the CSP would block them anyway); a blank submission message becomes the default.
 */
export function publicFormOf(form: StoredForm, website: Pick<Website, 'captcha_site_key'>) {
  return {
    id: form.id,
    kind: form.kind,
    name: form.name,
    fields: form.fields,
    submissionMessage: form.submissionMessage.trim() || DEFAULT_SUBMISSION_MESSAGE,
    submissionHTML: form.submissionHTML ? sanitiseHtml(form.submissionHTML) : '',
    successRedirect: form.successRedirect,
    disclaimerMessage: form.disclaimerMessage,
    captcha: form.captchaEnabled && isCaptchaEnabled(website),
  };
}
export type PublicForm = ReturnType<typeof publicFormOf>;
