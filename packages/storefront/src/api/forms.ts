import type { FormSubmissionKeyReply, SaveFormSubmissionReply } from '@vitrine/contracts';
import type { FormValues, SubmissionEnvelope } from '@vitrine/forms';
import { requestJson } from './http';

// The site form's calls (storefront spec §7), at the spec's paths. Failures are ApiErrors carrying the status
// and the answer's body, which the form reads with @vitrine/forms' submissionFailure (§8's status mapping).

/** A single-use key for one submission, bound to this visitor (empty body, with credentials). */
export function createFormSubmissionKey() {
  return requestJson<FormSubmissionKeyReply>('POST', '/api/form/FormSubmissionKey');
}

/** Sends the submission envelope built by buildSubmissionEnvelope. */
export function saveFormSubmission(envelope: SubmissionEnvelope) {
  return requestJson<SaveFormSubmissionReply>('POST', '/api/form/SaveFormSubmission', envelope);
}

/** Checks shaped values with the form's rules on the server; a 400 carries the errors keyed by field id. */
export function validateFormOnServer(formId: string, values: FormValues) {
  return requestJson<{ valid: true }>('POST', `/api/rest/forms/validate/${encodeURIComponent(formId)}`, values);
}
