import { describe, expect, it } from 'vitest';
import { ORDER_CHANGE_MESSAGES, planRefund, whyNotCancel, whyNotFulfil } from './order-status';

describe('order status rules', () => {
  it('only a placed order may be fulfilled or cancelled', () => {
    expect(whyNotFulfil('placed')).toBeUndefined();
    expect(whyNotCancel('placed')).toBeUndefined();
    expect(whyNotFulfil('cancelled')).toBe(ORDER_CHANGE_MESSAGES.cancelledCannotBeFulfilled);
    expect(whyNotCancel('fulfilled')).toBe(ORDER_CHANGE_MESSAGES.fulfilledCannotBeCancelled);
    expect(whyNotCancel('cancelled')).toBe(ORDER_CHANGE_MESSAGES.alreadyCancelled);
    expect(whyNotFulfil('refunded')).toBe(ORDER_CHANGE_MESSAGES.alreadyRefunded);
  });

  it('a refund takes at most what is left; reaching the amount paid makes the order refunded', () => {
    const order = { status: 'fulfilled' as const, grandTotalCents: 5000, refundedCents: 1000 };
    expect(planRefund(order, 1000)).toEqual({ ok: true, amountCents: 1000, refundedAfterCents: 2000, statusAfter: 'fulfilled' });
    expect(planRefund(order, undefined)).toEqual({ ok: true, amountCents: 4000, refundedAfterCents: 5000, statusAfter: 'refunded' });
    expect(planRefund(order, 4001)).toEqual({ ok: false, reason: 'too-large', refundableCents: 4000 });
    expect(planRefund({ ...order, refundedCents: 5000 }, 1)).toEqual({ ok: false, reason: 'refunded', refundableCents: 0 });
    expect(planRefund({ status: 'cancelled', grandTotalCents: 5000, refundedCents: 0 }, undefined)).toMatchObject({ ok: true, statusAfter: 'refunded' });
  });
});
