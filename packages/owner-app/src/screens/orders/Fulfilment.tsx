import type { Carrier, OwnerOrderJson } from '@vitrine/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { failureText } from '../../ui/messages';
import type { Outcome } from '../../ui/states';
import { useLocale } from '../../ui/locale';
import { money } from './orders-format';
import { packingSlipHref, useCreateFulfilment, useReturnStep, type ReturnStep } from './orders-api';
import { CARRIER_LABELS, FULFILMENT_TEXTS as T } from './texts';

// The carriers in the select's order (the labels' keys: a Record of the contracts' Carrier, so none is missed).
const CARRIERS = Object.keys(CARRIER_LABELS) as Carrier[];

/** Issue 38: the shipments with their tracking links, the packing slip, the Fulfil form and the Returns panel. */

const nameOf = (order: OwnerOrderJson, lineId: string) => order.lines.find((line) => line.lineId === lineId)?.productName ?? '';

/** The order's shipments, each with its tracking link, and the packing slip link. */
export function FulfilmentsSection({ order }: { order: OwnerOrderJson }) {
  return (
    <section className="card order-section" aria-labelledby="order-fulfilments-title">
      <h2 id="order-fulfilments-title">{T.fulfilments}</h2>
      <p>
        <a href={packingSlipHref(order.id)} target="_blank" rel="noopener">
          {T.packingSlip} <span className="visually-hidden">{T.packingSlipHint}</span>
        </a>
      </p>
      {order.fulfilments.length === 0 ? (
        <p className="muted">{T.noFulfilments}</p>
      ) : (
        <ul className="order-fulfilments">
          {order.fulfilments.map((fulfilment) => (
            <li key={fulfilment.id}>
              <span className="order-fulfilment-lines">{fulfilment.lines.map((line) => T.returnLine(line.quantity, nameOf(order, line.lineId))).join(', ')}</span>
              {fulfilment.trackingUrl ? (
                <a href={fulfilment.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {T.track(fulfilment.carrierName, fulfilment.trackingNumber)}
                </a>
              ) : (
                <span>{[fulfilment.carrierName, fulfilment.trackingNumber].filter(Boolean).join(' ')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The Fulfil form: a quantity per line (what is left, at first), the carrier, the tracking number (and the link
 * for another carrier), and whether to mail the shopper. Opened as a disclosure; the focus goes to its first field.
 */
export function FulfilPanel({ order, onOutcome }: { order: OwnerOrderJson; onOutcome: (outcome: Outcome) => void }) {
  const create = useCreateFulfilment(order.id);
  const left = order.lines.filter((line) => line.quantity - line.fulfilled > 0);
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [carrier, setCarrier] = useState<Carrier>('ups');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [notify, setNotify] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) firstRef.current?.focus();
  }, [open]);

  if (left.length === 0) return null;

  const start = () => {
    setQuantities(Object.fromEntries(left.map((line) => [line.lineId, String(line.quantity - line.fulfilled)])));
    setProblem(null);
    setOpen(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = left.map((line) => ({ lineId: line.lineId, quantity: Number.parseInt(quantities[line.lineId] ?? '0', 10) || 0 })).filter((line) => line.quantity > 0);
    if (lines.length === 0) {
      setProblem(T.nothingChosen);
      return;
    }
    setProblem(null);
    create.mutate(
      {
        lines,
        carrier,
        ...(trackingNumber.trim() ? { trackingNumber: trackingNumber.trim() } : {}),
        ...(carrier === 'other' && trackingUrl.trim() ? { trackingUrl: trackingUrl.trim() } : {}),
        notifyShopper: notify,
      },
      {
        onSuccess: () => {
          setOpen(false);
          setTrackingNumber('');
          setTrackingUrl('');
          onOutcome({ kind: 'done', text: notify ? T.shipped : T.shippedQuietly });
        },
        onError: (error) => setProblem(failureText(error)),
      },
    );
  };

  return (
    <div className="order-fulfil">
      <button type="button" className="button button-primary" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => (open ? setOpen(false) : start())}>
        {T.fulfilWithTracking}
      </button>
      <div id={`${id}-panel`} hidden={!open}>
        {open ? (
          <form className="order-fulfil-form" onSubmit={submit} noValidate aria-label={T.fulfilTitle}>
            {left.map((line, index) => (
              <div className="field" key={line.lineId}>
                <label htmlFor={`${id}-q-${index}`}>{T.quantityOf(line.productName, line.quantity - line.fulfilled)}</label>
                <input
                  ref={index === 0 ? firstRef : undefined}
                  id={`${id}-q-${index}`}
                  type="number"
                  min={0}
                  max={line.quantity - line.fulfilled}
                  inputMode="numeric"
                  value={quantities[line.lineId] ?? ''}
                  onChange={(event) => setQuantities({ ...quantities, [line.lineId]: event.target.value })}
                />
              </div>
            ))}
            <div className="field">
              <label htmlFor={`${id}-carrier`}>{T.carrier}</label>
              <select id={`${id}-carrier`} value={carrier} onChange={(event) => setCarrier(event.target.value as Carrier)}>
                {CARRIERS.map((one) => (
                  <option key={one} value={one}>
                    {CARRIER_LABELS[one]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-number`}>{T.trackingNumber}</label>
              <input id={`${id}-number`} type="text" autoComplete="off" maxLength={64} value={trackingNumber} onChange={(event) => setTrackingNumber(event.target.value)} />
            </div>
            {carrier === 'other' ? (
              <div className="field">
                <label htmlFor={`${id}-url`}>{T.trackingUrl}</label>
                <input id={`${id}-url`} type="url" autoComplete="off" value={trackingUrl} aria-describedby={`${id}-url-hint`} onChange={(event) => setTrackingUrl(event.target.value)} />
                <span id={`${id}-url-hint`} className="field-hint">{T.trackingUrlHint}</span>
              </div>
            ) : null}
            <div className="field field-check">
              <input id={`${id}-notify`} type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} />
              <label htmlFor={`${id}-notify`}>{T.notifyShopper}</label>
            </div>
            {problem ? (
              <p role="alert" className="field-error">
                {problem}
              </p>
            ) : null}
            <div className="order-buttons">
              <button type="submit" className="button button-primary" disabled={create.isPending}>
                {create.isPending ? T.shipping : T.ship}
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </div>
  );
}

/** The returns of the order and the step each allows: approve or decline, mark received, refund (with restock). */
export function ReturnsSection({ order, mayWrite }: { order: OwnerOrderJson; mayWrite: boolean }) {
  const locale = useLocale();
  const step = useReturnStep(order.id);
  const [declining, setDeclining] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const id = useId();
  if (order.returns.length === 0) return null;

  const run = (input: ReturnStep) => {
    setOutcome(null);
    step.mutate(input, {
      onSuccess: () => {
        setDeclining(null);
        setMessage('');
        setOutcome({ kind: 'done', text: T.returnDone });
      },
      onError: (error) => setOutcome({ kind: 'refused', text: failureText(error) }),
    });
  };

  return (
    <section className="card order-section" aria-labelledby="order-returns-title">
      <h2 id="order-returns-title">{T.returns}</h2>
      <p role="status" className={outcome?.kind === 'done' ? 'order-outcome done' : 'order-outcome empty'}>{outcome?.kind === 'done' ? outcome.text : ''}</p>
      <p role="alert" className={outcome?.kind === 'refused' ? 'order-outcome refused' : 'order-outcome empty'}>{outcome?.kind === 'refused' ? outcome.text : ''}</p>
      <ul className="order-returns">
        {order.returns.map((one, index) => (
          <li key={one.id} aria-labelledby={`${id}-r${index}`}>
            <p id={`${id}-r${index}`}>
              <strong>{T.returnStatus[one.status]}</strong> · {one.reasonLabel}
              {one.note ? ` · “${one.note}”` : ''}
            </p>
            <p>{one.lines.map((line) => T.returnLine(line.quantity, nameOf(order, line.lineId))).join(', ')}</p>
            {one.status === 'declined' && one.declineMessage ? <p className="muted">{one.declineMessage}</p> : null}
            {one.status === 'refunded' ? <p>{T.refundedReturn(money(one.refunded, locale))}</p> : null}
            {mayWrite && one.status === 'requested' ? (
              <div className="order-buttons">
                <button type="button" className="button button-primary" disabled={step.isPending} onClick={() => run({ step: 'approve', returnId: one.id })}>
                  {T.approve}
                </button>
                <button type="button" className="button button-danger-outline" aria-expanded={declining === one.id} disabled={step.isPending} onClick={() => setDeclining(declining === one.id ? null : one.id)}>
                  {T.decline}
                </button>
              </div>
            ) : null}
            {mayWrite && declining === one.id ? (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  run({ step: 'decline', returnId: one.id, message: message.trim() });
                }}
              >
                <div className="field">
                  <label htmlFor={`${id}-decline-${index}`}>{T.declineMessage}</label>
                  <textarea id={`${id}-decline-${index}`} required maxLength={1000} rows={2} value={message} onChange={(event) => setMessage(event.target.value)} />
                </div>
                <button type="submit" className="button button-danger-outline" disabled={step.isPending || message.trim() === ''}>
                  {T.sendDecline}
                </button>
              </form>
            ) : null}
            {mayWrite && one.status === 'approved' ? (
              <button type="button" className="button button-secondary" disabled={step.isPending} onClick={() => run({ step: 'receive', returnId: one.id })}>
                {T.received}
              </button>
            ) : null}
            {mayWrite && one.status === 'received' ? (
              <div>
                {one.lines.map((line, lineIndex) => (
                  <div className="field field-check" key={line.lineId}>
                    <input
                      id={`${id}-restock-${index}-${lineIndex}`}
                      type="checkbox"
                      checked={restock[`${one.id}:${line.lineId}`] ?? true}
                      onChange={(event) => setRestock({ ...restock, [`${one.id}:${line.lineId}`]: event.target.checked })}
                    />
                    <label htmlFor={`${id}-restock-${index}-${lineIndex}`}>{T.restockLine(nameOf(order, line.lineId))}</label>
                  </div>
                ))}
                <button
                  type="button"
                  className="button button-primary"
                  disabled={step.isPending}
                  onClick={() => run({ step: 'refund', returnId: one.id, restock: one.lines.filter((line) => restock[`${one.id}:${line.lineId}`] ?? true).map((line) => line.lineId) })}
                >
                  {T.refundReturn}
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
