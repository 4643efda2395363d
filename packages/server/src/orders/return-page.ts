import type { Kysely } from 'kysely';
import { leftToReturn } from '@vitrine/commerce';
import { RETURN_REASONS, RETURN_REQUEST_MESSAGES, RETURNABLE_ORDER_STATUSES, type ReturnStatusName } from '@vitrine/contracts';
import { formatDate } from '@vitrine/format';
import { siteUserOf, type Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { lineProgressOf, readOrderParts } from './order-progress';

/**
 * The return section of the order's page (`/checkout/order-confirmed?orderId=`, the confirmation mail's link, and
 * the account page's order list link to it): a plain HTML form (it works without JavaScript) posting to
 * RETURN_FORM_PATH with the crumb, the returns asked for so far, and why nothing can be asked when nothing can.
 */

export const RETURN_FORM_PATH = '/checkout/order-confirmed/returns';

/** The form's answers travel back as a code in the redirect (never as text a link could make the page say). */
export const RETURN_FORM_ERRORS = {
  crumb: RETURN_REQUEST_MESSAGES.expired,
  choose: RETURN_REQUEST_MESSAGES.chooseSomething,
  other: RETURN_REQUEST_MESSAGES.otherNeedsNote,
  reason: 'Choose why you are returning the items.',
  note: 'Keep the reason to 500 characters or fewer.',
  'too-many': 'You asked to return more than can be returned. Check the quantities.',
  nothing: RETURN_REQUEST_MESSAGES.nothingReturnable,
} as const;
export type ReturnFormError = keyof typeof RETURN_FORM_ERRORS;

const STATUS_LABELS: Record<string, string> = {
  requested: 'Requested: the store will answer soon',
  approved: 'Approved: please send the items back',
  declined: 'Declined',
  received: 'Received: your refund is on its way',
  refunded: 'Refunded',
};

export interface ReturnSectionView {
  /** 'form': something can be asked back; 'nothing': everything shipped is asked back already; 'not-shipped'. */
  state: 'form' | 'nothing' | 'not-shipped';
  message: string;
  notice: string;
  /** The form, while something can be asked back: its refused answer's message, its lines and the reasons. */
  form: {
    action: string;
    fields: Array<{ name: string; value: string }>;
    error: string;
    lines: Array<{ inputId: string; name: string; productName: string; sku: string; max: number }>;
    reasons: Array<{ value: string; label: string; inputId: string }>;
  } | null;
  requests: Array<{ id: string; status: ReturnStatusName; statusLabel: string; date: string; reasonLabel: string; note: string; declineMessage: string; items: Array<{ quantity: number; productName: string }> }>;
}

/**
 * The section for this order, or null where returns do not apply (a cancelled or unpaid order, or a shopper signed in
 * to another account, who is shown no form for an order that is not theirs).
 */
export async function returnSectionOf(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  orderId: string,
  query: { notice?: string; error?: string },
): Promise<ReturnSectionView | null> {
  const order = await db.selectFrom('orders').selectAll().where('website_id', '=', website.id).where('id', '=', orderId).executeTakeFirst();
  if (!order || order.status === 'cancelled' || order.payment_status !== 'paid') return null;
  const signedIn = siteUserOf(actor);
  if (signedIn && signedIn.role === undefined && order.site_user_id !== signedIn.id && order.email.toLowerCase() !== signedIn.email.toLowerCase()) return null;
  const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
  const parts = await readOrderParts(db, website.id, order.id, order.currency);
  const progress = lineProgressOf(items, parts);
  const shipped = RETURNABLE_ORDER_STATUSES.includes(order.status);
  const open = shipped ? progress.filter((line) => leftToReturn(line) > 0) : [];
  const state: ReturnSectionView['state'] = !shipped ? 'not-shipped' : open.length === 0 ? 'nothing' : 'form';
  const nameOf = (lineId: string) => items.find((item) => item.id === lineId)?.product_name ?? '';
  const dateOf = (millis: number) => formatDate(new Date(millis), { locale: website.locale, timeZone: website.time_zone });
  const error = typeof query.error === 'string' && Object.hasOwn(RETURN_FORM_ERRORS, query.error) ? RETURN_FORM_ERRORS[query.error as ReturnFormError] : '';
  return {
    state,
    message: state === 'not-shipped' ? RETURN_REQUEST_MESSAGES.notShipped : state === 'nothing' ? RETURN_REQUEST_MESSAGES.nothingReturnable : '',
    notice: query.notice === 'requested' ? RETURN_REQUEST_MESSAGES.requested : '',
    form: state === 'form' ? {
      action: RETURN_FORM_PATH,
      fields: [{ name: 'orderId', value: order.id }],
      error,
      lines: open.map((line, index) => ({ inputId: `return-quantity-${index + 1}`, name: `quantity.${line.lineId}`, productName: line.productName, sku: line.sku, max: leftToReturn(line) })),
      reasons: Object.entries(RETURN_REASONS).map(([value, label]) => ({ value, label, inputId: `return-reason-${value}` })),
    } : null,
    requests: parts.returns.map((one) => ({
      id: one.id,
      status: one.status,
      statusLabel: STATUS_LABELS[one.status] ?? one.status,
      date: dateOf(one.created),
      reasonLabel: one.reasonLabel,
      note: one.note,
      declineMessage: one.declineMessage,
      items: one.lines.map((line) => ({ quantity: line.quantity, productName: nameOf(line.lineId) })),
    })),
  };
}
