import { newId } from '../ids';

export interface PaymentRequest {
  orderId: string;
  amountCents: number;
  currency: string;
  email: string;
}

export type PaymentResult = { ok: true; reference: string } | { ok: false; message: string };

/**
 * Takes the payment for an order. Called inside the checkout transaction after stock is reserved:
 * a failed payment rolls the stock back with everything else. A real provider would authorise here
 * and capture after commit.
 */
export interface PaymentProvider {
  readonly name: string;
  readonly testMode: boolean;
  charge(request: PaymentRequest): Promise<PaymentResult>;
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
}
