import type { OwnerOrderJson } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useBoot } from '../../api/client';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { failureText } from '../../ui/messages';
import { Empty, Loading, LoadFailed, type Outcome } from '../../ui/states';
import { useLocale } from '../../ui/locale';
import { useCancelOrder, useFulfilOrder, useMarkOrderPaid, useOrder, useRefundOrder } from './orders-api';
import { amountFieldText, checkRefundAmount, lineTotal, minorUnitsOf, money, moneyOfMinorUnits, newIdempotencyKey, when } from './orders-format';
import { ordersListHref, StatusBadge, TestBadge } from './OrderList';
import { EVENT_LABELS, ORDER_TEXTS } from './texts';
import { FulfilmentsSection, FulfilPanel, ReturnsSection } from './Fulfilment';

/** One order: its lines, totals, customer, status and history; the changes the role may make, each answered in place. */
export function OrderDetail({ orderId }: { orderId: string }) {
  const detail = useOrder(orderId);
  const back = (
    <Link to={ordersListHref()} className="orders-back" current={false}>
      <span aria-hidden="true">← </span>
      {ORDER_TEXTS.backToOrders}
    </Link>
  );
  if (detail.isPending) {
    return (
      <section className="order-detail">
        {back}
        <ScreenHeading>{ORDER_TEXTS.orderHeading}</ScreenHeading>
        <Loading />
      </section>
    );
  }
  if (detail.isError && !detail.data) {
    return (
      <section className="order-detail">
        {back}
        <ScreenHeading>{ORDER_TEXTS.orderHeading}</ScreenHeading>
        {isOwnerApiError(detail.error, 404) ? <Empty title={ORDER_TEXTS.notFound} /> : <LoadFailed error={detail.error} retry={() => void detail.refetch()} />}
      </section>
    );
  }
  return <OrderBody order={detail.data.order} back={back} />;
}

function OrderBody({ order, back }: { order: OwnerOrderJson; back: ReactNode }) {
  const locale = useLocale();
  const { timeZone } = useBoot().website;
  const mayWrite = useCan('orders:write');
  const at = (time: number) => when(time, locale, timeZone);
  const refunded = minorUnitsOf(order.refundedTotal) > 0n;

  return (
    <section className="order-detail">
      {back}
      <ScreenHeading
        actions={
          <span className="order-badges">
            <StatusBadge status={order.status} />
            {order.testMode ? <TestBadge /> : null}
          </span>
        }
      >
        {ORDER_TEXTS.orderTitle(ORDER_TEXTS.numberLabel(order.orderNumber))}
      </ScreenHeading>
      <p className="order-placed muted">
        {ORDER_TEXTS.placedAt} {at(order.created)}
        <span className="order-id">
          {ORDER_TEXTS.orderId} <span className="order-id-value">{order.id}</span>
        </span>
      </p>

      <div className="order-columns">
        <div className="order-main">
          <section className="card order-section" aria-labelledby="order-lines-title">
            <h2 id="order-lines-title">{ORDER_TEXTS.lines}</h2>
            <table className="data-table order-lines">
              <caption className="visually-hidden">{ORDER_TEXTS.linesCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{ORDER_TEXTS.product}</th>
                  <th scope="col" className="numeric">{ORDER_TEXTS.quantity}</th>
                  <th scope="col" className="numeric">{ORDER_TEXTS.price}</th>
                  <th scope="col" className="numeric">{ORDER_TEXTS.lineTotal}</th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item, index) => (
                  <tr key={`${item.sku}-${index}`}>
                    <th scope="row" data-label={ORDER_TEXTS.product}>
                      <span className="order-line-title">{item.productName}</span>
                      {item.optionValues && item.optionValues.length > 0 ? (
                        <span className="order-line-options">{item.optionValues.map((option) => `${option.optionName}: ${option.value}`).join(' · ')}</span>
                      ) : null}
                      <span className="order-line-sku">
                        {ORDER_TEXTS.sku} {item.sku}
                      </span>
                    </th>
                    <td className="numeric" data-label={ORDER_TEXTS.quantity}>{item.quantity}</td>
                    <td className="numeric" data-label={ORDER_TEXTS.price}>{money(item.unitPrice, locale)}</td>
                    <td className="numeric" data-label={ORDER_TEXTS.lineTotal}>{lineTotal(item.unitPrice, item.quantity, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="order-totals" aria-label={ORDER_TEXTS.totals}>
              <div>
                <dt>{ORDER_TEXTS.subtotal}</dt>
                <dd>{money(order.subtotal, locale)}</dd>
              </div>
              {minorUnitsOf(order.discountTotal) > 0n ? (
                <div>
                  <dt>{order.couponCodes.length > 0 ? ORDER_TEXTS.discountWith(order.couponCodes.join(', ')) : ORDER_TEXTS.discount}</dt>
                  <dd>−{money(order.discountTotal, locale)}</dd>
                </div>
              ) : null}
              {minorUnitsOf(order.shippingTotal) > 0n || order.shippingOptionName ? (
                <div>
                  <dt>{order.shippingOptionName ? ORDER_TEXTS.shippingWith(order.shippingOptionName) : ORDER_TEXTS.shipping}</dt>
                  <dd>{money(order.shippingTotal, locale)}</dd>
                </div>
              ) : null}
              {minorUnitsOf(order.taxTotal) > 0n ? (
                <div>
                  <dt>{ORDER_TEXTS.tax}</dt>
                  <dd>{money(order.taxTotal, locale)}</dd>
                </div>
              ) : null}
              <div className="order-grand-total">
                <dt>{ORDER_TEXTS.total}</dt>
                <dd>{money(order.grandTotal, locale)}</dd>
              </div>
              {minorUnitsOf(order.giftCardTotal) > 0n ? (
                <div>
                  <dt>{ORDER_TEXTS.giftCard}</dt>
                  <dd>{money(order.giftCardTotal, locale)}</dd>
                </div>
              ) : null}
              {refunded ? (
                <>
                  <div>
                    <dt>{ORDER_TEXTS.refunded}</dt>
                    <dd>−{money(order.refundedTotal, locale)}</dd>
                  </div>
                  <div>
                    <dt>{ORDER_TEXTS.refundable}</dt>
                    <dd>{money(order.refundable, locale)}</dd>
                  </div>
                </>
              ) : null}
            </dl>
          </section>

          <FulfilmentsSection order={order} />
          <ReturnsSection order={order} mayWrite={mayWrite} />

          <section className="card order-section" aria-labelledby="order-history-title">
            <h2 id="order-history-title">{ORDER_TEXTS.history}</h2>
            <ol className="order-history">
              <li>
                <span className="order-event-what">{ORDER_TEXTS.placedEvent}</span>
                <span className="order-event-when">{at(order.created)}</span>
              </li>
              {order.history.map((event, index) => (
                <li key={`${event.kind}-${event.at}-${index}`}>
                  <span className="order-event-what">
                    {EVENT_LABELS[event.kind]}
                    {event.amount ? ` ${money(event.amount, locale)}` : ''}
                  </span>
                  <span className="order-event-when">
                    {at(event.at)} {ORDER_TEXTS.by(event.by)}
                  </span>
                  {event.note ? <span className="order-event-note">“{event.note}”</span> : null}
                </li>
              ))}
            </ol>
          </section>
        </div>

        <div className="order-side">
          <section className="card order-section" aria-labelledby="order-customer-title">
            <h2 id="order-customer-title">{ORDER_TEXTS.customer}</h2>
            <p className="order-email">
              <a href={`mailto:${order.email}`}>{order.email}</a>
            </p>
            <h3 className="order-address-title">{ORDER_TEXTS.shippingAddress}</h3>
            {order.shippingAddress ? <PostalAddressLines address={order.shippingAddress} /> : <p className="muted">{ORDER_TEXTS.noShippingAddress}</p>}
            {order.billingAddress ? (
              <>
                <h3 className="order-address-title">{ORDER_TEXTS.billingAddress}</h3>
                <PostalAddressLines address={order.billingAddress} />
              </>
            ) : null}
            <dl className="order-facts">
              <div>
                <dt>{ORDER_TEXTS.placedAt}</dt>
                <dd>{at(order.created)}</dd>
              </div>
              {order.fulfilledAt !== null ? (
                <div>
                  <dt>{ORDER_TEXTS.fulfilledAt}</dt>
                  <dd>{at(order.fulfilledAt)}</dd>
                </div>
              ) : null}
              {order.cancelledAt !== null ? (
                <div>
                  <dt>{ORDER_TEXTS.cancelledAt}</dt>
                  <dd>{at(order.cancelledAt)}</dd>
                </div>
              ) : null}
              <div>
                <dt>{ORDER_TEXTS.payment}</dt>
                <dd>
                  {order.manualPayment?.label ?? order.paymentProvider}
                  {order.testMode ? <span className="order-test-note"> {ORDER_TEXTS.testMode}</span> : null}
                  {order.paymentStatus === 'pending' && order.manualPayment && order.paymentExpiresAt !== null ? (
                    <span className="order-payment-status" role="status">
                      {' '}
                      {ORDER_TEXTS.awaitingManual(order.manualPayment.label, at(order.paymentExpiresAt))}
                    </span>
                  ) : order.paymentStatus !== 'paid' ? (
                    <span className="order-payment-status" role="status"> {PAYMENT_NOTES[order.paymentStatus]}</span>
                  ) : null}
                </dd>
              </div>
            </dl>
            {order.manualPayment ? (
              <>
                <h3 className="order-address-title">{ORDER_TEXTS.instructionsGiven}</h3>
                <p className="order-instructions">{order.manualPayment.instructions}</p>
              </>
            ) : null}
          </section>
          {mayWrite ? <OrderActions order={order} /> : null}
        </div>
      </div>
    </section>
  );
}

const PAYMENT_NOTES = {
  pending: ORDER_TEXTS.paymentPending,
  failed: ORDER_TEXTS.paymentFailed,
  expired: ORDER_TEXTS.paymentExpired,
} as const;

/** An address as a label prints it: name, lines, city with region and postal code, country by name. */
function PostalAddressLines({ address }: { address: NonNullable<OwnerOrderJson['shippingAddress']> }) {
  const locale = useLocale();
  let country = address.country;
  try {
    country = new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(address.country) ?? address.country;
  } catch {
    // An unknown code shows as itself.
  }
  const cityLine = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <address className="order-address">
      {[address.name, address.line1, address.line2, cityLine, country, address.phone].filter(Boolean).map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}

/** Fulfil, cancel and refund, for a role with orders:write; what came of each is said here, and the focus comes to it. */
function OrderActions({ order }: { order: OwnerOrderJson }) {
  const locale = useLocale();
  const { confirm } = useConfirm();
  const fulfil = useFulfilOrder(order.id);
  const cancel = useCancelOrder(order.id);
  const markPaid = useMarkOrderPaid(order.id);
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const placed = order.status === 'placed';
  const shippable = (order.status === 'placed' || order.status === 'partially_fulfilled') && order.paymentStatus === 'paid';
  // The server's `refundable` is 0 for an order not yet paid (a manual order awaiting its money, a card not confirmed).
  const canRefund = minorUnitsOf(order.refundable) > 0n;
  const busy = fulfil.isPending || cancel.isPending || markPaid.isPending;
  // A manual order (bank transfer, cash on delivery) waits for the owner's word that the money arrived.
  const awaitingManual = placed && order.manualPayment !== null && order.paymentStatus === 'pending';

  const tell = (next: Outcome) => {
    setOutcome(next);
    // The button pressed may be gone (the order changed): the focus goes to what happened.
    window.setTimeout(() => outcomeRef.current?.focus(), 0);
  };

  const onFulfil = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    fulfil.mutate(
      { note },
      {
        onSuccess: () => {
          setNote('');
          tell({ kind: 'done', text: ORDER_TEXTS.fulfilled });
        },
        onError: (error) => tell({ kind: 'refused', text: failureText(error) }),
      },
    );
  };

  const onMarkPaid = async () => {
    if (!order.manualPayment) return;
    setOutcome(null);
    const yes = await confirm({ title: ORDER_TEXTS.markPaidTitle, message: ORDER_TEXTS.markPaidMessage(order.manualPayment.label), confirmLabel: ORDER_TEXTS.markPaid, cancelLabel: ORDER_TEXTS.notYet });
    if (!yes) return;
    markPaid.mutate(
      { note },
      {
        onSuccess: () => {
          setNote('');
          tell({ kind: 'done', text: ORDER_TEXTS.markedPaid });
        },
        onError: (error) => tell({ kind: 'refused', text: failureText(error) }),
      },
    );
  };

  const onCancel = async () => {
    setOutcome(null);
    const yes = await confirm({ title: ORDER_TEXTS.cancelTitle, message: ORDER_TEXTS.cancelMessage, confirmLabel: ORDER_TEXTS.cancel, cancelLabel: ORDER_TEXTS.keepOrder, destructive: true });
    if (!yes) return;
    cancel.mutate(
      { note },
      {
        onSuccess: () => {
          setNote('');
          tell({ kind: 'done', text: ORDER_TEXTS.cancelled });
        },
        onError: (error) => tell({ kind: 'refused', text: failureText(error) }),
      },
    );
  };

  return (
    <section className="card order-section order-actions" aria-labelledby="order-actions-title">
      <h2 id="order-actions-title">{ORDER_TEXTS.actions}</h2>
      <div ref={outcomeRef} tabIndex={-1} className="order-outcome-box">
        <p role="status" className={outcome?.kind === 'done' ? 'order-outcome done' : 'order-outcome empty'}>
          {outcome?.kind === 'done' ? outcome.text : ''}
        </p>
        <p role="alert" className={outcome?.kind === 'refused' ? 'order-outcome refused' : 'order-outcome empty'}>
          {outcome?.kind === 'refused' ? outcome.text : ''}
        </p>
      </div>
      {shippable ? <FulfilPanel order={order} onOutcome={tell} /> : null}
      {placed ? (
        <form className="order-change" onSubmit={onFulfil}>
          <div className="field">
            <label htmlFor={`${id}-note`}>{ORDER_TEXTS.note}</label>
            <textarea id={`${id}-note`} value={note} maxLength={500} rows={2} onChange={(event) => setNote(event.target.value)} />
          </div>
          <div className="order-buttons">
            {awaitingManual ? (
              <button type="button" className="button button-primary" disabled={busy} onClick={() => void onMarkPaid()}>
                {markPaid.isPending ? ORDER_TEXTS.markingPaid : ORDER_TEXTS.markPaid}
              </button>
            ) : (
              <button type="submit" className="button button-primary" disabled={busy}>
                {fulfil.isPending ? ORDER_TEXTS.fulfilling : ORDER_TEXTS.fulfil}
              </button>
            )}
            <button type="button" className="button button-danger-outline" disabled={busy} onClick={() => void onCancel()}>
              {cancel.isPending ? ORDER_TEXTS.cancelling : ORDER_TEXTS.cancel}
            </button>
          </div>
        </form>
      ) : null}
      {canRefund ? <RefundPanel order={order} onOutcome={tell} locale={locale} /> : null}
      {!placed && !shippable && !canRefund ? <p className="muted">{ORDER_TEXTS.nothingToDo}</p> : null}
    </section>
  );
}

/**
 * A refund: the amount (what is left, at first), checked against `refundable` before calling, a reason, a
 * confirmation, then the call. The idempotency key is made when the panel opens and kept until a refund
 * succeeds: a double click, or a retry after no answer came, sends the same key, so the money goes back once.
 */
function RefundPanel({ order, onOutcome, locale }: { order: OwnerOrderJson; onOutcome: (outcome: Outcome) => void; locale: string }) {
  const { confirm } = useConfirm();
  const refund = useRefundOrder(order.id);
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const left = money(order.refundable, locale);

  useEffect(() => {
    if (open) amountRef.current?.focus();
  }, [open]);

  const start = () => {
    setKey(newIdempotencyKey());
    setAmount(amountFieldText(order.refundable, locale));
    setReason('');
    setProblem(null);
    setOpen(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (refund.isPending) return;
    const checked = checkRefundAmount(amount, order.refundable, locale);
    if (!checked.ok) {
      setProblem(checked.message);
      amountRef.current?.focus();
      return;
    }
    setProblem(null);
    const shown = moneyOfMinorUnits(checked.cents, order.refundable.currency, locale);
    const yes = await confirm({
      title: ORDER_TEXTS.refundConfirmTitle(shown),
      message: ORDER_TEXTS.refundConfirmMessage(shown, order.testMode),
      confirmLabel: ORDER_TEXTS.refundConfirm(shown),
    });
    if (!yes) return;
    refund.mutate(
      { idempotencyKey: key, amountCents: checked.cents, note: reason },
      {
        onSuccess: (reply) => {
          setOpen(false);
          setKey('');
          const paid = money(reply.refund.amount, locale);
          onOutcome({ kind: 'done', text: reply.replayed ? ORDER_TEXTS.alreadyRefunded(paid) : ORDER_TEXTS.refundedAmount(paid) });
        },
        onError: (error) => onOutcome({ kind: 'refused', text: failureText(error) }),
      },
    );
  };

  return (
    <div className="order-refund">
      <button
        ref={toggleRef}
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => {
          if (open) {
            setOpen(false);
            toggleRef.current?.focus();
          } else start();
        }}
      >
        {ORDER_TEXTS.refund}
      </button>
      <div id={`${id}-panel`} hidden={!open}>
        {open ? (
          <form className="order-refund-form" onSubmit={(event) => void submit(event)} noValidate aria-label={ORDER_TEXTS.refundTitle}>
            <div className="field">
              <label htmlFor={`${id}-amount`}>{ORDER_TEXTS.amount(order.refundable.currency)}</label>
              <input
                ref={amountRef}
                id={`${id}-amount`}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
              />
              <span id={`${id}-hint`} className="field-hint">{ORDER_TEXTS.amountHint(left)}</span>
              {problem ? (
                <span id={`${id}-problem`} className="field-error">{problem}</span>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={`${id}-reason`}>{ORDER_TEXTS.refundNote}</label>
              <textarea id={`${id}-reason`} value={reason} maxLength={500} rows={2} onChange={(event) => setReason(event.target.value)} />
            </div>
            <div className="order-buttons">
              <button type="submit" className="button button-primary" disabled={refund.isPending}>
                {refund.isPending ? ORDER_TEXTS.refunding : ORDER_TEXTS.reviewRefund}
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </div>
  );
}
