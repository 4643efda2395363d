import { isbot } from 'isbot';
import type { Kysely } from 'kysely';
import { FORM_MESSAGES, summaryAnswer, summaryFieldsOf, validateFormSubmission, validateFormValues, type FormValues } from '@vitrine/forms';
import { FORM_SUBMISSION_RATE_LIMIT, type SaveFormSubmissionBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { isCaptchaEnabled, requireCaptchaSolution, type CaptchaSettings } from '../captcha';
import { inTransaction } from '../db/transactions';
import type { Database, Website } from '../db/schema';
import { invalid, notFound, tooMany } from '../failures';
import { hitSlidingWindow, type RateLimitStore } from '../http/rate-limit';
import { newId } from '../ids';
import { enqueueMail, enqueueMailIfQuotaAllows, renderMail, renderSiteMail, siteUrlOf, type MailSettings, type UnsubscribeTokens } from '../mail';
import { requestNewsletterSubscription } from '../newsletter';
import { recordWebhookEvent } from '../webhooks';
import { findLiveForm, type StoredForm } from './definitions';
import { useSubmissionKey } from './keys';
import { formRecipients } from './recipients';

/** What submitting needs beyond the database: the captcha's secrets, mail, the confirmation links' signer, the rate-limit store. */
export interface FormServices {
  captcha: CaptchaSettings;
  mail: MailSettings;
  newsletterTokens: UnsubscribeTokens;
  rateLimits: RateLimitStore;
}

export interface SubmissionInput extends SaveFormSubmissionBody {
  /** Who is submitting: a hash of their crumb (the visitor the key was handed to). */
  visitor: string;
  userAgent: string;
  /** The language of the page the form was sent from (a BCP 47 locale): a newsletter sign-up is recorded in it. */
  language: string;
}

/** The confirmation link of a newsletter sign-up (its page has one button: link scanners change nothing). */
export const newsletterConfirmUrl = (publicUrl: string, token: string) => `${publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;

async function liveFormOrNotConfigured(db: Kysely<Database>, website: Website, formId: string): Promise<StoredForm> {
  const form = await findLiveForm(db, website.id, formId);
  if (!form) throw notFound(FORM_MESSAGES.notConfigured);
  return form;
}

/** POST /api/rest/forms/validate/{formId}: the form's rules on the given values, errors keyed by field id. */
export async function validateFormAnswers(db: Kysely<Database>, website: Website, _actor: Actor, input: { formId: string; values: unknown }): Promise<{ valid: true }> {
  const form = await liveFormOrNotConfigured(db, website, input.formId);
  const result = validateFormValues(form.fields, input.values, { mode: 'site' });
  if (!result.valid) throw invalid(result.message, result.errors);
  return { valid: true };
}

/** The visitor's and the form's budgets of submissions (storefront §8's 429). */
async function checkSubmissionRate(rateLimits: RateLimitStore, website: Website, form: StoredForm, visitor: string, nowMs: number): Promise<void> {
  const { perVisitorAndForm, perForm, windowMs } = FORM_SUBMISSION_RATE_LIMIT;
  const [byVisitor, byForm] = await Promise.all([
    hitSlidingWindow(rateLimits, `form:${website.id}:${form.id}:${visitor}`, windowMs, nowMs),
    hitSlidingWindow(rateLimits, `form:${website.id}:${form.id}`, windowMs, nowMs),
  ]);
  if (byVisitor.hits > perVisitorAndForm || byForm.hits > perForm) throw tooMany(FORM_MESSAGES.rateLimited, byVisitor.retryAfterSeconds);
}

/** Why a submission is kept apart as spam, or null: a filled honeypot, or a bot's user agent. */
export function spamReasonOf(input: { honeypot?: string; userAgent: string }): 'honeypot' | 'bot' | null {
  if (input.honeypot && input.honeypot.trim() !== '') return 'honeypot';
  if (input.userAgent.trim() === '' || isbot(input.userAgent)) return 'bot';
  return null;
}

/**
 * POST /api/form/SaveFormSubmission. In order: the form exists (404), the visitor is within budget (429), every
 * field passes the shared rules (400, errors keyed by field id; the public call never skips them), the captcha
 * when the form shows one (400), then in one transaction the key is used up (401 when it is not good), the
 * submission is kept with its page and visitor — as spam when a bot sent it, answered the same so bots learn
 * nothing — and, for a real one, the owner's mail (storage 'keep-and-email') or the newsletter's confirmation
 * mail is written to the outbox. An acknowledged submission is committed: nothing is held in memory.
 */
export async function saveFormSubmission(
  db: Kysely<Database>,
  website: Website,
  _actor: Actor,
  input: SubmissionInput,
  services: FormServices,
): Promise<{ status: 'received'; confirmationSent?: boolean }> {
  const form = await liveFormOrNotConfigured(db, website, input.formId);
  await checkSubmissionRate(services.rateLimits, website, form, input.visitor, Date.now());
  const checked = validateFormSubmission(form.fields, input.form, { mode: 'site' });
  if (!checked.valid) throw invalid(checked.message, checked.errors);
  if (form.captchaEnabled && isCaptchaEnabled(website)) {
    await requireCaptchaSolution(db, website, services.captcha, input.captchaKey, 'captchaKey');
  }
  const spamReason = spamReasonOf(input);
  const values = checked.values;
  return inTransaction(db, async (trx) => {
    await useSubmissionKey(trx, website, input.visitor, input.key);
    const submissionId = newId();
    await trx
      .insertInto('form_submissions')
      .values({
        id: submissionId,
        website_id: website.id,
        form_id: form.id,
        form_name: form.name,
        fields: JSON.stringify(form.fields),
        answers: JSON.stringify(values),
        page: JSON.stringify(pageOf(input)),
        visitor: input.visitor,
        user_agent: input.userAgent.slice(0, 500),
        is_spam: spamReason !== null,
        spam_reason: spamReason,
      })
      .execute();
    if (spamReason) return { status: 'received' as const, ...(form.kind === 'newsletter' ? { confirmationSent: true } : {}) };
    // A real submission is a webhook event (webhooks/); a newsletter sign-up's is newsletter.subscribed, once confirmed.
    if (form.kind !== 'newsletter') {
      await recordWebhookEvent(trx, website, 'form.submitted', { formId: form.id, formName: form.name, submissionId, answers: values as Record<string, unknown>, submittedAt: new Date().toISOString() });
    }
    if (form.kind === 'newsletter') {
      const email = newsletterAddressOf(form, values);
      if (!email) throw invalid(FORM_MESSAGES.invalidForm);
      if ((await requestNewsletterSubscription(trx, website.id, email, form.id, input.language)) === 'confirm') {
        const confirmUrl = newsletterConfirmUrl(siteUrlOf(services.mail, website), services.newsletterTokens.issue(website.id, email));
        await enqueueMail(trx, website, services.mail.from, { kind: 'transactional', template: 'newsletter-confirm', to: email, ...(await renderSiteMail(trx, 'newsletter-confirm', website, { confirmUrl }, { publicUrl: siteUrlOf(services.mail, website) })) });
      }
      // The same answer whether the address was new or already on the list: the form tells no one who subscribes.
      return { status: 'received' as const, confirmationSent: true };
    }
    if (form.storage === 'keep-and-email') {
      const answers = summaryFieldsOf(form.fields, values).map((field) => ({ title: field.rawTitle, answer: summaryAnswer(field) }));
      const submissionsUrl = `${siteUrlOf(services.mail, website)}/config/forms/${encodeURIComponent(form.id)}`;
      for (const to of await formRecipients(trx, website)) {
        const rendered = renderMail('form-submission', website, { formName: form.name, pageTitle: input.pageTitle ?? '', answers, submissionsUrl }, { publicUrl: siteUrlOf(services.mail, website) });
        // Past the website's mails-a-day quota the submission is still kept, only its notification is not sent.
        await enqueueMailIfQuotaAllows(trx, website, services.mail.from, { kind: 'transactional', template: 'form-submission', to, ...rendered });
      }
    }
    return { status: 'received' as const };
  });
}

/** A newsletter form's address: its (first) email field's answer. */
function newsletterAddressOf(form: StoredForm, values: FormValues): string | undefined {
  const field = form.fields.find((candidate) => candidate.type === 'email');
  const value = field ? values[field.id] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function pageOf(input: SaveFormSubmissionBody): Record<string, string> {
  const page: Record<string, string> = {};
  const copy = (key: keyof SaveFormSubmissionBody) => {
    const value = input[key];
    if (value !== undefined && value !== null) page[key] = String(value);
  };
  for (const key of ['pageId', 'pageTitle', 'pagePath', 'contentSource', 'pagePermissionTypeValue', 'intraPageEventBlockId', 'intraPageEventType'] as const) copy(key);
  return page;
}
