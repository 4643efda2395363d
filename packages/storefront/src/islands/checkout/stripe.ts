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

/** The Payment Element's options checkout uses (Stripe.js: elements.create('payment', options)). */
export interface PaymentElementOptions {
  layout: { type: 'tabs' | 'accordion'; defaultCollapsed?: boolean; radios?: boolean; spacedAccordionItems?: boolean };
  wallets: { applePay: 'auto' | 'never'; googlePay: 'auto' | 'never' };
}

/**
 * Accordion with radios: every method the intent allows (card, the wallets, Afterpay/Clearpay where the cart
 * qualifies) listed one under another, readable on a phone, the first open. Wallets 'auto': Apple Pay and Google
 * Pay show where the shopper's browser and the account support them; Link comes with the intent's automatic methods.
 */
export const PAYMENT_ELEMENT_OPTIONS: PaymentElementOptions = {
  layout: { type: 'accordion', defaultCollapsed: false, radios: true, spacedAccordionItems: false },
  wallets: { applePay: 'auto', googlePay: 'auto' },
};

export interface StripeElements {
  create(type: 'payment', options?: PaymentElementOptions): StripePaymentElement;
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
