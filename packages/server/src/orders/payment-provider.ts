import { newId } from '../ids';

export interface PaymentRequest {
  orderId: string;
  /** What the provider is asked to take: the grand total less what gift cards pay. Always > 0. */
  amountCents: number;
  currency: string;
  email: string;
  /** The provider's idempotency key for this charge: the same order asks once, however often it is retried. */
  idempotencyKey: string;
  /** The order starts a subscription: keep the payment method for its renewals (Stripe: setup_future_usage). */
  saveForRenewals?: boolean;
  /**
   * Afterpay/Clearpay is offered for this cart (commerce's cartInstallmentOffer: the rule the installment pill
   * shows by). The provider then lists it among the methods; otherwise the shopper is never offered it.
   */
  offerInstallments?: boolean;
  /** Where the order goes: Afterpay/Clearpay requires it on the payment. */
  shipping?: { name: string; line1: string; line2?: string | null; city: string; region?: string | null; postalCode?: string | null; country: string } | null;
}

/**
 * What a charge came to:
 * - 'paid': the money is taken (test mode; a provider that confirms on the server).
 * - 'pending': the shopper must still confirm in the browser (Stripe's PaymentIntent with its client secret). The
 *   order is kept with its stock held until the provider's webhook says it succeeded or failed, or until
 *   `expiresAt`, when the stock goes back (orders/payment-lifecycle).
 */
export type PaymentResult =
  | { ok: true; status: 'paid'; reference: string; customerReference?: string | null }
  | { ok: true; status: 'pending'; reference: string; clientSecret: string; expiresAt: Date }
  | { ok: false; message: string };

export type RefundResult = { ok: true; reference: string } | { ok: false; message: string };

export interface RefundRequest {
  orderId: string;
  /** The charge's reference (orders.payment_reference). */
  paymentReference: string;
  amountCents: number;
  currency: string;
  /** The owner's key for this refund: a provider that sees it again must not pay out twice. */
  idempotencyKey: string;
}

/** A subscription's renewal, charged without the shopper (off-session) on the method kept from the first order. */
export interface RenewalRequest {
  subscriptionId: string;
  /** 2 for the first renewal, … (the first order was cycle 1). */
  cycle: number;
  amountCents: number;
  currency: string;
  email: string;
  /** The first order's payment reference, and the provider's customer when it keeps one. */
  firstPaymentReference: string;
  customerReference: string | null;
  /** subscriptionId + cycle: a renewal retried after a crash is charged once. */
  idempotencyKey: string;
}

/**
 * Takes the payment for an order. Called inside the checkout transaction after stock is reserved:
 * a failed payment rolls the stock back with everything else.
 */
export interface PaymentProvider {
  readonly name: string;
  readonly testMode: boolean;
  /** What the browser needs to confirm a pending payment (Stripe: the publishable key); null when nothing. */
  readonly browserConfig: { provider: string; publishableKey: string } | null;
  charge(request: PaymentRequest): Promise<PaymentResult>;
  /**
   * Pays back part or all of a charge. Called inside the refund's transaction after the order row is
   * locked; a failure rolls the refund back. Real providers take the idempotency key as theirs.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Charges a subscription renewal off-session: paid now, or refused (never pending). */
  chargeRenewal(request: RenewalRequest): Promise<{ ok: true; reference: string } | { ok: false; message: string }>;
}

/** Email of the test-mode card that always declines, to exercise the failure path. */
export const TEST_DECLINE_EMAIL = 'decline@example.com';
export const PAYMENT_DECLINED_MESSAGE = 'Your payment was declined. No charge was made.';

/** The built-in provider: no money moves; every order it takes is marked testMode. */
export class TestModePaymentProvider implements PaymentProvider {
  readonly name = 'test';
  readonly testMode = true;
  readonly browserConfig = null;

  async charge(request: PaymentRequest): Promise<PaymentResult> {
    if (request.email.toLowerCase() === TEST_DECLINE_EMAIL) return { ok: false, message: PAYMENT_DECLINED_MESSAGE };
    return { ok: true, status: 'paid', reference: `test_${newId()}`, customerReference: null };
  }

  /** Test mode: no money moves; the refund's reference names the key, so the same key gives the same reference. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    return { ok: true, reference: `test_refund_${request.idempotencyKey}` };
  }

  /** Test mode: the decline address declines renewals too; the reference names the key (same key, same reference). */
  async chargeRenewal(request: RenewalRequest): Promise<{ ok: true; reference: string } | { ok: false; message: string }> {
    if (request.email.toLowerCase() === TEST_DECLINE_EMAIL) return { ok: false, message: PAYMENT_DECLINED_MESSAGE };
    return { ok: true, reference: `test_renewal_${request.idempotencyKey}` };
  }
}

/** The orders' payment_provider for the manual method (bank transfer, cash on delivery: orders/manual-payment.ts). */
export const MANUAL_PAYMENT_PROVIDER = 'manual';

/** A manual order's money moved outside the server: its refund is recorded, and the owner pays it back by hand. */
export const manualRefunder: Pick<PaymentProvider, 'refund'> = {
  async refund(request: RefundRequest): Promise<RefundResult> {
    return { ok: true, reference: `manual_refund_${request.idempotencyKey}` };
  },
};
