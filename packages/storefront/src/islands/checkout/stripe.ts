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

/** Stripe.js's confirmParams.shipping: where the order goes. Afterpay/Clearpay refuses a payment without it. */
export interface StripeShipping {
  name: string;
  address: { line1: string; line2?: string; city: string; state?: string; postal_code?: string; country: string };
}

export interface StripeConfirmParams {
  return_url: string;
  shipping?: StripeShipping;
}

export interface StripeClient {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: { elements: StripeElements; confirmParams: StripeConfirmParams }): Promise<{ error?: { message?: string } }>;
}

/**
 * The checkout's shipping address as Stripe.js takes it; undefined when the order ships nothing (no address was
 * asked) or the address is not filled in. Empty optional parts are left out: Stripe refuses empty strings.
 */
export function stripeShippingOf(address: { name: string; line1: string; line2: string; city: string; region: string; postalCode: string; country: string } | null): StripeShipping | undefined {
  if (!address || !address.name.trim() || !address.line1.trim() || !address.city.trim() || !address.country.trim()) return undefined;
  const part = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const line2 = part(address.line2);
  const state = part(address.region);
  const postalCode = part(address.postalCode);
  return {
    name: address.name.trim(),
    address: {
      line1: address.line1.trim(),
      ...(line2 ? { line2 } : {}),
      city: address.city.trim(),
      ...(state ? { state } : {}),
      ...(postalCode ? { postal_code: postalCode } : {}),
      country: address.country.trim(),
    },
  };
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
