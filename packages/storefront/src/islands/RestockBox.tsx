import { useId, useRef, useState, type FormEvent } from 'react';
import { RESTOCK_DEFAULT_TEXTS, RESTOCK_MESSAGES, type RestockTextKey } from '@vitrine/contracts/shopper-messages';
import { CART_MESSAGES } from '@vitrine/commerce';
import { isValidEmail } from '@vitrine/forms/email';
import { signUpForRestock } from '../api/restock';
import { ApiError } from '../api/http';
import { CaptchaWidget, useCaptchaController, useCaptchaSolved } from '../captcha/CaptchaWidget';
import { useKeepTypedBeforeHydration } from '../forms/typed-before-hydration';
import type { IslandMessages } from './messages';

export interface RestockBoxProps {
  productId: string;
  /** The chosen sold-out variant: the box follows it (a new variant starts a fresh form). */
  variantId: string;
  /** The store's texts (restockNotificationMessages), falling back to RESTOCK_DEFAULT_TEXTS. */
  texts?: Partial<Record<RestockTextKey, string>>;
  /** Offer the newsletter opt-in (mailingListSignUpEnabled), checked by default per mailingListOptInByDefault. */
  mailingListSignUpEnabled?: boolean;
  mailingListOptInByDefault?: boolean;
  /** The website has a captcha (website.captchaSettings.siteKey). */
  captcha?: boolean;
  /** The restock messages and default texts in the visitor's language; absent: English. */
  messages?: IslandMessages<'restock' | 'restockTexts'>;
}

type Phase = 'idle' | 'sending' | 'done';

/**
 * The back-in-stock box (storefront spec §2, §4, §5, §8): an address, the optional newsletter opt-in, the
 * captcha, and a button. Success leaves only the call to action and the success text; an error shows
 * the message and starts a fresh challenge (the server uses a solution up once).
 */
export function RestockBox({ productId, variantId, texts = {}, mailingListSignUpEnabled = false, mailingListOptInByDefault = false, captcha = false, messages }: RestockBoxProps) {
  const restockMessages = messages?.restock ?? RESTOCK_MESSAGES;
  const defaultTexts = messages?.restockTexts ?? RESTOCK_DEFAULT_TEXTS;
  const text = (key: RestockTextKey) => (texts[key]?.trim() ? texts[key]! : defaultTexts[key]);
  const [email, setEmail] = useState('');
  const [joinMailingList, setJoinMailingList] = useState(mailingListOptInByDefault);
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const challenge = useCaptchaController(captcha);
  // Solved: the captcha's message goes (an address message stays until the address changes).
  useCaptchaSolved(challenge, () => setError((shown) => (shown === restockMessages.captchaMissing ? null : shown)));
  const formRef = useRef<HTMLFormElement>(null);
  // An address typed (or the opt-in changed) before the page's script arrived is the box's from the start.
  useKeepTypedBeforeHydration(formRef);
  const id = useId();
  const ctaId = `${id}-cta`;
  const errorId = `${id}-error`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase === 'sending') return;
    // Spec §5, in its order: blank, then invalid, then a rendered challenge without a solution.
    const address = email.trim();
    const problem = address === ''
      ? restockMessages.emailBlank
      : !isValidEmail(address)
        ? restockMessages.emailInvalid
        : challenge && challenge.isRendered && !challenge.currentToken
          ? restockMessages.captchaMissing
          : null;
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setPhase('sending');
    try {
      await signUpForRestock({
        isJoinMailingList: mailingListSignUpEnabled && joinMailingList,
        productId,
        variantId,
        siteVisitorEmail: address,
        // Only when a challenge is rendered (spec §3).
        ...(challenge?.isRendered ? { captchaToken: challenge.currentToken ?? '' } : {}),
      });
      challenge?.destroy();
      setPhase('done');
    } catch (caught) {
      // Spec §8: the response's message.
      setError(caught instanceof ApiError ? caught.message : CART_MESSAGES.tryAgain);
      challenge?.reset();
      setPhase('idle');
    }
  };

  return (
    <section className="vitrine-restock" aria-labelledby={ctaId} data-variant-id={variantId}>
      <p className="vitrine-restock-cta" id={ctaId}>{text('CTAText')}</p>
      {phase === 'done' ? (
        <p className="vitrine-restock-success" role="status">{text('successText')}</p>
      ) : (
        <form ref={formRef} className="vitrine-restock-form" noValidate onSubmit={(event) => void submit(event)}>
          {error ? (
            <p className="vitrine-restock-error" id={errorId} role="alert">{error}</p>
          ) : null}
          <div className="vitrine-restock-row">
            <label className="vitrine-restock-label" htmlFor={`${id}-email`}>{defaultTexts.placeholderText}</label>
            <input
              id={`${id}-email`}
              className="vitrine-restock-email"
              type="email"
              name="email"
              autoComplete="email"
              spellCheck={false}
              placeholder={text('placeholderText')}
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                if (error) setError(null);
              }}
            />
            <button type="submit" className="button vitrine-restock-submit" aria-disabled={phase === 'sending' || undefined}>
              {text('buttonText')}
            </button>
          </div>
          {mailingListSignUpEnabled ? (
            <label className="vitrine-restock-mailing-list">
              <input type="checkbox" name="isJoinMailingList" checked={joinMailingList} onChange={(event) => setJoinMailingList(event.target.checked)} />
              {text('mailingListDescription')}
            </label>
          ) : null}
          {challenge ? <CaptchaWidget controller={challenge} /> : null}
        </form>
      )}
    </section>
  );
}
