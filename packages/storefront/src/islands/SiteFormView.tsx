import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  DEFAULT_SUBMISSION_MESSAGE,
  FORM_MESSAGES,
  HONEYPOT_FIELD_NAME,
  buildSubmissionEnvelope,
  isSafeSuccessRedirect,
  isSingleLineKind,
  localizeFormErrors,
  localizeFormMessage,
  problemLines,
  shapeFormValues,
  submissionFailure,
  validateFormValues,
  type SubmissionPage,
} from '@vitrine/forms';
import { ApiError } from '../api/http';
import { createFormSubmissionKey, saveFormSubmission } from '../api/forms';
import { CaptchaWidget, useCaptchaController, useCaptchaSolved } from '../captcha/CaptchaWidget';
import { enteredForm, placeErrors, type EnteredFieldValue, type EnteredState } from '../forms/entered';
import { FormFields, focusFirstError } from '../forms/FormFields';
import { useKeepTypedBeforeHydration } from '../forms/typed-before-hydration';
import { navigation } from '../ui/navigation';
import { visuallyHidden } from '../ui/styles';
import type { SiteFormProps } from './SiteForm';
import { SHOPPER_EVENTS } from '../shopper-events';
import { scrollToElement } from '@vitrine/browser-helpers/scroll-tween';

/** The browser events a successful submission fires on `window` (a CustomEvent, detail `{ formId, blockId }`). */
export const SITE_FORM_EVENTS = {
  /** Every successful submission (storefront §4's form-submit-success). */
  submitSuccess: SHOPPER_EVENTS.formSubmitSuccess,
  /** A newsletter sign-up (storefront §4's newsletter-subscribe tracking event). */
  newsletterSubscribe: SHOPPER_EVENTS.newsletterSubscribe,
  /** The form rendered, ready to use (the census form-render call). */
  render: SHOPPER_EVENTS.formRender,
} as const;

/**
 * Ours: under the submission message when a newsletter's answer says the address must still be confirmed (double
 * opt-in). It names the address, so a mistyped one shows (the owner's message often already says to check the inbox).
 */
export function confirmSubscriptionText(address: string): string {
  return address ? `We sent a confirmation link to ${address}.` : 'We sent you a confirmation link by email.';
}

type Phase = 'idle' | 'submitting' | 'done';

/**
 * The site form block (storefront §4, §5, §8): every field kind, checked with @vitrine/forms before sending, then
 * a single-use key, then the submission; failures mapped by §8, success shown in place (or the success redirect).
 */
export function SiteFormView({ form, page, blockId, headingLevel = 2, submitLabel, messages }: SiteFormProps) {
  // Validation answers in English; a page in another language shows the same messages from its catalog.
  const formMessages = messages?.form ?? FORM_MESSAGES;
  const say = (message: string) => (messages ? localizeFormMessage(message, messages) : message);
  const newsletter = form.kind === 'newsletter';
  // Each island is its own React root, and ids made while hydrating repeat from root to root: the block's id
  // keeps this form's element ids apart from another island's.
  const id = `${blockId.replace(/[^\w-]/g, '')}${useId()}`;
  const titleId = `${id}-title`;
  const [entered, setEntered] = useState<EnteredState>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  /** The address a newsletter's confirmation went to ('' unknown), or null when none was sent. */
  const [confirmationTo, setConfirmationTo] = useState<string | null>(null);
  // The page's query string for hidden fields: read after hydration, so the first render matches the server's.
  const [query, setQuery] = useState('');
  const challenge = useCaptchaController(form.captcha);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  // After a failed submission the challenge starts again, and the button waits for it (storefront §4).
  const [waitingForCaptcha, setWaitingForCaptcha] = useState(false);
  // Solved: 'Complete CAPTCHA before submitting.' goes; any other message stays until the next submit.
  useCaptchaSolved(challenge, () => setGeneral((shown) => (shown === formMessages.captchaIncomplete ? null : shown)));
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  // An address typed while the form's code was still on its way is the form's from the start.
  useKeepTypedBeforeHydration(formRef);

  // The newsletter's compact row labels its inputs by their placeholders (the labels stay for screen readers).
  const fields = useMemo(
    () => (newsletter ? form.fields.map((field) => (isSingleLineKind(field.type) ? { ...field, placeholder: (field as { placeholder?: string }).placeholder || field.title } : field)) : form.fields),
    [form.fields, newsletter],
  );

  // Until hydrated the button is disabled: pressing Enter in the server's HTML must not submit it as a plain GET.
  const [live, setLive] = useState(false);
  useEffect(() => {
    setQuery(window.location.search);
    setLive(true);
    window.dispatchEvent(new CustomEvent(SITE_FORM_EVENTS.render, { detail: { formId: form.id, blockId } }));
    // Once, when the form is ready.
  }, []);
  useEffect(() => {
    if (!challenge) return undefined;
    const stop = challenge.onToken(setCaptchaToken);
    return () => void stop();
  }, [challenge]);
  useEffect(() => {
    if (phase !== 'done' || !doneRef.current) return;
    // Platform §9's scroll tween (@vitrine/browser-helpers): the message 30 px below the top, easeOutSine.
    scrollToElement(doneRef.current);
    doneRef.current.focus({ preventScroll: true });
  }, [phase]);

  const change = (fieldId: string, value: EnteredFieldValue) => {
    setEntered((old) => ({ ...old, [fieldId]: value }));
    if (Object.prototype.hasOwnProperty.call(errors, fieldId)) setErrors(({ [fieldId]: _gone, ...rest }) => rest);
  };

  const fail = (fieldErrors: Record<string, string>, message: string | null, captchaAgain = false) => {
    setErrors(messages ? localizeFormErrors(fieldErrors, messages) : fieldErrors);
    setGeneral(message === null ? null : say(message));
    setPhase('idle');
    if (Object.keys(fieldErrors).length > 0) focusFirstError(formRef.current, fields, fieldErrors);
    // The button is disabled until the fresh challenge is solved: the challenge's own checkbox takes the focus.
    else if (captchaAgain) formRef.current?.querySelector<HTMLElement>('.vitrine-captcha input')?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    const values = shapeFormValues(fields, enteredForm(fields, entered), { query: window.location.search });
    // §5: every field is checked before anything is sent.
    const checked = validateFormValues(fields, values, { mode: 'site' });
    if (!checked.valid) {
      const placed = placeErrors(fields, checked.errors, checked.message);
      fail(placed.onFields, Object.keys(checked.errors).length === 0 ? checked.message : placed.general);
      return;
    }
    const captchaKey = challenge ? challenge.currentToken : null;
    if (challenge && !captchaKey) {
      fail({}, formMessages.captchaIncomplete);
      return;
    }
    setErrors({});
    setGeneral(null);
    setPhase('submitting');
    let key: string;
    try {
      ({ key } = await createFormSubmissionKey());
    } catch {
      fail({}, formMessages.submissionKeyFailed);
      return;
    }
    try {
      const reply = await saveFormSubmission(
        buildSubmissionEnvelope({
          key,
          formId: form.id,
          honeypot: honeypotRef.current?.value ?? '',
          values,
          captchaKey,
          page,
          event: { blockId, type: newsletter ? 'newsletter-subscribe' : 'form-submit' },
        }),
      );
      challenge?.destroy();
      const detail = { formId: form.id, blockId };
      if (newsletter) window.dispatchEvent(new CustomEvent(SITE_FORM_EVENTS.newsletterSubscribe, { detail }));
      window.dispatchEvent(new CustomEvent(SITE_FORM_EVENTS.submitSuccess, { detail }));
      const emailField = fields.find((field) => field.type === 'email');
      const address = emailField ? values[emailField.id] : '';
      setConfirmationTo(reply?.confirmationSent === true ? (typeof address === 'string' ? address.trim() : '') : null);
      setPhase('done');
      if (form.successRedirect && isSafeSuccessRedirect(form.successRedirect)) navigation.assign(form.successRedirect);
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : null;
      // §4: with a challenge, a fresh one, and the button bound to it waits until it is solved.
      challenge?.reset();
      setWaitingForCaptcha(challenge !== null);
      // No answer at all, or a stale crumb: the shared client's words say what to do.
      if (!apiError || apiError.status === 0 || (apiError.body as { crumbFail?: unknown } | null)?.crumbFail) {
        fail({}, apiError?.message ?? formMessages.unknownError, challenge !== null);
        return;
      }
      const failure = submissionFailure(apiError.status, apiError.body);
      if (failure.kind === 'general') fail({}, failure.message, challenge !== null);
      else {
        const placed = placeErrors(fields, failure.errors, formMessages.invalidForm);
        fail(placed.onFields, placed.general, challenge !== null);
      }
    }
  };

  const Title = headingLevel ? (`h${headingLevel}` as const) : 'p';
  const hasErrors = general !== null || Object.keys(errors).length > 0;
  const lines = hasErrors ? problemLines(newsletter) : null;
  const locked = phase === 'submitting';

  return (
    <section className={`vitrine-site-form vitrine-site-form--${form.kind}`} data-form-id={form.id} data-block-id={blockId} data-ready={live || undefined}>
      {form.name ? (
        <Title id={titleId} className="vitrine-site-form-title">
          {form.name}
        </Title>
      ) : null}
      {phase === 'done' ? (
        <div ref={doneRef} className="vitrine-site-form-done" tabIndex={-1} role="status">
          <p className="vitrine-site-form-message">{form.submissionMessage.trim() || (messages?.formSubmission ?? { defaultMessage: DEFAULT_SUBMISSION_MESSAGE }).defaultMessage}</p>
          {newsletter && confirmationTo !== null ? <p className="vitrine-site-form-confirm">{confirmSubscriptionText(confirmationTo)}</p> : null}
          {/* The owner's own HTML for their own site, sanitised by the server; never a shopper's input. */}
          {form.submissionHTML ? <div className="vitrine-site-form-html" dangerouslySetInnerHTML={{ __html: form.submissionHTML }} /> : null}
        </div>
      ) : (
        <form ref={formRef} className="vitrine-site-form-form" noValidate aria-labelledby={form.name ? titleId : undefined} aria-busy={locked || undefined} onSubmit={(event) => void submit(event)}>
          {/* General errors at the top (§8), with the top error line of a non-newsletter form. */}
          <div className="vitrine-site-form-alert" role="alert">
            {lines ? <p className="vitrine-site-form-problem">{say(lines.above)}</p> : null}
            {general ? <p className="vitrine-site-form-error">{general}</p> : null}
          </div>
          <div className="vitrine-site-form-fields">
            <FormFields
              fields={fields}
              values={entered}
              errors={errors}
              onChange={change}
              idPrefix={id}
              query={query}
              sectionLevel={headingLevel === 2 ? 3 : 4}
            />
            {/* The honeypot: people never see it or reach it; form-filling bots fill it in. */}
            <div className="vitrine-site-form-hp" aria-hidden="true" style={visuallyHidden}>
              <label>
                Leave this empty
                <input type="text" name={HONEYPOT_FIELD_NAME} ref={honeypotRef} tabIndex={-1} autoComplete="off" defaultValue="" />
              </label>
            </div>
            {challenge ? <CaptchaWidget controller={challenge} /> : null}
            <button
              type="submit"
              className="button vitrine-site-form-submit"
              aria-disabled={locked || undefined}
              disabled={!live || (waitingForCaptcha && !captchaToken) || undefined}
            >
              {locked ? formMessages.submitting : submitLabel ?? (newsletter ? 'Sign up' : 'Submit')}
            </button>
          </div>
          {lines ? <p className="vitrine-site-form-problem">{say(lines.below)}</p> : null}
          {form.disclaimerMessage ? <p className="vitrine-site-form-disclaimer">{form.disclaimerMessage}</p> : null}
        </form>
      )}
    </section>
  );
}
