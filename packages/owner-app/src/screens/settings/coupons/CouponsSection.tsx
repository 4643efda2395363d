import { useEffect, useId, useState } from 'react';
import type { CouponJson, CouponKind } from '@vitrine/contracts';
import { formatDateTime } from '@vitrine/format/dates';
import { formatMoney } from '@vitrine/format/money';
import { useBoot } from '../../../api/client';
import { useCan } from '../../../api/hooks';
import { useLocale } from '../../../ui/locale';
import { failureText } from '../../../ui/messages';
import { ReadStates } from '../../../ui/states';
import { Field, focusOnMount, RowActions, useCheckedSubmit } from '../shipping/fields';
import { FormActions, ListCard, useListEditing } from '../shipping/list-editing';
import { COUPON_KINDS, COUPON_TEXTS, couponBodyOf, couponValueText, emptyCoupon, formOfCoupon, usesText, type CouponForm } from './coupon-form';
import { useCoupons, useDeleteCoupon, useProductSearch, useSaveCoupon } from './coupons-api';
import '../commerce/panels.css';
import '../shipping/shipping.css';

/**
 * Settings → Coupons (issue 17): the coupons (code, discount in words, minimum, dates, uses, active), a coupon's
 * form to add or edit it (dates typed in the website's time zone, products picked from the catalog's search), and
 * Delete through the confirm modal. A duplicate code (409) is shown beside the code.
 */
export default function CouponsSection() {
  const coupons = useCoupons();
  const mayWrite = useCan('store-settings:write');
  const { currency, timeZone } = useBoot().website;
  const locale = useLocale();
  const remove = useDeleteCoupon();
  const list = useListEditing<CouponJson>({
    remove,
    deletion: (coupon) => ({
      title: 'Delete coupon?',
      message: `${coupon.code} will no longer work at checkout. Orders that used it keep their discount.`,
      confirmLabel: 'Delete coupon',
      done: `Deleted ${coupon.code}.`,
    }),
  });
  const { editing, open, onDelete } = list;
  const id = useId();

  const when = (iso: string) => formatDateTime(iso, { locale, timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const datesText = (coupon: CouponJson) =>
    coupon.startsAt && coupon.endsAt ? `${when(coupon.startsAt)} – ${when(coupon.endsAt)}` : coupon.startsAt ? `From ${when(coupon.startsAt)}` : coupon.endsAt ? `Until ${when(coupon.endsAt)}` : 'Any time';

  return (
    <div className="panel">
      {!mayWrite ? <p className="panel-help">{COUPON_TEXTS.readOnly}</p> : null}
      {editing && mayWrite ? (
        <CouponEditor
          key={editing === 'new' ? 'new' : editing.id}
          coupon={editing === 'new' ? null : editing}
          currency={currency}
          timeZone={timeZone}
          locale={locale}
          onDone={(saved) => list.finish(saved ? COUPON_TEXTS.saved : undefined)}
        />
      ) : null}
      <ListCard id={`${id}-list`} title="Coupons" addLabel="Add coupon" onAdd={mayWrite && !editing ? () => open('new') : undefined} status={list.status} refusal={list.refusal}>
        <ReadStates read={coupons} isEmpty={coupons.data?.coupons.length === 0} empty={<p className="panel-empty">No coupons yet.</p>}>
          {(couponList) => (
            <table className="panel-table" aria-labelledby={`${id}-list`}>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Discount</th>
                  <th scope="col">Minimum</th>
                  <th scope="col">Dates</th>
                  <th scope="col">Uses</th>
                  <th scope="col">Status</th>
                  {mayWrite ? (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {couponList.coupons.map((coupon) => (
                  <tr key={coupon.id}>
                    <th scope="row" className="panel-mono">
                      {coupon.code}
                    </th>
                    <td data-label="Discount">{couponValueText(coupon, currency, locale)}</td>
                    <td data-label="Minimum">{coupon.minSubtotalCents == null ? 'None' : formatMoney(coupon.minSubtotalCents, currency, { locale })}</td>
                    <td data-label="Dates">{datesText(coupon)}</td>
                    <td data-label="Uses">{usesText(coupon)}</td>
                    <td data-label="Status">{coupon.active ? 'Active' : <span className="checkout-muted">Inactive</span>}</td>
                    {mayWrite ? (
                      <RowActions name={coupon.code} onEdit={() => open(coupon)} onDelete={() => void onDelete(coupon)} deleting={remove.isPending} />
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ReadStates>
      </ListCard>
    </div>
  );
}

function CouponEditor({ coupon, currency, timeZone, locale, onDone }: { coupon: CouponJson | null; currency: string; timeZone: string; locale: string; onDone: (saved: boolean) => void }) {
  const save = useSaveCoupon();
  const [form, setForm] = useState<CouponForm>(() => (coupon ? formOfCoupon(coupon, currency, timeZone) : emptyCoupon()));
  const id = useId();
  const set = (change: Partial<CouponForm>) => setForm((current) => ({ ...current, ...change }));

  const { errors, refusal, onSubmit } = useCheckedSubmit({
    check: () => couponBodyOf(form, currency, timeZone, locale),
    fixFields: COUPON_TEXTS.fixFields,
    save: (body, callbacks) => save.mutate({ couponId: coupon?.id, body }, callbacks),
    onSaved: () => onDone(true),
    conflictField: 'code',
  });

  const money = (label: string) => `${label} (${currency})`;
  const scopeError = Object.entries(errors).find(([key]) => key.startsWith('scope'))?.[1];
  return (
    <form className="card panel-card checkout-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={focusOnMount}>
        {coupon ? `Edit ${coupon.code}` : 'Add a coupon'}
      </h2>
      <div className="checkout-line">
        <Field label="Code" help="What shoppers type at checkout; letters, digits, - and _. Case does not matter." error={errors.code}>
          {(control) => <input {...control} type="text" className="panel-mono" autoComplete="off" spellCheck={false} maxLength={50} value={form.code} onChange={(event) => set({ code: event.target.value })} />}
        </Field>
        <Field label="Kind" error={errors.kind}>
          {(control) => (
            <select {...control} value={form.kind} onChange={(event) => set({ kind: event.target.value as CouponKind })}>
              {COUPON_KINDS.map((kind) => (
                <option key={kind.kind} value={kind.kind}>
                  {kind.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {form.kind === 'percentage' ? (
          <Field label="Percentage off (%)" className="checkout-narrow" error={errors.percentBasisPoints}>
            {(control) => <input {...control} type="text" inputMode="decimal" autoComplete="off" value={form.percent} onChange={(event) => set({ percent: event.target.value })} />}
          </Field>
        ) : form.kind === 'fixed' ? (
          <Field label={money('Amount off')} className="checkout-narrow" error={errors.amountCents}>
            {(control) => <input {...control} type="text" inputMode="decimal" autoComplete="off" value={form.amount} onChange={(event) => set({ amount: event.target.value })} />}
          </Field>
        ) : null}
      </div>
      <div className="checkout-line">
        <Field label={`Minimum subtotal (${currency}, optional)`} error={errors.minSubtotalCents}>
          {(control) => <input {...control} type="text" inputMode="decimal" autoComplete="off" value={form.minSubtotal} onChange={(event) => set({ minSubtotal: event.target.value })} />}
        </Field>
        <Field label="Starts (optional)" help={`In the website’s time zone (${timeZone}).`} error={errors.startsAt}>
          {(control) => <input {...control} type="datetime-local" value={form.startsAt} onChange={(event) => set({ startsAt: event.target.value })} />}
        </Field>
        <Field label="Ends (optional)" help={`In the website’s time zone (${timeZone}).`} error={errors.endsAt}>
          {(control) => <input {...control} type="datetime-local" value={form.endsAt} onChange={(event) => set({ endsAt: event.target.value })} />}
        </Field>
      </div>
      <div className="checkout-line">
        <Field label="Usage limit (optional)" help="Uses in all; empty for no limit." error={errors.usageLimit}>
          {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="off" value={form.usageLimit} onChange={(event) => set({ usageLimit: event.target.value })} />}
        </Field>
        <Field label="Limit per customer (optional)" help="Uses by one customer; empty for no limit." error={errors.perCustomerLimit}>
          {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="off" value={form.perCustomerLimit} onChange={(event) => set({ perCustomerLimit: event.target.value })} />}
        </Field>
      </div>
      <fieldset className="checkout-group">
        <legend>Applies to</legend>
        {(
          [
            ['all', 'All products'],
            ['products', 'Chosen products'],
            ['collections', 'Chosen collections'],
          ] as const
        ).map(([value, label]) => (
          <div key={value} className="panel-check">
            <input id={`${id}-scope-${value}`} type="radio" name={`${id}-scope`} value={value} checked={form.scope === value} onChange={() => set({ scope: value })} />
            <label htmlFor={`${id}-scope-${value}`}>{label}</label>
          </div>
        ))}
        {form.scope === 'products' ? <ProductPicker chosen={form.productIds} onChange={(productIds) => set({ productIds })} /> : null}
        {form.scope === 'collections' ? (
          <Field label="Collection ids" help="Separated by commas." error={undefined}>
            {(control) => <input {...control} type="text" className="panel-mono" autoComplete="off" value={form.collectionIds} onChange={(event) => set({ collectionIds: event.target.value })} />}
          </Field>
        ) : null}
        {scopeError ? <p className="panel-error">{scopeError}</p> : null}
      </fieldset>
      <div className="panel-check">
        <input id={`${id}-active`} type="checkbox" checked={form.active} onChange={(event) => set({ active: event.target.checked })} />
        <label htmlFor={`${id}-active`}>Active</label>
        <p className="panel-help">An inactive coupon is refused at checkout.</p>
      </div>
      <div className="panel-check">
        <input id={`${id}-combines`} type="checkbox" checked={form.combinesWithAutomaticDiscounts} onChange={(event) => set({ combinesWithAutomaticDiscounts: event.target.checked })} />
        <label htmlFor={`${id}-combines`}>Combines with automatic discounts</label>
        <p className="panel-help">Otherwise the shopper gets whichever saves more: this coupon or the automatic discounts.</p>
      </div>
      <FormActions saveLabel="Save coupon" saving={save.isPending} onCancel={() => onDone(false)} refusal={refusal} />
    </form>
  );
}

/** Products for a coupon's scope: search the catalog by title or sku, add from the results, remove from the chosen. */
export function ProductPicker({ chosen, onChange }: { chosen: string[]; onChange: (ids: string[]) => void }) {
  const [q, setQ] = useState('');
  // The search is asked for once typing pauses (250 ms), not at every key.
  const [deferred, setDeferred] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDeferred(q.trim()), 250);
    return () => clearTimeout(timer);
  }, [q]);
  const results = useProductSearch(deferred);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const id = useId();
  const titleOf = (productId: string) => titles[productId] ?? productId;
  return (
    <div className="panel-field">
      {chosen.length > 0 ? (
        <ul className="checkout-picks" aria-label="Chosen products">
          {chosen.map((productId) => (
            <li key={productId}>
              {titleOf(productId)}
              <button type="button" className="button button-secondary button-small" aria-label={`Remove ${titleOf(productId)}`} onClick={() => onChange(chosen.filter((entry) => entry !== productId))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={`${id}-q`}>Find products</label>
      <input id={`${id}-q`} type="search" autoComplete="off" value={q} onChange={(event) => setQ(event.target.value)} />
      {deferred.trim() !== '' ? (
        results.isPending ? (
          <p className="panel-help">Searching…</p>
        ) : results.isError ? (
          <p className="panel-error">{failureText(results.error)}</p>
        ) : results.data.products.length === 0 ? (
          <p className="panel-help">No product matches.</p>
        ) : (
          <ul className="checkout-results" aria-label="Matching products">
            {results.data.products.map((product) => (
              <li key={product.id}>
                <span>{product.title}</span>
                {chosen.includes(product.id) ? (
                  <span className="checkout-muted">Chosen</span>
                ) : (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={`Add ${product.title}`}
                    onClick={() => {
                      setTitles((current) => ({ ...current, [product.id]: product.title }));
                      onChange([...chosen, product.id]);
                    }}
                  >
                    Add
                  </button>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
