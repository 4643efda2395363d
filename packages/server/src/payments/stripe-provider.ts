import Stripe from 'stripe';
import {
  PAYMENT_DECLINED_MESSAGE,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentResult,
  type PendingPaymentCanceller,
  type PendingPaymentLookup,
  type PendingPaymentOutcome,
  type PendingPaymentResumer,
  type RefundRequest,
  type RefundResult,
  type RenewalRequest,
  type ReturnedPaymentState,
} from '../orders';
import { apiOriginOf, DEFAULT_PAYMENT_EXPIRY_MINUTES, type StripeSettings } from './stripe-settings';
import { verifyStripeSignature, type SignatureCheck } from './webhook-signature';

/** What the shopper (or the owner, for a refund) reads when Stripe refuses; Stripe's own text is kept for card errors. */
export const STRIPE_MESSAGES = {
  declined: PAYMENT_DECLINED_MESSAGE,
  unavailable: 'The payment could not be started. Please try again in a moment.',
  refundFailed: 'The refund could not be made with Stripe. Please try again in a moment.',
  renewalNeedsCustomer: 'The bank asks the customer to confirm this renewal payment. No charge was made.',
  renewalNoMethod: 'No saved payment method was found for this subscription. No charge was made.',
  renewalNotCompleted: 'The renewal payment was not completed. No charge was made.',
} as const;

/**
 * The message for an error Stripe answered. A card error's message is written by Stripe for the cardholder ("Your
 * card has expired."), so it is shown as it is, except a plain decline, which says the store's own sentence. Any
 * other error (keys, API, network) says nothing of its cause to the shopper.
 */
export function shopperMessageOf(error: unknown, fallback: string = STRIPE_MESSAGES.unavailable): string {
  if (error instanceof Stripe.errors.StripeCardError) {
    if (error.code === 'card_declined' || !error.message) return STRIPE_MESSAGES.declined;
    if (error.code === 'authentication_required') return STRIPE_MESSAGES.renewalNeedsCustomer;
    return error.message;
  }
  return fallback;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** What a PaymentIntent's status means to an order whose payment was pending. */
export function pendingOutcomeOf(intent: Pick<Stripe.PaymentIntent, 'status' | 'customer'>): PendingPaymentOutcome {
  switch (intent.status) {
    case 'canceled':
      return { status: 'cancelled' };
    case 'succeeded':
      return { status: 'succeeded', customerReference: idOf(intent.customer) };
    case 'processing':
    case 'requires_capture':
      return { status: 'processing' };
    default:
      // requires_payment_method, requires_confirmation, requires_action: a cancel should have ended these.
      return { status: 'unreachable', message: `The PaymentIntent is still ${intent.status}.` };
  }
}

/**
 * Which methods the Payment Element offers: always Stripe's automatic payment methods — cards and the wallets (Apple
 * Pay, Google Pay, Link) and whatever else the account has on in its dashboard and that fits the amount and currency.
 * Afterpay/Clearpay (Stripe names both one method) only where the store's installment pill promised it: otherwise it
 * is excluded, so a dashboard switch alone never offers it outside the owner's range; where it is offered the intent
 * carries the order as its reference and the shipping address Afterpay requires.
 */
export function paymentMethodsOf(
  request: Pick<PaymentRequest, 'orderId' | 'offerInstallments' | 'shipping'>,
): Pick<Stripe.PaymentIntentCreateParams, 'automatic_payment_methods' | 'excluded_payment_method_types' | 'payment_method_options' | 'shipping'> {
  if (!request.offerInstallments) return { automatic_payment_methods: { enabled: true }, excluded_payment_method_types: ['afterpay_clearpay'] };
  const shipping = request.shipping;
  return {
    automatic_payment_methods: { enabled: true },
    payment_method_options: { afterpay_clearpay: { reference: request.orderId } },
    ...(shipping
      ? {
          shipping: {
            name: shipping.name,
            address: {
              line1: shipping.line1,
              ...(shipping.line2 ? { line2: shipping.line2 } : {}),
              city: shipping.city,
              ...(shipping.region ? { state: shipping.region } : {}),
              ...(shipping.postalCode ? { postal_code: shipping.postalCode } : {}),
              country: shipping.country,
            },
          },
        }
      : {}),
  };
}

export interface StripeProviderOptions {
  /** Retries of a request that failed on the network or with a 409/5xx; the idempotency key makes them safe. */
  maxNetworkRetries?: number;
  /** Milliseconds before a request to Stripe is given up. */
  timeoutMs?: number;
  now?: () => Date;
}

/**
 * Payments through Stripe's PaymentIntents. A charge creates the intent and answers 'pending' with its client
 * secret: the browser confirms it with Stripe.js, and Stripe's webhook (payments/webhook.ts) says how it ended.
 * Every call that creates something carries an idempotency key made by the caller, so a retried checkout, refund or
 * renewal is one payment at Stripe.
 */
export class StripePaymentProvider implements PaymentProvider, PendingPaymentCanceller, PendingPaymentLookup, PendingPaymentResumer {
  readonly name = 'stripe';
  readonly testMode: boolean;
  readonly browserConfig: { provider: string; publishableKey: string };
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;
  readonly #expiryMs: number;
  readonly #now: () => Date;

  constructor(settings: StripeSettings, options: StripeProviderOptions = {}) {
    this.testMode = /^(sk|rk)_test_/.test(settings.secretKey);
    this.browserConfig = { provider: 'stripe', publishableKey: settings.publishableKey };
    this.#webhookSecret = settings.webhookSecret;
    this.#expiryMs = (settings.paymentExpiryMinutes ?? DEFAULT_PAYMENT_EXPIRY_MINUTES) * 60_000;
    this.#now = options.now ?? (() => new Date());
    this.#stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'Vitrine' },
      ...(settings.apiBase ? apiOriginOf(settings.apiBase) : {}),
    });
  }

  async charge(request: PaymentRequest): Promise<PaymentResult> {
    try {
      const customer = request.saveForRenewals ? await this.#customerFor(request.email, request.idempotencyKey) : undefined;
      const intent = await this.#stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          receipt_email: request.email,
          metadata: { order_id: request.orderId },
          ...paymentMethodsOf(request),
          ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!intent.client_secret) return { ok: false, message: STRIPE_MESSAGES.unavailable };
      return {
        ok: true,
        status: 'pending',
        reference: intent.id,
        clientSecret: intent.client_secret,
        expiresAt: new Date(this.#now().getTime() + this.#expiryMs),
      };
    } catch (error) {
      return { ok: false, message: shopperMessageOf(error) };
    }
  }

  /** The customer of this email (the first Stripe lists), or a new one: renewals are charged to it. */
  async #customerFor(email: string, idempotencyKey: string): Promise<string> {
    const found = await this.#stripe.customers.list({ email, limit: 1 });
    const existing = found.data[0];
    if (existing) return existing.id;
    const created = await this.#stripe.customers.create({ email }, { idempotencyKey: `${idempotencyKey}:customer` });
    return created.id;
  }

  /** Stripe keys are account-wide: the owner's key is scoped to the order so two orders' keys never meet. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    try {
      const refund = await this.#stripe.refunds.create(
        { payment_intent: request.paymentReference, amount: request.amountCents, metadata: { order_id: request.orderId } },
        { idempotencyKey: `refund:${request.orderId}:${request.idempotencyKey}` },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') return { ok: false, message: STRIPE_MESSAGES.refundFailed };
      return { ok: true, reference: refund.id };
    } catch (error) {
      return { ok: false, message: shopperMessageOf(error, STRIPE_MESSAGES.refundFailed) };
    }
  }

  /**
   * Charges a renewal off-session with the payment method the first payment saved (setup_future_usage), confirmed
   * at once. Only 'succeeded' is paid: a bank that asks the customer to authenticate, or a decline, is a refusal.
   */
  async chargeRenewal(request: RenewalRequest): Promise<{ ok: true; reference: string } | { ok: false; message: string }> {
    try {
      const first = await this.#stripe.paymentIntents.retrieve(request.firstPaymentReference);
      const paymentMethod = idOf(first.payment_method);
      const customer = request.customerReference ?? idOf(first.customer);
      if (!paymentMethod || !customer) return { ok: false, message: STRIPE_MESSAGES.renewalNoMethod };
      const intent = await this.#stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          customer,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          receipt_email: request.email,
          metadata: { subscription_id: request.subscriptionId, cycle: String(request.cycle) },
          // Off-session, nobody can follow a redirect: methods that need one are refused rather than left pending.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status !== 'succeeded') return { ok: false, message: STRIPE_MESSAGES.renewalNotCompleted };
      return { ok: true, reference: intent.id };
    } catch (error) {
      return { ok: false, message: shopperMessageOf(error, STRIPE_MESSAGES.renewalNotCompleted) };
    }
  }

  /**
   * Cancels a pending PaymentIntent (the expiry job), so the shopper can no longer confirm it. When Stripe refuses
   * because the intent has moved on, its state says what happened (succeeded: the order is paid after all).
   */
  async cancelPendingPayment(paymentReference: string): Promise<PendingPaymentOutcome> {
    try {
      // No idempotency key of ours: cancelling twice is harmless (the second answers the intent's state), and a
      // kept answer to an earlier attempt could hide what happened since.
      const intent = await this.#stripe.paymentIntents.cancel(paymentReference, { cancellation_reason: 'abandoned' });
      return pendingOutcomeOf(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') {
        try {
          return pendingOutcomeOf(error.payment_intent ?? (await this.#stripe.paymentIntents.retrieve(paymentReference)));
        } catch (retrieveError) {
          return { status: 'unreachable', message: (retrieveError as Error).message };
        }
      }
      return { status: 'unreachable', message: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * How a pending PaymentIntent stands, for the shopper's return from a redirect (orders/returned-payment.ts). An
   * intent back at requires_payment_method with a last error is a failed attempt (Afterpay declined, 3-D Secure
   * refused); without one, or at requires_action/confirmation, it still waits for the shopper.
   */
  async lookUpPendingPayment(paymentReference: string): Promise<ReturnedPaymentState> {
    try {
      const intent = await this.#stripe.paymentIntents.retrieve(paymentReference);
      if (intent.status === 'requires_payment_method') return intent.last_payment_error ? { status: 'failed' } : { status: 'waiting' };
      if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') return { status: 'waiting' };
      return pendingOutcomeOf(intent);
    } catch (error) {
      return { status: 'unreachable', message: error instanceof Error ? error.message : String(error) };
    }
  }

  /** The client secret of an intent still waiting for the shopper, for a checkout retried after its answer was lost. */
  async resumePendingPayment(paymentReference: string): Promise<{ clientSecret: string } | undefined> {
    try {
      const intent = await this.#stripe.paymentIntents.retrieve(paymentReference);
      const waiting = ['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status);
      return waiting && intent.client_secret ? { clientSecret: intent.client_secret } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Checks a webhook's signature with the endpoint's secret (webhook-signature.ts). */
  verifyWebhook(payload: string, signatureHeader: string | undefined, nowSeconds = Math.floor(this.#now().getTime() / 1000)): SignatureCheck {
    return verifyStripeSignature(payload, signatureHeader, this.#webhookSecret, nowSeconds);
  }
}
