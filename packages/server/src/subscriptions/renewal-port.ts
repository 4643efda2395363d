import type { Transaction } from 'kysely';
import type { Database, SubscriptionPlan, Website } from '../db/schema';

/**
 * What the renewal job asks of the orders domain, which owns orders and payments (orders/renewal-order.ts implements
 * it; app.ts hands it to the job). Declared here, not imported from orders: orders already depends on this domain
 * (onOrderPaid starts subscriptions), and domains never import each other in a cycle.
 */
export interface RenewalOrderInput {
  subscriptionId: string;
  /** The order that started the subscription: a renewal ships to its address and repeats its shipping and tax. */
  firstOrderId: string;
  /** 2 for the first renewal (the first order was cycle 1). */
  cycle: number;
  email: string;
  currency: string;
  productId: string;
  variantId: string;
  sku: string;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  plan: SubscriptionPlan;
  /** The first order's payment and the provider's customer: the renewal is charged off-session on them. */
  firstPaymentReference: string;
  customerReference: string | null;
}

/** The renewal order as the job needs it: for the renewal's record and the shopper's mail. */
export interface RenewalOrder {
  id: string;
  order_number: number;
  grand_total_cents: number;
  test_mode: boolean;
  payment_reference: string;
}

/** Buys one cycle inside the renewal's transaction: the paid renewal order, or a thrown RenewalRefused. */
export type RenewalOrderRecorder = (trx: Transaction<Database>, website: Website, input: RenewalOrderInput) => Promise<{ order: RenewalOrder }>;

export type RenewalRefusalReason = 'out-of-stock' | 'declined';

/**
 * A renewal that could not be bought (no stock, the charge declined): thrown inside the renewal's transaction so
 * that everything it did rolls back; the job records the failed attempt in a transaction of its own.
 */
export class RenewalRefused extends Error {
  constructor(
    readonly reason: RenewalRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'RenewalRefused';
  }
}

/** The provider's idempotency key of a renewal: a renewal retried after a crash asks again with the same key. */
export const renewalIdempotencyKey = (subscriptionId: string, cycle: number) => `subscription:${subscriptionId}:cycle:${cycle}`;
