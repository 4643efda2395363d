/** The Forms screen's addresses (`/config/forms/<formId>[/submissions[/<submissionId>]]`). */
export const FORMS_HREF = '/config/forms';
export const formHref = (formId: string) => `${FORMS_HREF}/${encodeURIComponent(formId)}`;
export const submissionsHref = (formId: string) => `${formHref(formId)}/submissions`;
export const submissionHref = (formId: string, submissionId: string) => `${submissionsHref(formId)}/${encodeURIComponent(submissionId)}`;
