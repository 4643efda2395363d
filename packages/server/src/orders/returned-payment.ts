import type { Kysely } from 'kysely';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { announcePagesChanged } from '../page-cache';
import type { PaidOrderContext } from './paid';
import { failPendingOrderIn, markOrderPaidIn } from './payment-lifecycle';
import type { PendingPaymentCanceller, PendingPaymentOutcome } from './payment-lifecycle-expiry';

/**
 * The shopper's return from a payment that left the page (Afterpay/Clearpay's site, a bank's 3-D Secure page) to the
 * order-confirmed page. The return's query is only a hint (anyone can type `?payment_intent=…&redirect_status=
 * succeeded`): the provider is asked how the payment stands, and the order is finished by the same steps as the
 * webhook's (markOrderPaidIn / failPendingOrderIn), which lock the order and act only from 'pending'. So whichever
 * of the webhook and the return comes first finishes the order, and the other, or a return loaded again, does
 * nothing.
 */

/** How a pending payment stands at the provider, as the return reads it. */
export type ReturnedPaymentState =
  | PendingPaymentOutcome
  /** The attempt failed (Afterpay declined, 3-D Secure refused): the intent waits for another method. */
  | { status: 'failed' }
  /** Still waiting for the shopper (the return came before they confirmed): nothing to do yet. */
  | { status: 'waiting' };

/** A provider that can say how a pending payment stands (Stripe: retrieve the PaymentIntent). */
export interface PendingPaymentLookup extends PendingPaymentCanceller {
  lookUpPendingPayment(paymentReference: string): Promise<ReturnedPaymentState>;
}

export const canLookUpPayments = (provider: object): provider is PendingPaymentLookup =>
  typeof (provider as Partial<PendingPaymentLookup>).lookUpPendingPayment === 'function' &&
  typeof (provider as Partial<PendingPaymentLookup>).cancelPendingPayment === 'function';

export type ReturnedPaymentOutcome =
  /** The return finished the order. */
  | 'paid'
  | 'cancelled'
  /** The order was no longer pending (the webhook, the expiry job or an earlier return finished it): nothing done. */
  | 'settled'
  /** Processing, waiting, or the provider could not be asked: the page shows the waiting receipt. */
  | 'waiting'
  /** No order of this website with this id and payment reference, or one of another provider. */
  | 'not-found';

/**
 * Finishes the order of a returned payment once, by the provider's word. A failed attempt leaves Stripe's intent
 * open for another method, so it is cancelled at the provider first: the order is cancelled only once the provider
 * says nothing can be paid on it any more (if the payment succeeded meanwhile, the order is paid instead).
 */
export async function completeReturnedPayment(
  db: Kysely<Database>,
  website: Website,
  target: { orderId: string; paymentReference: string },
  provider: { name: string } & object,
  context: PaidOrderContext,
): Promise<ReturnedPaymentOutcome> {
  if (!canLookUpPayments(provider)) return 'not-found';
  const order = await db
    .selectFrom('orders')
    .select(['payment_status', 'payment_provider'])
    .where('website_id', '=', website.id)
    .where('id', '=', target.orderId)
    .where('payment_reference', '=', target.paymentReference)
    .executeTakeFirst();
  if (!order || order.payment_provider !== provider.name) return 'not-found';
  // Finished already: a return loaded again (or after the webhook) asks the provider nothing.
  if (order.payment_status !== 'pending') return 'settled';
  let state = await provider.lookUpPendingPayment(target.paymentReference);
  if (state.status === 'failed') state = await provider.cancelPendingPayment(target.paymentReference);
  switch (state.status) {
    case 'succeeded': {
      const outcome = await inTransaction(db, (trx) =>
        markOrderPaidIn(trx, website, { ...target, customerReference: state.customerReference }, context));
      return outcome === 'paid' ? 'paid' : outcome === 'not-found' ? 'not-found' : 'settled';
    }
    case 'cancelled': {
      const outcome = await inTransaction(db, async (trx) => {
        const failed = await failPendingOrderIn(trx, website, target, 'failed');
        // Its stock can be sold again: the cached pages showing it sold out end when this commits.
        if (failed === 'cancelled') await announcePagesChanged(trx, website.id);
        return failed;
      });
      return outcome === 'cancelled' ? 'cancelled' : outcome === 'not-found' ? 'not-found' : 'settled';
    }
    default:
      return 'waiting';
  }
}

