/**
 * Stripe.js, loaded only when an order's payment is pending with Stripe (never with every page, never in test
 * mode): the script from js.stripe.com (Stripe requires it be loaded from there), then its Payment Element
 * mounted with the PaymentIntent's client secret. Only what checkout uses of Stripe.js is typed here.
 */

export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

export interface StripePaymentElement {
  mount(element: HTMLElement): void;
  destroy?(): void;
}

export interface StripeElements {
  create(type: 'payment'): StripePaymentElement;
}

export interface StripeClient {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: { elements: StripeElements; confirmParams: { return_url: string } }): Promise<{ error?: { message?: string } }>;
}

export type StripeFactory = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

export const STRIPE_MESSAGES = {
  loadFailed: 'The payment form could not be loaded. Check your connection and reload the page.',
  declined: 'Your payment could not be completed. Check your details or try another payment method.',
} as const;

let loading: Promise<StripeFactory> | undefined;

/** Stripe.js's `Stripe` function, adding its script to the page once. */
export function loadStripeJs(): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.addEventListener('load', () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js loaded without Stripe'))));
    script.addEventListener('error', () => reject(new Error('Stripe.js could not be loaded')));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined; // a later try adds the script again
    throw error;
  });
  return loading;
}
