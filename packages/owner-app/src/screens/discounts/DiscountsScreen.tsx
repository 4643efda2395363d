import { useId, useState } from 'react';
import type { AutomaticDiscountJson, AutomaticDiscountKind } from '@vitrine/contracts';
import { formatDateTime } from '@vitrine/format/dates';
import { useBoot } from '../../api/client';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { ReadStates } from '../../ui/states';
import { ProductPicker } from '../settings/coupons/CouponsSection';
import { Field, focusOnMount, RowActions, useCheckedSubmit } from '../settings/shipping/fields';
import { FormActions, ListCard, useListEditing } from '../settings/shipping/list-editing';
import { DISCOUNT_KINDS, DISCOUNT_TEXTS, discountBodyOf, discountSummary, emptyDiscount, formOfDiscount, type DiscountForm } from './discount-form';
import { bodyOfDiscount, useAutomaticDiscounts, useDeleteAutomaticDiscount, useSaveAutomaticDiscount } from './discounts-api';
import '../settings/commerce/panels.css';
import '../settings/shipping/shipping.css';
import './discounts.css';

/**
 * Marketing → Discounts (`/config/discounts`, issue 38 item 5): the automatic discounts — applied without a code —
 * with what each does in words, its dates and whether it is on (a switch per row), a form to add or edit one, and
 * Delete through the confirm modal. The stacking rules are the engine's (@vitrine/commerce automatic-discounts.ts).
 */
export default function DiscountsScreen() {
  const discounts = useAutomaticDiscounts();
  const mayWrite = useCan('store-settings:write');
  const { currency, timeZone } = useBoot().website;
  const locale = useLocale();
  const remove = useDeleteAutomaticDiscount();
  const toggle = useSaveAutomaticDiscount();
  const list = useListEditing<AutomaticDiscountJson>({
    remove,
    deletion: (discount) => ({
      title: 'Delete discount?',
      message: `${discount.title} will no longer apply. Orders that got it keep their discount.`,
      confirmLabel: 'Delete discount',
      done: `Deleted ${discount.title}.`,
    }),
  });
  const { editing, open, onDelete } = list;
  const id = useId();
  const when = (iso: string) => formatDateTime(iso, { locale, timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const datesText = (d: AutomaticDiscountJson) =>
    d.startsAt && d.endsAt ? `${when(d.startsAt)} – ${when(d.endsAt)}` : d.startsAt ? `From ${when(d.startsAt)}` : d.endsAt ? `Until ${when(d.endsAt)}` : 'Any time';
  const switchOnOff = (discount: AutomaticDiscountJson) => {
    const active = !discount.active;
    toggle.mutate(
      { discountId: discount.id, body: { ...bodyOfDiscount(discount), active } },
      { onSuccess: () => list.setStatus(active ? DISCOUNT_TEXTS.turnedOn(discount.title) : DISCOUNT_TEXTS.turnedOff(discount.title)), onError: (error) => list.setStatus(failureText(error)) },
    );
  };

  return (
    <section className="discounts">
      <ScreenHeading>Discounts</ScreenHeading>
      <p className="discounts-intro panel-help">
        Automatic discounts apply without a code. One order discount applies at most (the best for the shopper); quantity tiers and buy X get Y combine with it; a coupon combines
        with them only if it says so, otherwise the better of the two applies; free shipping combines with everything.
      </p>
      <div className="panel">
        {!mayWrite ? <p className="panel-help">{DISCOUNT_TEXTS.readOnly}</p> : null}
        {editing && mayWrite ? (
          <DiscountEditor
            key={editing === 'new' ? 'new' : editing.id}
            discount={editing === 'new' ? null : editing}
            currency={currency}
            timeZone={timeZone}
            locale={locale}
            onDone={(saved) => list.finish(saved ? DISCOUNT_TEXTS.saved : undefined)}
          />
        ) : null}
        <ListCard id={`${id}-list`} title="Automatic discounts" addLabel="Add discount" onAdd={mayWrite && !editing ? () => open('new') : undefined} status={list.status} refusal={list.refusal}>
          <ReadStates read={discounts} isEmpty={discounts.data?.automaticDiscounts.length === 0} empty={<p className="panel-empty">No automatic discounts yet.</p>}>
            {(data) => (
              <table className="panel-table" aria-labelledby={`${id}-list`}>
                <thead>
                  <tr>
                    <th scope="col">Title</th>
                    <th scope="col">Discount</th>
                    <th scope="col">Dates</th>
                    <th scope="col">On</th>
                    {mayWrite ? (
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {data.automaticDiscounts.map((discount) => (
                    <tr key={discount.id}>
                      <th scope="row">{discount.title}</th>
                      <td data-label="Discount">{discountSummary(discount, currency, locale)}</td>
                      <td data-label="Dates">{datesText(discount)}</td>
                      <td data-label="On">
                        {mayWrite ? (
                          <input type="checkbox" role="switch" aria-label={`${discount.title} on`} checked={discount.active} disabled={toggle.isPending} onChange={() => switchOnOff(discount)} />
                        ) : discount.active ? (
                          'On'
                        ) : (
                          <span className="checkout-muted">Off</span>
                        )}
                      </td>
                      {mayWrite ? <RowActions name={discount.title} onEdit={() => open(discount)} onDelete={() => void onDelete(discount)} deleting={remove.isPending} /> : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </ReadStates>
        </ListCard>
      </div>
    </section>
  );
}

function DiscountEditor({ discount, currency, timeZone, locale, onDone }: { discount: AutomaticDiscountJson | null; currency: string; timeZone: string; locale: string; onDone: (saved: boolean) => void }) {
  const save = useSaveAutomaticDiscount();
  const [form, setForm] = useState<DiscountForm>(() => (discount ? formOfDiscount(discount, currency, timeZone) : emptyDiscount()));
  const id = useId();
  const set = (change: Partial<DiscountForm>) => setForm((current) => ({ ...current, ...change }));
  const money = (label: string) => `${label} (${currency})`;

  const { errors, refusal, onSubmit } = useCheckedSubmit({
    check: () => discountBodyOf(form, currency, timeZone, locale),
    fixFields: DISCOUNT_TEXTS.fixFields,
    save: (body, callbacks) => save.mutate({ discountId: discount?.id, body }, callbacks),
    onSaved: () => onDone(true),
  });

  const setTier = (index: number, change: Partial<DiscountForm['tiers'][number]>) =>
    set({ tiers: form.tiers.map((tier, at) => (at === index ? { ...tier, ...change } : tier)) });
  const scopeError = Object.entries(errors).find(([key]) => key.startsWith('scope'))?.[1];

  return (
    <form className="card panel-card checkout-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={focusOnMount}>
        {discount ? `Edit ${discount.title}` : 'Add a discount'}
      </h2>
      <div className="checkout-line">
        <Field label="Title" help="Shoppers read it in the cart." error={errors.title}>
          {(control) => <input {...control} type="text" autoComplete="off" maxLength={100} value={form.title} onChange={(event) => set({ title: event.target.value })} />}
        </Field>
        <Field label="Kind" error={errors.kind}>
          {(control) => (
            <select {...control} value={form.kind} onChange={(event) => set({ kind: event.target.value as AutomaticDiscountKind })}>
              {DISCOUNT_KINDS.map((kind) => (
                <option key={kind.kind} value={kind.kind}>
                  {kind.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {form.kind === 'free-shipping' || form.kind === 'spend-over' ? (
        <div className="checkout-line">
          <Field label={money('From a subtotal of')} className="checkout-narrow" error={errors.minSubtotalCents}>
            {(control) => <input {...control} type="text" inputMode="decimal" autoComplete="off" value={form.minSubtotal} onChange={(event) => set({ minSubtotal: event.target.value })} />}
          </Field>
          {form.kind === 'spend-over' ? (
            <>
              <Field label="Off by" error={undefined}>
                {(control) => (
                  <select {...control} value={form.offBy} onChange={(event) => set({ offBy: event.target.value as DiscountForm['offBy'] })}>
                    <option value="percent">A percentage</option>
                    <option value="amount">An amount</option>
                  </select>
                )}
              </Field>
              {form.offBy === 'percent' ? (
                <Field label="Percentage off (%)" className="checkout-narrow" error={errors.percentBasisPoints}>
                  {(control) => <input {...control} type="text" inputMode="decimal" autoComplete="off" value={form.percent} onChange={(event) => set({ percent: event.target.value })} />}
                </Field>
              ) : (
                <Field label={money('Amount off')} className="checkout-narrow" error={errors.amountCents}>
                  {(control) => <input {...control} type="text" inputMode="decimal" autoComplete="off" value={form.amount} onChange={(event) => set({ amount: event.target.value })} />}
                </Field>
              )}
            </>
          ) : null}
        </div>
      ) : null}
      {form.kind === 'buy-x-get-y' ? (
        <div className="checkout-line">
          <Field label="Buy" className="checkout-narrow" error={errors.buyQuantity}>
            {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="off" value={form.buyQuantity} onChange={(event) => set({ buyQuantity: event.target.value })} />}
          </Field>
          <Field label="Get" className="checkout-narrow" error={errors.getQuantity}>
            {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="off" value={form.getQuantity} onChange={(event) => set({ getQuantity: event.target.value })} />}
          </Field>
          <Field label="At % off (100 is free)" className="checkout-narrow" error={errors.percentBasisPoints}>
            {(control) => <input {...control} type="text" inputMode="decimal" autoComplete="off" placeholder="100" value={form.percent} onChange={(event) => set({ percent: event.target.value })} />}
          </Field>
        </div>
      ) : null}
      {form.kind === 'quantity-tiers' ? (
        <fieldset className="checkout-group">
          <legend>Tiers</legend>
          {form.tiers.map((tier, index) => (
            <div key={index} className="checkout-line">
              <Field label={`Tier ${index + 1}: from quantity`} className="checkout-narrow" error={errors[`tiers.${index}.minQuantity`]}>
                {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="off" value={tier.minQuantity} onChange={(event) => setTier(index, { minQuantity: event.target.value })} />}
              </Field>
              <Field label={`Tier ${index + 1}: % off`} className="checkout-narrow" error={errors[`tiers.${index}.percentBasisPoints`]}>
                {(control) => <input {...control} type="text" inputMode="decimal" autoComplete="off" value={tier.percent} onChange={(event) => setTier(index, { percent: event.target.value })} />}
              </Field>
              {form.tiers.length > 1 ? (
                <button type="button" className="button button-secondary button-small" onClick={() => set({ tiers: form.tiers.filter((_, at) => at !== index) })}>
                  Remove tier {index + 1}
                </button>
              ) : null}
            </div>
          ))}
          {form.tiers.length < 10 ? (
            <button type="button" className="button button-secondary button-small" onClick={() => set({ tiers: [...form.tiers, { minQuantity: '', percent: '' }] })}>
              Add tier
            </button>
          ) : null}
        </fieldset>
      ) : null}
      {form.kind === 'buy-x-get-y' || form.kind === 'quantity-tiers' ? (
        <fieldset className="checkout-group">
          <legend>Applies to</legend>
          {(
            [
              ['all', 'All products'],
              ['products', 'Chosen products'],
            ] as const
          ).map(([value, label]) => (
            <div key={value} className="panel-check">
              <input id={`${id}-scope-${value}`} type="radio" name={`${id}-scope`} value={value} checked={form.scope === value} onChange={() => set({ scope: value })} />
              <label htmlFor={`${id}-scope-${value}`}>{label}</label>
            </div>
          ))}
          {form.scope === 'products' ? <ProductPicker chosen={form.productIds} onChange={(productIds) => set({ productIds })} /> : null}
          {scopeError ? <p className="panel-error">{scopeError}</p> : null}
        </fieldset>
      ) : null}
      <div className="checkout-line">
        <Field label="Starts (optional)" help={`In the website’s time zone (${timeZone}).`} error={errors.startsAt}>
          {(control) => <input {...control} type="datetime-local" value={form.startsAt} onChange={(event) => set({ startsAt: event.target.value })} />}
        </Field>
        <Field label="Ends (optional)" help={`In the website’s time zone (${timeZone}).`} error={errors.endsAt}>
          {(control) => <input {...control} type="datetime-local" value={form.endsAt} onChange={(event) => set({ endsAt: event.target.value })} />}
        </Field>
      </div>
      <div className="panel-check">
        <input id={`${id}-active`} type="checkbox" checked={form.active} onChange={(event) => set({ active: event.target.checked })} />
        <label htmlFor={`${id}-active`}>On</label>
        <p className="panel-help">A discount that is off never applies.</p>
      </div>
      <FormActions saveLabel="Save discount" saving={save.isPending} onCancel={() => onDone(false)} refusal={refusal} />
    </form>
  );
}
