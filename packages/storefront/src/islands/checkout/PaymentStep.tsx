import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PendingPayment } from '../../api/checkout';
import { loadStripeJs, PAYMENT_ELEMENT_OPTIONS, STRIPE_MESSAGES, type StripeClient, type StripeElements, type StripeShipping } from './stripe';

export interface PaymentStepProps {
  payment: PendingPayment;
  /** Where Stripe sends the shopper back after confirming (the order-confirmed page, absolute). */
  returnUrl: string;
  submitLabel: string;
  /** Where the order goes (confirmParams.shipping, which Afterpay/Clearpay requires); absent when nothing ships. */
  shipping?: StripeShipping;
}

/**
 * The order is placed and its payment pending: Stripe's Payment Element takes the card (or another method) and
 * `confirmPayment` completes it, sending the shopper to the order-confirmed page (a redirect method such as Afterpay
 * goes through its own site first); a refusal shows here, and the shopper may try again. The order is finished by
 * whichever comes first, Stripe's webhook or the return to the order-confirmed page (orders/returned-payment.ts).
 */
export function PaymentStep({ payment, returnUrl, submitLabel, shipping }: PaymentStepProps) {
  const id = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeClient; elements: StripeElements } | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'paying' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    loadStripeJs().then(
      (Stripe) => {
        if (cancelled || !mountRef.current) return;
        const stripe = Stripe(payment.publishableKey);
        const elements = stripe.elements({ clientSecret: payment.clientSecret });
        const element = elements.create('payment', PAYMENT_ELEMENT_OPTIONS);
        element.mount(mountRef.current);
        destroy = () => element.destroy?.();
        stripeRef.current = { stripe, elements };
        setPhase('ready');
      },
      () => {
        if (cancelled) return;
        setPhase('failed');
        setError(STRIPE_MESSAGES.loadFailed);
      },
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [payment.publishableKey, payment.clientSecret]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const loaded = stripeRef.current;
    if (!loaded || phase !== 'ready') return;
    setPhase('paying');
    setError(null);
    try {
      const result = await loaded.stripe.confirmPayment({ elements: loaded.elements, confirmParams: { return_url: returnUrl, ...(shipping ? { shipping } : {}) } });
      // Success leaves the page (Stripe redirects); an answer here is a refusal to show.
      setError(result.error?.message ?? STRIPE_MESSAGES.declined);
    } catch {
      setError(STRIPE_MESSAGES.declined);
    }
    setPhase('ready');
  };

  return (
    <form className="vitrine-checkout-section vitrine-payment-step" aria-labelledby={`${id}-heading`} noValidate onSubmit={submit}>
      <h2 id={`${id}-heading`} className="vitrine-checkout-heading">
        Payment
      </h2>
      <p>Enter your payment details to complete the order.</p>
      <div ref={mountRef} className="vitrine-payment-element" aria-busy={phase === 'loading'} />
      {error ? (
        <p className="vitrine-field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="vitrine-pay-button" disabled={phase !== 'ready'}>
        {phase === 'paying' ? 'Processing…' : submitLabel}
      </button>
    </form>
  );
}
