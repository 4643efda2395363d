import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useKeepTypedBeforeHydration } from '../forms/typed-before-hydration';
import { CART_MESSAGES } from '@vitrine/commerce';
import { checkGiftCardDelivery, GIFT_CARD_LIMITS, latestSendOn, type GiftCardDeliveryInput } from '@vitrine/commerce/gift-cards';
import { isValidEmail } from '@vitrine/forms/email';
import { checkoutUrls, startExpressCheckout } from '../api/commerce';
import { saveGiftCardDelivery } from '../api/gift-cards';
import { ApiError } from '../api/http';
import { navigation } from '../ui/navigation';
import type { GiftCardPurchaseProps } from './GiftCardPurchase';

type Field = 'recipientEmail' | 'recipientName' | 'senderName' | 'message' | 'sendOn';
type FieldErrors = Partial<Record<Field, string>>;
const FIELD_ORDER: Field[] = ['recipientEmail', 'recipientName', 'senderName', 'message', 'sendOn'];

export const GIFT_CARD_PURCHASE_TEXT = {
  sendToSomeoneElse: 'Send to someone else',
  recipientEmail: 'Recipient email',
  recipientName: 'Recipient name (optional)',
  senderName: 'Your name (optional)',
  message: 'Message (optional)',
  sendOn: 'Send on',
  sendOnHint: 'We email the code on this date.',
  toYou: 'We email the code to you once you have paid.',
  busy: 'Preparing checkout…',
} as const;

/**
 * Buys one gift card of the chosen denomination: optionally for someone else (their email, names, a message of up
 * to 500 characters, a send date from today to a year later, checked with the shared rules before anything is
 * sent), then express checkout (a cart of its own), the delivery on that cart, and the checkout page, which takes
 * the buyer's email and the payment. Until hydrated the button is disabled (Enter cannot send the inert HTML).
 */
export function GiftCardPurchaseView({ itemId, sku, amountLabel, today, submitLabel = 'Buy Gift Card' }: GiftCardPurchaseProps) {
  const id = useId();
  const [ready, setReady] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useKeepTypedBeforeHydration(formRef);
  const [toSomeoneElse, setToSomeoneElse] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ recipientEmail: '', recipientName: '', senderName: '', message: '', sendOn: today });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The cart made by a first attempt whose delivery was refused: a second attempt uses it rather than making another.
  const [cartToken, setCartToken] = useState<string | null>(null);

  useEffect(() => setReady(true), []);

  const fieldId = (field: Field) => `${id}-${field}`;
  const focusFirst = (found: FieldErrors) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };
  // Editing a field clears its error: the message was about what it held before.
  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !ready) return;
    setErrors({});
    setFailure(null);
    const delivery: GiftCardDeliveryInput = { ...values };
    if (toSomeoneElse) {
      const check = checkGiftCardDelivery(delivery, today, isValidEmail);
      if (!check.valid) {
        setErrors(check.errors as FieldErrors);
        focusFirst(check.errors as FieldErrors);
        return;
      }
    }
    setBusy(true);
    try {
      const token = cartToken ?? (await startExpressCheckout({ itemId, sku, quantity: 1 })).cartToken;
      setCartToken(token);
      if (toSomeoneElse) await saveGiftCardDelivery({ cartToken: token, ...values });
      navigation.assign(checkoutUrls.checkout(token));
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : null;
      const fieldErrors = Object.fromEntries(Object.entries(apiError?.fieldErrors ?? {}).filter(([field]) => FIELD_ORDER.includes(field as Field))) as FieldErrors;
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirst(fieldErrors);
      } else {
        setFailure(apiError?.message ?? CART_MESSAGES.tryAgain);
      }
      setBusy(false);
    }
  };

  const messageLength = [...values.message].length;
  const describedBy = (field: Field, ...more: string[]) => [errors[field] ? `${fieldId(field)}-error` : '', ...more].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className="vitrine-field-error">
        {errors[field]}
      </p>
    ) : null;
  const textField = (field: Field, label: string, type: 'email' | 'text', autoComplete: string, required = false): ReactNode => (
    <div className="vitrine-field">
      <label className="vitrine-field-label" htmlFor={fieldId(field)}>
        {label}
      </label>
      {fieldError(field)}
      <input
        id={fieldId(field)}
        type={type}
        name={field}
        autoComplete={autoComplete}
        required={required}
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        onChange={(event) => set(field)(event.target.value)}
      />
    </div>
  );

  return (
    <form ref={formRef} className="vitrine-checkout-form vitrine-gift-card-form" aria-label={`Buy a ${amountLabel} gift card`} onSubmit={submit} noValidate data-ready={ready ? '' : undefined}>
      <label className="vitrine-gift-card-toggle">
        <input type="checkbox" name="sendToSomeoneElse" checked={toSomeoneElse} onChange={(event) => setToSomeoneElse(event.target.checked)} />
        {GIFT_CARD_PURCHASE_TEXT.sendToSomeoneElse}
      </label>
      {toSomeoneElse ? (
        <fieldset className="vitrine-field-group vitrine-gift-card-recipient">
          <legend className="vitrine-field-label">Who receives it</legend>
          {textField('recipientEmail', GIFT_CARD_PURCHASE_TEXT.recipientEmail, 'email', 'off', true)}
          {textField('recipientName', GIFT_CARD_PURCHASE_TEXT.recipientName, 'text', 'off')}
          {textField('senderName', GIFT_CARD_PURCHASE_TEXT.senderName, 'text', 'name')}
          <div className="vitrine-field">
            <label className="vitrine-field-label" htmlFor={fieldId('message')}>
              {GIFT_CARD_PURCHASE_TEXT.message}
            </label>
            {fieldError('message')}
            <textarea
              id={fieldId('message')}
              name="message"
              value={values.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy('message', `${fieldId('message')}-counter`)}
              onChange={(event) => set('message')(event.target.value)}
            />
            <p id={`${fieldId('message')}-counter`} className="vitrine-field-counter" data-over={messageLength > GIFT_CARD_LIMITS.messageLength ? '' : undefined}>
              {messageLength} / {GIFT_CARD_LIMITS.messageLength}
            </p>
          </div>
          <div className="vitrine-field">
            <label className="vitrine-field-label" htmlFor={fieldId('sendOn')}>
              {GIFT_CARD_PURCHASE_TEXT.sendOn}
            </label>
            {fieldError('sendOn')}
            <input
              id={fieldId('sendOn')}
              type="date"
              name="sendOn"
              min={today}
              max={latestSendOn(today)}
              required
              value={values.sendOn}
              aria-invalid={errors.sendOn ? true : undefined}
              aria-describedby={describedBy('sendOn', `${fieldId('sendOn')}-hint`)}
              onChange={(event) => set('sendOn')(event.target.value)}
            />
            <p id={`${fieldId('sendOn')}-hint`} className="vitrine-field-description">
              {GIFT_CARD_PURCHASE_TEXT.sendOnHint}
            </p>
          </div>
        </fieldset>
      ) : (
        <p className="vitrine-field-description">{GIFT_CARD_PURCHASE_TEXT.toYou}</p>
      )}
      {failure ? (
        <p className="vitrine-field-error" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" disabled={!ready || busy}>
        {busy ? GIFT_CARD_PURCHASE_TEXT.busy : submitLabel}
      </button>
    </form>
  );
}
