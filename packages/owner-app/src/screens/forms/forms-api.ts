import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  addOwnerFormFieldContract,
  createOwnerFormContract,
  deleteFormSubmissionContract,
  deleteOwnerFormContract,
  deleteOwnerFormFieldContract,
  exportFormSubmissionsContract,
  FormSubmissionJson,
  FormSubmissionSummaryJson,
  getFormSubmissionContract,
  getOwnerFormContract,
  ListFormSubmissionsQuery,
  listFormSubmissionsContract,
  listOwnerFormsContract,
  markFormSubmissionSpamContract,
  OwnerFormReply,
  OwnerFormSummaryJson,
  reorderOwnerFormFieldsContract,
  replaceOwnerFormContract,
  replaceOwnerFormFieldContract,
  updateOwnerFormSectionContract,
} from '@vitrine/contracts';
import type { FormBuilderSectionName } from '@vitrine/forms/definition';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** The Forms screen's calls, typed from their contracts (type-only imports). */
export const FORM_ROUTES = {
  listForms: callRoute<typeof listOwnerFormsContract>('GET', '/api/owner/forms'),
  createForm: callRoute<typeof createOwnerFormContract>('POST', '/api/owner/forms'),
  getForm: callRoute<typeof getOwnerFormContract>('GET', '/api/owner/forms/:formId'),
  replaceForm: callRoute<typeof replaceOwnerFormContract>('PUT', '/api/owner/forms/:formId'),
  updateSection: callRoute<typeof updateOwnerFormSectionContract>('PUT', '/api/owner/forms/:formId/sections/:section'),
  addField: callRoute<typeof addOwnerFormFieldContract>('POST', '/api/owner/forms/:formId/fields'),
  replaceField: callRoute<typeof replaceOwnerFormFieldContract>('PUT', '/api/owner/forms/:formId/fields/:fieldId'),
  deleteField: callRoute<typeof deleteOwnerFormFieldContract>('DELETE', '/api/owner/forms/:formId/fields/:fieldId'),
  reorderFields: callRoute<typeof reorderOwnerFormFieldsContract>('PUT', '/api/owner/forms/:formId/field-order'),
  deleteForm: callRoute<typeof deleteOwnerFormContract>('DELETE', '/api/owner/forms/:formId'),
  listSubmissions: callRoute<typeof listFormSubmissionsContract>('GET', '/api/owner/forms/:formId/submissions'),
  exportSubmissions: callRoute<typeof exportFormSubmissionsContract>('GET', '/api/owner/forms/:formId/submissions/export.csv'),
  getSubmission: callRoute<typeof getFormSubmissionContract>('GET', '/api/owner/forms/:formId/submissions/:submissionId'),
  markSpam: callRoute<typeof markFormSubmissionSpamContract>('PUT', '/api/owner/forms/:formId/submissions/:submissionId/spam'),
  deleteSubmission: callRoute<typeof deleteFormSubmissionContract>('DELETE', '/api/owner/forms/:formId/submissions/:submissionId'),
} as const;

/** What every builder save answers: the whole form. */
export type SaveReply = OwnerFormReply;

export interface FormListReply {
  forms: OwnerFormSummaryJson[];
}
export interface SubmissionPageReply {
  submissions: FormSubmissionSummaryJson[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}
export interface SubmissionReply {
  submission: FormSubmissionJson;
}

/** The forms' query family: any change to a form or a submission invalidates all of it (counts live in the list). */
export const formKeys = {
  all: ['forms'] as const,
  list: (includeDeleted = false) => ['forms', 'list', includeDeleted] as const,
  lists: () => ['forms', 'list'] as const,
  detail: (formId: string) => ['forms', 'detail', formId] as const,
  submissions: (formId: string, query: ListFormSubmissionsQuery) => ['forms', 'submissions', formId, query] as const,
  submission: (formId: string, submissionId: string) => ['forms', 'submission', formId, submissionId] as const,
};

/** The forms, oldest first; with `includeDeleted`, the deleted ones too (their submissions stay readable). */
export function useFormList(includeDeleted = false) {
  const client = useOwnerClient();
  return useQuery<FormListReply>({
    queryKey: formKeys.list(includeDeleted),
    queryFn: () => client.call(FORM_ROUTES.listForms, { query: includeDeleted ? { includeDeleted: 'true' } : {} }) as Promise<FormListReply>,
    placeholderData: keepPreviousData,
  });
}

export function useForm(formId: string) {
  const client = useOwnerClient();
  return useQuery<OwnerFormReply>({
    queryKey: formKeys.detail(formId),
    queryFn: () => client.call(FORM_ROUTES.getForm, { params: { formId } }) as Promise<OwnerFormReply>,
  });
}

/** A new form: a name and no fields yet; the builder opens on it. */
export function useCreateForm() {
  const client = useOwnerClient();
  return useOwnerMutation<{ name: string }, OwnerFormReply>({
    mutationFn: ({ name }) => client.call(FORM_ROUTES.createForm, { body: { kind: 'form', definition: { name, fields: [] } } }) as Promise<OwnerFormReply>,
    invalidates: [formKeys.lists()],
  });
}

export function useDeleteForm() {
  const client = useOwnerClient();
  return useOwnerMutation<{ formId: string; force: boolean }, unknown>({
    mutationFn: ({ formId, force }) => client.call(FORM_ROUTES.deleteForm, { params: { formId }, query: force ? { force: 'true' } : {} }),
    invalidates: [formKeys.all],
  });
}

/**
 * The builder's saves all answer the whole form: the answer becomes the form's cached value at once (the
 * builder's drafts restart from it), and the list is marked stale for its counts and dates.
 */
function useFormWrite<TInput>(formId: string, send: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useOwnerMutation<TInput, OwnerFormReply>({
    mutationFn: async (input) => {
      const reply = (await send(input)) as OwnerFormReply;
      queryClient.setQueryData(formKeys.detail(formId), { form: reply.form });
      return reply;
    },
    invalidates: [formKeys.lists()],
  });
}

export function useSaveSection(formId: string) {
  const client = useOwnerClient();
  return useFormWrite<{ section: FormBuilderSectionName; body: Record<string, unknown> }>(formId, ({ section, body }) =>
    client.call(FORM_ROUTES.updateSection, { params: { formId, section }, body }),
  );
}

export function useReorderFields(formId: string) {
  const client = useOwnerClient();
  return useFormWrite<{ fieldIds: string[] }>(formId, ({ fieldIds }) => client.call(FORM_ROUTES.reorderFields, { params: { formId }, body: { fieldIds } }));
}

/** `spam` as the filter names it in the address and the query: '' both, 'false' not spam, 'true' spam. */
export type SpamFilter = '' | 'true' | 'false';

export function submissionsQuery(spam: SpamFilter, cursor: string): ListFormSubmissionsQuery {
  return { ...(spam ? { spam } : {}), ...(cursor ? { cursor } : {}) };
}

export function useSubmissions(formId: string, spam: SpamFilter, cursor: string) {
  const client = useOwnerClient();
  const query = submissionsQuery(spam, cursor);
  return useQuery<SubmissionPageReply>({
    queryKey: formKeys.submissions(formId, query),
    queryFn: () => client.call(FORM_ROUTES.listSubmissions, { params: { formId }, query }) as Promise<SubmissionPageReply>,
    placeholderData: keepPreviousData,
  });
}

export function useSubmission(formId: string, submissionId: string) {
  const client = useOwnerClient();
  return useQuery<SubmissionReply>({
    queryKey: formKeys.submission(formId, submissionId),
    queryFn: () => client.call(FORM_ROUTES.getSubmission, { params: { formId, submissionId } }) as Promise<SubmissionReply>,
  });
}

export function useMarkSpam(formId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<{ submissionId: string; isSpam: boolean }, SubmissionReply>({
    mutationFn: ({ submissionId, isSpam }) => client.call(FORM_ROUTES.markSpam, { params: { formId, submissionId }, body: { isSpam } }) as Promise<SubmissionReply>,
    invalidates: [formKeys.all],
  });
}

export function useDeleteSubmission(formId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<{ submissionId: string }, unknown>({
    mutationFn: ({ submissionId }) => client.call(FORM_ROUTES.deleteSubmission, { params: { formId, submissionId } }),
    invalidates: [formKeys.lists(), ['forms', 'submissions', formId]],
  });
}

/** The CSV export's address (a plain link: the browser downloads it with the session cookie), with the spam filter. */
export function exportHref(formId: string, spam: SpamFilter): string {
  return `${FORM_ROUTES.exportSubmissions.url.replace(':formId', encodeURIComponent(formId))}${spam ? `?spam=${spam}` : ''}`;
}
