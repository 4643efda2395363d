import { newId } from '../ids';

export interface PaymentRequest {
  orderId: string;
  amountCents: number;
  currency: string;
  email: string;
}

export type PaymentResult = { ok: true; reference: string } | { ok: false; message: string };

export interface RefundRequest {
  orderId: string;
  /** The charge's reference (orders.payment_reference). */
  paymentReference: string;
  amountCents: number;
  currency: string;
  /** The owner's key for this refund: a provider that sees it again must not pay out twice. */
  idempotencyKey: string;
}

/**
 * Takes the payment for an order. Called inside the checkout transaction after stock is reserved:
 * a failed payment rolls the stock back with everything else. A real provider would authorise here
 * and capture after commit.
 */
export interface PaymentProvider {
  readonly name: string;
  readonly testMode: boolean;
  charge(request: PaymentRequest): Promise<PaymentResult>;
  /**
   * Pays back part or all of a charge. Called inside the refund's transaction after the order row is
   * locked; a failure rolls the refund back. Real providers take the idempotency key as theirs.
   */
  refund(request: RefundRequest): Promise<PaymentResult>;
}

/** Email of the test-mode card that always declines, to exercise the failure path. */
export const TEST_DECLINE_EMAIL = 'decline@example.com';
export const PAYMENT_DECLINED_MESSAGE = 'Your payment was declined. No charge was made.';

/** The built-in provider: no money moves; every order it takes is marked testMode. */
export class TestModePaymentProvider implements PaymentProvider {
  readonly name = 'test';
  readonly testMode = true;

  async charge(request: PaymentRequest): Promise<PaymentResult> {
    if (request.email.toLowerCase() === TEST_DECLINE_EMAIL) return { ok: false, message: PAYMENT_DECLINED_MESSAGE };
    return { ok: true, reference: `test_${newId()}` };
  }

  /** Test mode: no money moves; the refund's reference names the key, so the same key gives the same reference. */
  async refund(request: RefundRequest): Promise<PaymentResult> {
    return { ok: true, reference: `test_refund_${request.idempotencyKey}` };
  }
}
