import Type, { type Static } from 'typebox';
import { FORM_LIMITS, FORM_MESSAGES, HONEYPOT_FIELD_NAME, INTRA_PAGE_EVENT_TYPES } from '@vitrine/forms';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * Site forms (storefront spec §3, §4, §7, §8): the form template, server-side validation, the single-use
 * submission key and the submission itself, at the spec's paths. The field rules are @vitrine/forms'.
 */

const tags = ['forms'];

/** A word from a fixed list (plain words only): an enum for the types, a pattern so NUL and anything else get the message. */
function oneOfTexts<const T extends readonly string[]>(values: T, message: string) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], pattern: `^(?:${values.join('|')})$`, [MESSAGE_KEYWORD]: message });
}

export { HONEYPOT_FIELD_NAME };

/** How long a FormSubmissionKey may be used, in seconds (the spec does not say; ours). */
export const FORM_SUBMISSION_KEY_LIFETIME_SECONDS = 60 * 60;

/** Submissions a visitor may send to one form per window (ours): a 429 with the spec's message beyond. */
export const FORM_SUBMISSION_RATE_LIMIT = { perVisitorAndForm: 5, perForm: 120, windowMs: 10 * 60 * 1000 } as const;

const FormIdSchema = Text({ minLength: 1, maxLength: LIMITS.idLength, [MESSAGE_KEYWORD]: FORM_MESSAGES.notConfigured });

export const FormTemplateQuerySchema = RequestQuery({
  type: Text({ pattern: '^form$', [MESSAGE_KEYWORD]: "type must be 'form'." }),
});

export const FormTemplateReplySchema = ResponseObject({
  /** The theme's form block template (JSON-T). */
  html: Type.String(),
  /** Every string the form widget shows (storefront §5, §8), by name. */
  localizedStrings: Type.Record(Type.String(), Type.String()),
});
export type FormTemplateReply = Static<typeof FormTemplateReplySchema>;

export const getFormTemplateContract = defineContract({
  operationId: 'getFormTemplate',
  method: 'GET',
  url: '/api/template/GetTemplateSchema',
  summary: "The form block's template and the widget's strings.",
  tags,
  schema: { querystring: FormTemplateQuerySchema, response: { 200: FormTemplateReplySchema, ...ERROR_RESPONSES } },
});

/** A field id as an owner may save it (@vitrine/forms' definition rule): the keys a form's values may carry. */
const FIELD_ID_KEY = `^[A-Za-z0-9_-]{1,${FORM_LIMITS.fieldIdLength}}$`;

/**
 * The field values keyed by field id, as storefront §3 shapes them. Keys are closed to field ids (anything else
 * is refused); each value is checked against its field in code, since its shape depends on the field's kind.
 */
export const FormValuesBodySchema = Type.Record(Type.String({ pattern: FIELD_ID_KEY }), Type.Unknown(), {
  additionalProperties: false,
  maxProperties: FORM_LIMITS.fieldsPerForm + 1,
  [MESSAGE_KEYWORD]: FORM_MESSAGES.parseFailed,
});

export const FormValidationReplySchema = ResponseObject({ valid: Type.Literal(true) });

export const validateFormContract = defineContract({
  operationId: 'validateForm',
  method: 'POST',
  url: '/api/rest/forms/validate/:formId',
  summary: 'Checks field values with the form\'s rules; a 400 carries the errors keyed by field id.',
  tags,
  schema: {
    params: RequestParams({ formId: FormIdSchema }),
    body: FormValuesBodySchema,
    response: { 200: FormValidationReplySchema, ...ERROR_RESPONSES },
  },
});

export const FormSubmissionKeyReplySchema = ResponseObject({
  key: Type.String(),
  /** When the key stops working (ISO 8601). */
  expiresAt: Type.String(),
});
export type FormSubmissionKeyReply = Static<typeof FormSubmissionKeyReplySchema>;

export const createFormSubmissionKeyContract = defineContract({
  operationId: 'createFormSubmissionKey',
  method: 'POST',
  url: '/api/form/FormSubmissionKey',
  summary: 'A single-use key for one submission, bound to this visitor, expiring after an hour.',
  tags,
  schema: { response: { 200: FormSubmissionKeyReplySchema, ...ERROR_RESPONSES } },
});

/** A page field sent beside the values (optional), refused with its name when too long. */
const PageText = (name: string, maxLength: number) =>
  Type.Optional(Text({ maxLength, [MESSAGE_KEYWORD]: `${name} must be a text of at most ${maxLength} characters.` }));

export const SaveFormSubmissionBodySchema = RequestBody({
  key: Text({ minLength: 1, maxLength: 200, [MESSAGE_KEYWORD]: FORM_MESSAGES.processingError }),
  formId: FormIdSchema,
  form: Text({ maxLength: FORM_LIMITS.formJsonLength, [MESSAGE_KEYWORD]: FORM_MESSAGES.parseFailed }),
  captchaKey: Type.Optional(Text({ maxLength: 4096, [MESSAGE_KEYWORD]: FORM_MESSAGES.captchaIncomplete })),
  pageTitle: PageText('pageTitle', 500),
  pageId: PageText('pageId', LIMITS.idLength),
  contentSource: Type.Optional(oneOfTexts(['i', 'c'] as const, "contentSource must be 'i' or 'c'.")),
  pagePath: PageText('pagePath', 2048),
  pagePermissionTypeValue: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100, [MESSAGE_KEYWORD]: 'pagePermissionTypeValue must be a whole number from 0 to 100.' }),
  ),
  intraPageEventBlockId: PageText('intraPageEventBlockId', LIMITS.idLength),
  intraPageEventType: Type.Optional(oneOfTexts(INTRA_PAGE_EVENT_TYPES, `intraPageEventType must be one of ${INTRA_PAGE_EVENT_TYPES.join(', ')}.`)),
  honeypot: PageText('honeypot', 2000),
});
export type SaveFormSubmissionBody = Static<typeof SaveFormSubmissionBodySchema>;

export const SaveFormSubmissionReplySchema = ResponseObject({
  /** Always 'received': a submission kept as spam answers the same, so bots learn nothing. */
  status: Type.Literal('received'),
  /** For a newsletter form: the address must confirm by the link mailed to it (double opt-in). */
  confirmationSent: Type.Optional(Type.Boolean()),
});
export type SaveFormSubmissionReply = Static<typeof SaveFormSubmissionReplySchema>;

export const saveFormSubmissionContract = defineContract({
  operationId: 'saveFormSubmission',
  method: 'POST',
  url: '/api/form/SaveFormSubmission',
  summary: 'Submits a form: the key used once, the captcha when the form has one, every field checked; kept (and mailed to the owner when asked).',
  tags,
  schema: { body: SaveFormSubmissionBodySchema, response: { 200: SaveFormSubmissionReplySchema, ...ERROR_RESPONSES } },
});

export const NEWSLETTER_MESSAGES = {
  linkNotValid: 'This confirmation link is not valid.',
  confirmed: 'Thank you: you are subscribed.',
} as const;

export const confirmNewsletterContract = defineContract({
  operationId: 'confirmNewsletterSubscription',
  method: 'POST',
  url: '/api/newsletter/confirm',
  summary: "Double opt-in: the signed token from the confirmation mail confirms the address (the mail's link opens a page with one button).",
  tags,
  schema: {
    querystring: RequestQuery({ token: Text({ minLength: 1, maxLength: 1000, [MESSAGE_KEYWORD]: NEWSLETTER_MESSAGES.linkNotValid }) }),
    response: { 200: ResponseObject({ confirmed: Type.Literal(true) }), ...ERROR_RESPONSES },
  },
});

export const FORM_CONTRACTS = [
  getFormTemplateContract, validateFormContract, createFormSubmissionKeyContract, saveFormSubmissionContract, confirmNewsletterContract,
] as const;
