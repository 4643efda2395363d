/**
 * Every size limit of forms, in one place (ours except where marked: the spec gives only the email's 3–256).
 * They bound what an owner may save and what a visitor may submit; the server's body limit (64 KB) stays the
 * outer bound. Lengths count characters as code points (see `characterCount`).
 */
import { MAX_URL_LENGTH } from '@vitrine/format';

export const FORM_LIMITS = {
  // What an owner saves (definition.ts)
  nameLength: 100,
  fieldsPerForm: 100,
  fieldIdLength: 64,
  titleLength: 200,
  descriptionLength: 2_000,
  placeholderLength: 200,
  optionsPerField: 100,
  optionLength: 200,
  likertQuestions: 50,
  hiddenKeyLength: 64,
  hiddenValueLength: 2_000,
  submissionMessageLength: 5_000,
  submissionHtmlLength: 20_000,
  disclaimerLength: 5_000,
  /** Platform §5: the URL validator's maximum length. */
  successRedirectLength: MAX_URL_LENGTH,

  // What a visitor submits (validate.ts)
  /** A textarea's answer without an owner's limit, and the highest limit an owner may set. */
  textareaLength: 10_000,
  /** A one-line answer (text, number, website, …), a hidden value, a select or radio choice. */
  singleLineLength: 2_000,
  /** One part of a multi-part answer (a name, an address line, …). */
  partLength: 200,
  /** The `form` JSON string of a submission. */
  formJsonLength: 60_000,
  /** Unknown field ids reported in one answer: the rest are not listed. */
  unknownFieldsReported: 20,
} as const;
