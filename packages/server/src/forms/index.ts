/** The forms domain: site forms and the newsletter block, submission keys and submissions (tables forms, form_submission_keys, form_submissions). */
export { findFooterNewsletterForm, findLiveForm, publicFormOf, storedFormOf, type PublicForm, type StoredForm } from './definitions';
export { issueSubmissionKey, useSubmissionKey } from './keys';
export { saveFormSubmission, validateFormAnswers, spamReasonOf, newsletterConfirmUrl, type FormServices, type SubmissionInput } from './submit';
export { registerFormRoutes } from './routes';
export { seedDemoForms, DEMO_CONTACT_FORM, DEMO_NEWSLETTER_FORM } from './demo';
export { listOwnerForms, createOwnerForm, getOwnerForm, replaceOwnerForm, updateOwnerFormSection, addOwnerFormField, replaceOwnerFormField, deleteOwnerFormField, reorderOwnerFormFields, deleteOwnerForm, OWNER_FORM_SERVICE_MESSAGES } from './owner-service';
export { listFormSubmissions, getFormSubmission, markFormSubmissionSpam, deleteFormSubmission, SUBMISSION_MESSAGES } from './submissions';
export { exportFormSubmissionsCsv } from './submissions-csv';
export { registerOwnerFormRoutes } from './owner-routes';
