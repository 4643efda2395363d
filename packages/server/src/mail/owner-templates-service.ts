import { sql, type Kysely } from 'kysely';
import {
  EDITABLE_MAIL_TEMPLATES, MAIL_TEMPLATE_INFO, MAIL_TEMPLATE_MESSAGES, MAIL_TEMPLATE_STARTERS, MAIL_TEST_SENDS_PER_HOUR, mailTemplateErrors,
  type EditableMailTemplate, type MailBlock, type MailTemplateBody, type MailTemplateDraft,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { invalid, tooMany } from '../failures';
import { mailColoursOf } from '../site-styles';
import { enqueueMail } from './outbox';
import { findOwnerTemplate, OwnerTemplateError, renderOwnerVersion, sampleValuesOf, type OwnerTemplateRow } from './owner-templates';
import { siteUrlOf, type MailSettings } from './settings';

/** The owner's calls on Settings → Mail → Templates (issue 38 item 7). */

/** A test send's outbox template: counted per website per hour for the limit. */
const TEST_TEMPLATE = (name: string) => `template-test:${name}`;
export const TEST_SEND_LIMIT_MESSAGE = `At most ${MAIL_TEST_SENDS_PER_HOUR} test mails an hour: try again later.`;

const summaryOf = (name: EditableMailTemplate, row: OwnerTemplateRow | undefined) => ({
  name,
  label: MAIL_TEMPLATE_INFO[name].label,
  recipient: MAIL_TEMPLATE_INFO[name].recipient,
  customized: Boolean(row),
  updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  lastFallback: row?.last_fallback_reason && row.last_fallback_at ? { reason: row.last_fallback_reason, at: new Date(row.last_fallback_at).toISOString() } : null,
});

const replyOf = (name: EditableMailTemplate, row: OwnerTemplateRow | undefined) => ({
  ...summaryOf(name, row),
  ...(row ? { subject: row.subject, blocks: row.blocks as MailBlock[] } : MAIL_TEMPLATE_STARTERS[name]),
  variables: MAIL_TEMPLATE_INFO[name].variables,
  summaryBlock: MAIL_TEMPLATE_INFO[name].summary,
});

/** The body as the model's blocks (only each type's own fields), refused with field errors when it breaks a rule. */
function checkedDraft(name: EditableMailTemplate, body: MailTemplateBody): MailTemplateDraft {
  const blocks = body.blocks.map((block): MailBlock => {
    switch (block.type) {
      case 'heading': case 'text': return { type: block.type, text: block.text ?? '' };
      case 'button': return { type: 'button', label: block.label ?? '', url: block.url ?? '' };
      case 'summary': case 'divider': return { type: block.type };
      default: return block as unknown as MailBlock;
    }
  });
  const draft = { subject: body.subject, blocks };
  const errors = mailTemplateErrors(name, draft);
  if (Object.keys(errors).length > 0) throw invalid(MAIL_TEMPLATE_MESSAGES.invalid, errors);
  return draft;
}

export async function listMailTemplates(db: Kysely<Database>, website: Website, actor: Actor) {
  authorize(actor, 'store-settings:read');
  const rows = await db.selectFrom('mail_templates').select(['name', 'subject', 'blocks', 'updated_at', 'last_fallback_reason', 'last_fallback_at']).where('website_id', '=', website.id).execute();
  return { templates: EDITABLE_MAIL_TEMPLATES.map((name) => summaryOf(name, rows.find((row) => row.name === name))) };
}

export async function getMailTemplate(db: Kysely<Database>, website: Website, actor: Actor, input: { name: EditableMailTemplate }) {
  authorize(actor, 'store-settings:read');
  return replyOf(input.name, await findOwnerTemplate(db, website.id, input.name));
}

export async function saveMailTemplate(db: Kysely<Database>, website: Website, actor: Actor, input: { name: EditableMailTemplate; body: MailTemplateBody }) {
  const owner = authorize(actor, 'store-settings:write');
  const draft = checkedDraft(input.name, input.body);
  const updatedBy = typeof owner === 'object' && 'siteUser' in owner ? owner.siteUser.id : null;
  // A new version starts with no fallback note: the note is about the version that failed.
  await db.insertInto('mail_templates')
    .values({ website_id: website.id, name: input.name, subject: draft.subject, blocks: JSON.stringify(draft.blocks), updated_by: updatedBy })
    .onConflict((conflict) => conflict.columns(['website_id', 'name']).doUpdateSet({
      subject: draft.subject, blocks: JSON.stringify(draft.blocks), updated_by: updatedBy, updated_at: sql<Date>`now()`, last_fallback_reason: null, last_fallback_at: null,
    }))
    .execute();
  return replyOf(input.name, await findOwnerTemplate(db, website.id, input.name));
}

export async function resetMailTemplate(db: Kysely<Database>, website: Website, actor: Actor, input: { name: EditableMailTemplate }) {
  authorize(actor, 'store-settings:write');
  await db.deleteFrom('mail_templates').where('website_id', '=', website.id).where('name', '=', input.name).execute();
  return replyOf(input.name, undefined);
}

async function renderSample(db: Kysely<Database>, website: Website, mail: MailSettings, name: EditableMailTemplate, body: MailTemplateBody) {
  const draft = checkedDraft(name, body);
  const siteUrl = siteUrlOf(mail, website);
  try {
    return renderOwnerVersion(name, website, draft, sampleValuesOf(name, siteUrl, website), { publicUrl: siteUrl }, await mailColoursOf(db, website));
  } catch (error) {
    if (error instanceof OwnerTemplateError) throw invalid(`This template cannot be sent: ${error.message}.`);
    throw error;
  }
}

export async function previewMailTemplate(db: Kysely<Database>, website: Website, actor: Actor, mail: MailSettings, input: { name: EditableMailTemplate; body: MailTemplateBody }) {
  authorize(actor, 'store-settings:read');
  return renderSample(db, website, mail, input.name, input.body);
}

export async function sendTestMailTemplate(db: Kysely<Database>, website: Website, actor: Actor, mail: MailSettings, input: { name: EditableMailTemplate; body: MailTemplateBody }) {
  const owner = authorize(actor, 'store-settings:write');
  if (typeof owner !== 'object' || !('siteUser' in owner)) throw invalid('A test mail goes to a signed-in owner: sign in to send one.');
  const rendered = await renderSample(db, website, mail, input.name, input.body);
  return db.transaction().execute(async (trx) => {
    // The limit is the website's, counted in its outbox under a lock on the website row: two tabs cannot pass it together.
    await trx.selectFrom('websites').select('id').where('id', '=', website.id).forUpdate().execute();
    const { count } = await trx.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<string>().as('count'))
      .where('website_id', '=', website.id).where('template', 'like', 'template-test:%').where('created_at', '>', sql<Date>`now() - interval '1 hour'`).executeTakeFirstOrThrow();
    if (Number(count) >= MAIL_TEST_SENDS_PER_HOUR) throw tooMany(TEST_SEND_LIMIT_MESSAGE, 3600);
    const mailId = await enqueueMail(trx, website, mail.from, { kind: 'transactional', template: TEST_TEMPLATE(input.name), to: owner.siteUser.email, ...rendered, subject: `[Test] ${rendered.subject}` });
    return { sentTo: owner.siteUser.email, mailId };
  });
}
