import Type, { type Static, type TSchema } from 'typebox';
import { FORM_BUILDER_SECTIONS, FORM_LIMITS } from '@vitrine/forms';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * The owner's forms (issue 14, items 9 and 10): form definitions built section by section (platform §3's five
 * form-builder sections) and field by field, soft deletion that will not empty a page silently, and the stored
 * submissions with cursor pages, the spam flag and a CSV export. The definition's rules are @vitrine/forms'
 * (validateFormDefinition and friends), checked in code: a definition is one opaque object here, so its errors
 * come back keyed by their path in the body ('definition.fields.2.title').
 */

const tags = ['owner-forms'];

export const FORM_KINDS = ['form', 'newsletter'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export const FORM_SECTION_NAMES = FORM_BUILDER_SECTIONS.map((section) => section.name);

/** Submission pages: 50 by default, at most 100. */
export const FORM_SUBMISSION_PAGE_SIZE = { default: 50, max: 100 } as const;

export const OWNER_FORM_MESSAGES = {
  formId: 'formId must be a form id.',
  fieldId: 'fieldId must be a field id.',
  submissionId: 'submissionId must be a submission id.',
  section: `section must be one of ${FORM_SECTION_NAMES.join(', ')}.`,
  kind: `kind must be one of ${FORM_KINDS.join(', ')}.`,
  definition: 'definition must be the form as an object: { name, fields, … }.',
  field: 'field must be a field as an object: { type, title, … }.',
  sectionProperty: 'Each property must be one of the section\'s.',
  position: `position must be a whole number from 0 to ${FORM_LIMITS.fieldsPerForm}.`,
  fieldIds: `fieldIds must list every field id of the form once, in the new order (at most ${FORM_LIMITS.fieldsPerForm}).`,
  isSpam: 'isSpam must be true or false.',
  spam: "spam must be 'true' or 'false'.",
  force: "force must be 'true' to delete a form that pages show.",
  includeDeleted: "includeDeleted must be 'true' or 'false'.",
  cursor: 'This page link is not valid. Start again from the first page.',
  limit: `limit must be a whole number from 1 to ${FORM_SUBMISSION_PAGE_SIZE.max}.`,
} as const;

const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });
const BooleanQuery = (message: string) => Type.Optional(Text({ pattern: '^(true|false)$', ...withMessage(message) }));
/** An object checked in code by @vitrine/forms (its errors keyed by path). */
const CheckedObject = (message: string) => Type.Unsafe<Record<string, unknown>>(Type.Object({}, { additionalProperties: true, ...withMessage(message) }));
/** Any JSON value: the section's property, checked in code. */
const CheckedValue = (message: string) => Type.Optional(Type.Unsafe<unknown>({ ...withMessage(message) }));

const FormParams = { formId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(OWNER_FORM_MESSAGES.formId) }) };
export const FormParamsSchema = RequestParams(FormParams);
export const FormSectionParamsSchema = RequestParams({
  ...FormParams,
  section: Text({ pattern: `^(${FORM_SECTION_NAMES.join('|')})$`, ...withMessage(OWNER_FORM_MESSAGES.section) }),
});
export const FormFieldParamsSchema = RequestParams({
  ...FormParams,
  fieldId: Text({ minLength: 1, maxLength: FORM_LIMITS.fieldIdLength, ...withMessage(OWNER_FORM_MESSAGES.fieldId) }),
});
export const FormSubmissionParamsSchema = RequestParams({
  ...FormParams,
  submissionId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(OWNER_FORM_MESSAGES.submissionId) }),
});

// ---------------------------------------------------------------------------------------------
// Answers

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const AnyObject = ResponseObject({});

/** A form definition as stored (@vitrine/forms' FormDefinition). */
export const FormDefinitionSchema = ResponseObject({
  name: Type.String(),
  /** @vitrine/forms' FieldDefinition, each with its id. */
  fields: Type.Array(AnyObject),
  submissionMessage: Type.String(),
  submissionHTML: Type.String(),
  successRedirect: Type.String(),
  disclaimerMessage: Type.String(),
  captcha: ResponseObject({ enabled: Type.Boolean() }),
  storage: Type.String(),
});

export const FormPageSchema = ResponseObject({ id: Type.String(), title: Type.String(), path: Type.String() });

/** One row of the form list. */
export const OwnerFormSummarySchema = ResponseObject({
  id: Type.String(),
  kind: Type.Unsafe<FormKind>({ type: 'string', enum: [...FORM_KINDS] }),
  name: Type.String(),
  fieldCount: Type.Integer(),
  /** Submissions kept, spam included; `spamCount` of them are spam. */
  submissionCount: Type.Integer(),
  spamCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** When the owner deleted it (it renders nowhere and takes no submissions); null while it lives. */
  deletedAt: Nullable(Type.String()),
});
export type OwnerFormSummaryJson = Static<typeof OwnerFormSummarySchema>;

export const OwnerFormSchema = ResponseObject({
  ...OwnerFormSummarySchema.properties,
  definition: FormDefinitionSchema,
  /** The content pages with a block showing this form. */
  pages: Type.Array(FormPageSchema),
});
export type OwnerFormJson = Static<typeof OwnerFormSchema>;

export const OwnerFormReplySchema = ResponseObject({ form: OwnerFormSchema });
export type OwnerFormReply = Static<typeof OwnerFormReplySchema>;

export const OwnerFormFieldReplySchema = ResponseObject({ form: OwnerFormSchema, field: AnyObject });
export type OwnerFormFieldReply = Static<typeof OwnerFormFieldReplySchema>;

/** One answer of a submission, as the form summary reads it (platform §3). */
export const SubmissionAnswerSchema = ResponseObject({
  fieldId: Type.String(),
  type: Type.String(),
  title: Type.String(),
  /** The answer on one line (multi-part and list answers joined); the no-answer text when `answered` is false. */
  text: Type.String(),
  answered: Type.Boolean(),
});

export const FormSubmissionSummarySchema = ResponseObject({
  id: Type.String(),
  formId: Type.String(),
  createdAt: Type.String(),
  isSpam: Type.Boolean(),
  /** 'bot', 'honeypot' or 'owner'; null when not spam. */
  spamReason: Nullable(Type.String()),
  pagePath: Type.String(),
  pageTitle: Type.String(),
  /** The answers in the form's order (as it was when sent), sections left out. */
  summary: Type.Array(SubmissionAnswerSchema),
});
export type FormSubmissionSummaryJson = Static<typeof FormSubmissionSummarySchema>;

export const FormSubmissionSchema = ResponseObject({
  ...FormSubmissionSummarySchema.properties,
  formName: Type.String(),
  /** The values exactly as stored, keyed by field id. */
  answers: AnyObject,
  /** The form's fields when it was sent. */
  fields: Type.Array(AnyObject),
  /** pageId, pageTitle, pagePath, contentSource, pagePermissionTypeValue, intraPageEventBlockId, intraPageEventType. */
  page: AnyObject,
  userAgent: Type.String(),
});
export type FormSubmissionJson = Static<typeof FormSubmissionSchema>;

// ---------------------------------------------------------------------------------------------
// Requests

export const ListOwnerFormsQuerySchema = RequestQuery({
  /** 'true' lists deleted forms too (with their deletedAt). */
  includeDeleted: BooleanQuery(OWNER_FORM_MESSAGES.includeDeleted),
});
export type ListOwnerFormsQuery = Static<typeof ListOwnerFormsQuerySchema>;

export const CreateFormBodySchema = RequestBody({
  /** 'form' by default. A newsletter form holds exactly one email field. */
  kind: Type.Optional(Type.Unsafe<FormKind>({ type: 'string', enum: [...FORM_KINDS], pattern: '^(form|newsletter)$', ...withMessage(OWNER_FORM_MESSAGES.kind) })),
  /** Fields without an id get one from the server. */
  definition: CheckedObject(OWNER_FORM_MESSAGES.definition),
});
export type CreateFormBody = Static<typeof CreateFormBodySchema>;

export const ReplaceFormBodySchema = RequestBody({ definition: CheckedObject(OWNER_FORM_MESSAGES.definition) });
export type ReplaceFormBody = Static<typeof ReplaceFormBodySchema>;

/** One builder section's properties; only those present change. Which belong to which section: FORM_BUILDER_SECTIONS. */
export const FormSectionBodySchema = RequestBody(
  Object.fromEntries(
    FORM_BUILDER_SECTIONS.flatMap((section) => section.properties).map((property) => [property, CheckedValue(OWNER_FORM_MESSAGES.sectionProperty)]),
  ),
);
export type FormSectionBody = Record<string, unknown>;

export const AddFormFieldBodySchema = RequestBody({
  /** The server gives it an id when it has none. */
  field: CheckedObject(OWNER_FORM_MESSAGES.field),
  /** Where it goes (0 = first); the end when left out. */
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: FORM_LIMITS.fieldsPerForm, ...withMessage(OWNER_FORM_MESSAGES.position) })),
});
export type AddFormFieldBody = Static<typeof AddFormFieldBodySchema>;

export const ReplaceFormFieldBodySchema = RequestBody({
  /** The whole field; its id stays the path's. */
  field: CheckedObject(OWNER_FORM_MESSAGES.field),
});
export type ReplaceFormFieldBody = Static<typeof ReplaceFormFieldBodySchema>;

export const ReorderFormFieldsBodySchema = RequestBody({
  fieldIds: Type.Array(Text({ minLength: 1, maxLength: FORM_LIMITS.fieldIdLength }), {
    maxItems: FORM_LIMITS.fieldsPerForm,
    ...withMessage(OWNER_FORM_MESSAGES.fieldIds),
  }),
});
export type ReorderFormFieldsBody = Static<typeof ReorderFormFieldsBodySchema>;

export const DeleteFormQuerySchema = RequestQuery({
  /** 'true' deletes a form that content pages show (their blocks then show nothing). */
  force: BooleanQuery(OWNER_FORM_MESSAGES.force),
});
export type DeleteFormQuery = Static<typeof DeleteFormQuerySchema>;

const SubmissionFilterProperties = {
  /** 'true': spam only; 'false': not spam only; absent: both. */
  spam: BooleanQuery(OWNER_FORM_MESSAGES.spam),
};

export const ListFormSubmissionsQuerySchema = RequestQuery({
  ...SubmissionFilterProperties,
  /** The previous page's nextPageCursor (with the same filter). */
  cursor: Type.Optional(Text({ pattern: '^[A-Za-z0-9_-]{1,300}$', ...withMessage(OWNER_FORM_MESSAGES.cursor) })),
  limit: Type.Optional(Text({ pattern: '^[0-9]{1,6}$', ...withMessage(OWNER_FORM_MESSAGES.limit) })),
});
export type ListFormSubmissionsQuery = Static<typeof ListFormSubmissionsQuerySchema>;

export const ExportFormSubmissionsQuerySchema = RequestQuery(SubmissionFilterProperties);
export type ExportFormSubmissionsQuery = Static<typeof ExportFormSubmissionsQuerySchema>;

export const MarkSubmissionSpamBodySchema = RequestBody({ isSpam: Type.Boolean(withMessage(OWNER_FORM_MESSAGES.isSpam)) });
export type MarkSubmissionSpamBody = Static<typeof MarkSubmissionSpamBodySchema>;

// ---------------------------------------------------------------------------------------------
// Calls

const formReply = { 200: OwnerFormReplySchema, ...ERROR_RESPONSES };

export const listOwnerFormsContract = defineContract({
  operationId: 'listOwnerForms',
  method: 'GET',
  url: '/api/owner/forms',
  summary: "The website's forms, oldest first, with their submission and spam counts (deleted ones with includeDeleted=true).",
  tags,
  access: 'forms:read',
  schema: { querystring: ListOwnerFormsQuerySchema, response: { 200: ResponseObject({ forms: Type.Array(OwnerFormSummarySchema) }), ...ERROR_RESPONSES } },
});

export const createOwnerFormContract = defineContract({
  operationId: 'createOwnerForm',
  method: 'POST',
  url: '/api/owner/forms',
  summary: 'Creates a form or a newsletter form from a whole definition; fields without an id get one.',
  tags,
  access: 'forms:write',
  schema: { body: CreateFormBodySchema, response: { 201: OwnerFormReplySchema, ...ERROR_RESPONSES } },
});

export const getOwnerFormContract = defineContract({
  operationId: 'getOwnerForm',
  method: 'GET',
  url: '/api/owner/forms/:formId',
  summary: 'One form: its definition, counts and the pages that show it (a deleted one too, with deletedAt).',
  tags,
  access: 'forms:read',
  schema: { params: FormParamsSchema, response: formReply },
});

export const replaceOwnerFormContract = defineContract({
  operationId: 'replaceOwnerForm',
  method: 'PUT',
  url: '/api/owner/forms/:formId',
  summary: "Replaces a form's whole definition (its kind stays).",
  tags,
  access: 'forms:write',
  schema: { params: FormParamsSchema, body: ReplaceFormBodySchema, response: formReply },
});

export const updateOwnerFormSectionContract = defineContract({
  operationId: 'updateOwnerFormSection',
  method: 'PUT',
  url: '/api/owner/forms/:formId/sections/:section',
  summary: 'Changes the properties of one form-builder section (build, storage, advanced, captcha, disclaimer); only those given.',
  tags,
  access: 'forms:write',
  schema: { params: FormSectionParamsSchema, body: FormSectionBodySchema, response: formReply },
});

export const addOwnerFormFieldContract = defineContract({
  operationId: 'addOwnerFormField',
  method: 'POST',
  url: '/api/owner/forms/:formId/fields',
  summary: 'Adds a field at a position (the end by default); the server gives it an id when it has none.',
  tags,
  access: 'forms:write',
  schema: { params: FormParamsSchema, body: AddFormFieldBodySchema, response: { 201: OwnerFormFieldReplySchema, ...ERROR_RESPONSES } },
});

export const replaceOwnerFormFieldContract = defineContract({
  operationId: 'replaceOwnerFormField',
  method: 'PUT',
  url: '/api/owner/forms/:formId/fields/:fieldId',
  summary: 'Replaces one field (its id and place stay).',
  tags,
  access: 'forms:write',
  schema: { params: FormFieldParamsSchema, body: ReplaceFormFieldBodySchema, response: { 200: OwnerFormFieldReplySchema, ...ERROR_RESPONSES } },
});

export const deleteOwnerFormFieldContract = defineContract({
  operationId: 'deleteOwnerFormField',
  method: 'DELETE',
  url: '/api/owner/forms/:formId/fields/:fieldId',
  summary: "Removes one field (a newsletter form's email field stays). Stored submissions keep their answers.",
  tags,
  access: 'forms:write',
  schema: { params: FormFieldParamsSchema, response: formReply },
});

export const reorderOwnerFormFieldsContract = defineContract({
  operationId: 'reorderOwnerFormFields',
  method: 'PUT',
  url: '/api/owner/forms/:formId/field-order',
  summary: "Puts the form's fields in a new order: every field id, once.",
  tags,
  access: 'forms:write',
  schema: { params: FormParamsSchema, body: ReorderFormFieldsBodySchema, response: formReply },
});

export const deleteOwnerFormContract = defineContract({
  operationId: 'deleteOwnerForm',
  method: 'DELETE',
  url: '/api/owner/forms/:formId',
  summary: 'Deletes a form (kept for its submissions); refused with 409 naming the pages that show it unless force=true.',
  tags,
  access: 'forms:write',
  schema: {
    params: FormParamsSchema,
    querystring: DeleteFormQuerySchema,
    response: { 200: ResponseObject({ deleted: Type.Literal(true), id: Type.String(), pages: Type.Array(FormPageSchema) }), ...ERROR_RESPONSES },
  },
});

export const listFormSubmissionsContract = defineContract({
  operationId: 'listFormSubmissions',
  method: 'GET',
  url: '/api/owner/forms/:formId/submissions',
  summary: "A form's submissions, newest first, in cursor pages; spam=true or spam=false filters.",
  tags,
  access: 'forms:read',
  schema: {
    params: FormParamsSchema,
    querystring: ListFormSubmissionsQuerySchema,
    response: {
      200: ResponseObject({ submissions: Type.Array(FormSubmissionSummarySchema), hasNextPage: Type.Boolean(), nextPageCursor: Nullable(Type.String()) }),
      ...ERROR_RESPONSES,
    },
  },
});

export const exportFormSubmissionsContract = defineContract({
  operationId: 'exportFormSubmissions',
  method: 'GET',
  url: '/api/owner/forms/:formId/submissions/export.csv',
  summary: "A form's submissions as CSV (streamed), one column per field, newest first; spam=true or spam=false filters.",
  tags,
  access: 'forms:read',
  schema: { params: FormParamsSchema, querystring: ExportFormSubmissionsQuerySchema, response: { 200: Type.String({ description: 'text/csv' }), ...ERROR_RESPONSES } },
});

const submissionReply = { 200: ResponseObject({ submission: FormSubmissionSchema }), ...ERROR_RESPONSES };

export const getFormSubmissionContract = defineContract({
  operationId: 'getFormSubmission',
  method: 'GET',
  url: '/api/owner/forms/:formId/submissions/:submissionId',
  summary: 'One submission: its answers as stored and summarised, the page it came from, the spam flag.',
  tags,
  access: 'forms:read',
  schema: { params: FormSubmissionParamsSchema, response: submissionReply },
});

export const markFormSubmissionSpamContract = defineContract({
  operationId: 'markFormSubmissionSpam',
  method: 'PUT',
  url: '/api/owner/forms/:formId/submissions/:submissionId/spam',
  summary: 'Marks a submission as spam (isSpam true) or not spam (false).',
  tags,
  access: 'forms:write',
  schema: { params: FormSubmissionParamsSchema, body: MarkSubmissionSpamBodySchema, response: submissionReply },
});

export const deleteFormSubmissionContract = defineContract({
  operationId: 'deleteFormSubmission',
  method: 'DELETE',
  url: '/api/owner/forms/:formId/submissions/:submissionId',
  summary: 'Deletes a submission for good.',
  tags,
  access: 'forms:write',
  schema: { params: FormSubmissionParamsSchema, response: { 200: ResponseObject({ deleted: Type.Literal(true), id: Type.String() }), ...ERROR_RESPONSES } },
});

export const OWNER_FORM_CONTRACTS = [
  listOwnerFormsContract,
  createOwnerFormContract,
  getOwnerFormContract,
  replaceOwnerFormContract,
  updateOwnerFormSectionContract,
  addOwnerFormFieldContract,
  replaceOwnerFormFieldContract,
  deleteOwnerFormFieldContract,
  reorderOwnerFormFieldsContract,
  deleteOwnerFormContract,
  listFormSubmissionsContract,
  exportFormSubmissionsContract,
  getFormSubmissionContract,
  markFormSubmissionSpamContract,
  deleteFormSubmissionContract,
] as const;
