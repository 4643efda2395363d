import type { OrderStatus } from '../db/schema';

/**
 * The rules of an order's life, as pure functions. placed → fulfilled; placed → cancelled (its stock goes
 * back); a refund that reaches the amount paid makes the order refunded, from any state but refunded.
 * Cancelling returns stock, never money; refunding returns money, never stock.
 */

export const ORDER_CHANGE_MESSAGES = {
  nothingPaidYet: 'Nothing has been paid on this order yet: mark it paid first, or cancel it.',
  nothingToRefundYet: 'This order\'s payment is not confirmed yet, so there is nothing to refund: cancel it instead.',
  notFound: 'Sorry, that order was not found.',
  alreadyFulfilled: 'This order has already been fulfilled.',
  alreadyCancelled: 'This order has already been cancelled.',
  alreadyRefunded: 'This order has already been refunded in full.',
  cancelledCannotBeFulfilled: 'A cancelled order cannot be fulfilled.',
  fulfilledCannotBeCancelled: 'A fulfilled order cannot be cancelled. Refund it instead.',
  partlyFulfilledCannotBeCancelled: 'Part of this order has been shipped: it cannot be cancelled. Refund it instead.',
  refundTooLarge: (refundable: string) => `A refund cannot be more than what is left to refund (${refundable}).`,
  idempotencyKeyReused: 'This idempotencyKey was already used for a different refund.',
  refundFailed: 'The payment provider could not make this refund.',
  providerGone: (provider: string) => `This order was paid through ${provider}, which this store no longer uses: refund it there.`,
  paymentNotConfirmed: "This order's payment is not confirmed yet: it cannot be fulfilled until it is.",
} as const;

/** Why an order in `status` cannot be fulfilled, or undefined when it can. */
export function whyNotFulfil(status: OrderStatus): string | undefined {
  switch (status) {
    case 'placed':
    case 'partially_fulfilled':
      return undefined;
    case 'fulfilled':
      return ORDER_CHANGE_MESSAGES.alreadyFulfilled;
    case 'cancelled':
      return ORDER_CHANGE_MESSAGES.cancelledCannotBeFulfilled;
    case 'refunded':
      return ORDER_CHANGE_MESSAGES.alreadyRefunded;
  }
}

/** Why an order in `status` cannot be cancelled, or undefined when it can. */
export function whyNotCancel(status: OrderStatus): string | undefined {
  switch (status) {
    case 'placed':
      return undefined;
    case 'partially_fulfilled':
      return ORDER_CHANGE_MESSAGES.partlyFulfilledCannotBeCancelled;
    case 'fulfilled':
      return ORDER_CHANGE_MESSAGES.fulfilledCannotBeCancelled;
    case 'cancelled':
      return ORDER_CHANGE_MESSAGES.alreadyCancelled;
    case 'refunded':
      return ORDER_CHANGE_MESSAGES.alreadyRefunded;
  }
}

export type RefundPlan =
  | { ok: true; amountCents: number; refundedAfterCents: number; statusAfter: OrderStatus }
  | { ok: false; reason: 'refunded' | 'too-large'; refundableCents: number };

/** How much a refund takes (the rest when no amount is asked for) and what it leaves the order as. */
export function planRefund(
  order: { status: OrderStatus; grandTotalCents: number; refundedCents: number },
  requestedCents: number | undefined,
): RefundPlan {
  const refundableCents = order.grandTotalCents - order.refundedCents;
  if (order.status === 'refunded' || refundableCents <= 0) return { ok: false, reason: 'refunded', refundableCents: 0 };
  const amountCents = requestedCents ?? refundableCents;
  if (amountCents > refundableCents) return { ok: false, reason: 'too-large', refundableCents };
  const refundedAfterCents = order.refundedCents + amountCents;
  return { ok: true, amountCents, refundedAfterCents, statusAfter: refundedAfterCents === order.grandTotalCents ? 'refunded' : order.status };
}
