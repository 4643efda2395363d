import { useId, useMemo, useState } from 'react';
import type { ShippingRateKind, ShippingZoneJson } from '@vitrine/contracts';
import { useBoot } from '../../../api/client';
import { useCan } from '../../../api/hooks';
import { useLocale } from '../../../ui/locale';
import { ReadStates } from '../../../ui/states';
import { countryOptions } from './countries';
import { Field, focusOnMount, RowActions, useCheckedSubmit } from './fields';
import { FormActions, ListCard, useListEditing } from './list-editing';
import { useDeleteZone, useSaveZone, useShippingZones } from './shipping-api';
import { emptyPlace, emptyRate, emptyTier, emptyZone, formOfZone, placesText, RATE_KINDS, rateText, SHIPPING_TEXTS, zoneBodyOf, type RateForm, type ZoneForm } from './zone-form';
import '../commerce/panels.css';
import './shipping.css';

/**
 * Settings → Shipping (issue 17): the zones (name, where, rates and their prices), a zone's form (name, places,
 * rates of three kinds) to add or edit it, and Delete through the confirm modal. A viewer sees without buttons.
 */
export default function ShippingSection() {
  const zones = useShippingZones();
  const mayWrite = useCan('store-settings:write');
  const { currency } = useBoot().website;
  const locale = useLocale();
  const remove = useDeleteZone();
  const list = useListEditing<ShippingZoneJson>({
    remove,
    deletion: (zone) => ({
      title: 'Delete shipping zone?',
      message: `“${zone.name}” and its rates will be deleted. Shoppers there will have no shipping option unless another zone covers them.`,
      confirmLabel: 'Delete zone',
      done: `Deleted ${zone.name}.`,
    }),
  });
  const { editing, open, onDelete } = list;
  const id = useId();

  return (
    <div className="panel">
      {!mayWrite ? <p className="panel-help">{SHIPPING_TEXTS.readOnly}</p> : null}
      {editing && mayWrite ? (
        <ZoneEditor
          key={editing === 'new' ? 'new' : editing.id}
          zone={editing === 'new' ? null : editing}
          currency={currency}
          locale={locale}
          onDone={(saved) => list.finish(saved ? SHIPPING_TEXTS.saved : undefined)}
        />
      ) : null}
      <ListCard id={`${id}-list`} title="Shipping zones" addLabel="Add zone" onAdd={mayWrite && !editing ? () => open('new') : undefined} status={list.status} refusal={list.refusal}>
        <ReadStates read={zones} isEmpty={zones.data?.zones.length === 0} empty={<p className="panel-empty">No shipping zones yet: shoppers cannot choose shipping until a zone covers their country.</p>}>
          {(zoneList) => (
            <table className="panel-table" aria-labelledby={`${id}-list`}>
              <thead>
                <tr>
                  <th scope="col">Zone</th>
                  <th scope="col">Ships to</th>
                  <th scope="col">Rates</th>
                  {mayWrite ? (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {zoneList.zones.map((zone) => (
                  <tr key={zone.id}>
                    <th scope="row">{zone.name}</th>
                    <td data-label="Ships to">{placesText(zone, locale)}</td>
                    <td data-label="Rates">
                      <ul className="checkout-list">
                        {zone.rates.map((rate) => (
                          <li key={rate.id}>
                            <strong>{rate.name}</strong>: {rateText(rate, currency, locale)}
                          </li>
                        ))}
                      </ul>
                    </td>
                    {mayWrite ? (
                      <RowActions name={zone.name} onEdit={() => open(zone)} onDelete={() => void onDelete(zone)} deleting={remove.isPending} />
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

function ZoneEditor({ zone, currency, locale, onDone }: { zone: ShippingZoneJson | null; currency: string; locale: string; onDone: (saved: boolean) => void }) {
  const save = useSaveZone();
  const [form, setForm] = useState<ZoneForm>(() => (zone ? formOfZone(zone, currency) : emptyZone()));
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const id = useId();
  const title = zone ? `Edit ${zone.name}` : 'Add a shipping zone';

  const update = (change: (current: ZoneForm) => ZoneForm) => setForm((current) => change(current));
  const setRate = (index: number, change: Partial<RateForm>) => update((current) => ({ ...current, rates: current.rates.map((rate, at) => (at === index ? { ...rate, ...change } : rate)) }));

  const { errors, refusal, onSubmit } = useCheckedSubmit({
    check: () => zoneBodyOf(form, currency, locale),
    fixFields: SHIPPING_TEXTS.fixFields,
    save: (body, callbacks) => save.mutate({ zoneId: zone?.id, body }, callbacks),
    onSaved: () => onDone(true),
  });

  const money = (label: string) => `${label} (${currency})`;
  return (
    <form className="card panel-card checkout-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={focusOnMount}>
        {title}
      </h2>
      <Field label="Zone name" error={errors.name}>
        {(control) => <input {...control} type="text" className="panel-narrow" autoComplete="off" maxLength={100} value={form.name} onChange={(event) => update((current) => ({ ...current, name: event.target.value }))} />}
      </Field>

      <fieldset className="checkout-group">
        <legend>Places</legend>
        {errors.locations ? <p className="panel-error">{errors.locations}</p> : null}
        {form.places.map((place, index) => (
          <div key={place.key} className="checkout-line" role="group" aria-label={`Place ${index + 1}`}>
            <Field label="Country" error={errors[`locations.${index}.country`]}>
              {(control) => (
                <select {...control} value={place.country} onChange={(event) => update((current) => ({ ...current, places: current.places.map((entry, at) => (at === index ? { ...entry, country: event.target.value } : entry)) }))}>
                  <option value="">Choose a country</option>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Regions (optional)" help="Codes such as CA, NY; empty for the whole country." error={errors[`locations.${index}.regions`]}>
              {(control) => <input {...control} type="text" autoComplete="off" value={place.regions} onChange={(event) => update((current) => ({ ...current, places: current.places.map((entry, at) => (at === index ? { ...entry, regions: event.target.value } : entry)) }))} />}
            </Field>
            {form.places.length > 1 ? (
              <button type="button" className="button button-secondary button-small" aria-label={`Remove place ${index + 1}`} onClick={() => update((current) => ({ ...current, places: current.places.filter((_, at) => at !== index) }))}>
                Remove
              </button>
            ) : null}
          </div>
        ))}
        <div>
          <button type="button" className="button button-secondary button-small" onClick={() => update((current) => ({ ...current, places: [...current.places, emptyPlace()] }))}>
            Add place
          </button>
        </div>
      </fieldset>

      <fieldset className="checkout-group">
        <legend>Rates</legend>
        {form.rates.length === 0 ? <p className="panel-help">No rates: shoppers in this zone get no shipping option.</p> : null}
        {form.rates.map((rate, index) => {
          const at = `rates.${index}`;
          return (
            <fieldset key={rate.key} className="checkout-group">
              <legend>{`Rate ${index + 1}`}</legend>
              <div className="checkout-line">
                <Field label="Rate name" error={errors[`${at}.name`]}>
                  {(control) => <input {...control} type="text" autoComplete="off" maxLength={100} value={rate.name} onChange={(event) => setRate(index, { name: event.target.value })} />}
                </Field>
                <Field label="Kind" error={errors[`${at}.kind`]}>
                  {(control) => (
                    <select {...control} value={rate.kind} onChange={(event) => setRate(index, { kind: event.target.value as ShippingRateKind })}>
                      {RATE_KINDS.map((kind) => (
                        <option key={kind.kind} value={kind.kind}>
                          {kind.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                {rate.kind !== 'weight' ? (
                  <Field label={money(rate.kind === 'flat' ? 'Price' : 'Price under the threshold')} error={errors[`${at}.amountCents`]}>
                    {(control) => <input {...control} type="text" inputMode="decimal" autoComplete="off" value={rate.amount} onChange={(event) => setRate(index, { amount: event.target.value })} />}
                  </Field>
                ) : null}
                {rate.kind === 'free-over' ? (
                  <Field label={money('Free from a subtotal of')} error={errors[`${at}.freeOverCents`]}>
                    {(control) => <input {...control} type="text" inputMode="decimal" autoComplete="off" value={rate.freeOver} onChange={(event) => setRate(index, { freeOver: event.target.value })} />}
                  </Field>
                ) : null}
              </div>
              {rate.kind === 'weight' ? (
                <div className="panel-field">
                  {errors[`${at}.weightTiers`] ? <p className="panel-error">{errors[`${at}.weightTiers`]}</p> : null}
                  {rate.tiers.map((tier, tierIndex) => (
                    <div key={tier.key} className="checkout-line" role="group" aria-label={`Tier ${tierIndex + 1}`}>
                      <Field label="Up to (g)" className="checkout-narrow" error={errors[`${at}.weightTiers.${tierIndex}.upToGrams`]}>
                        {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="off" value={tier.upToGrams} onChange={(event) => setRate(index, { tiers: rate.tiers.map((entry, t) => (t === tierIndex ? { ...entry, upToGrams: event.target.value } : entry)) })} />}
                      </Field>
                      <Field label={money('Price')} className="checkout-narrow" error={errors[`${at}.weightTiers.${tierIndex}.amountCents`]}>
                        {(control) => <input {...control} type="text" inputMode="decimal" autoComplete="off" value={tier.amount} onChange={(event) => setRate(index, { tiers: rate.tiers.map((entry, t) => (t === tierIndex ? { ...entry, amount: event.target.value } : entry)) })} />}
                      </Field>
                      {rate.tiers.length > 1 ? (
                        <button type="button" className="button button-secondary button-small" aria-label={`Remove tier ${tierIndex + 1} of rate ${index + 1}`} onClick={() => setRate(index, { tiers: rate.tiers.filter((_, t) => t !== tierIndex) })}>
                          Remove
                        </button>
                      ) : null}
                    </div>
                  ))}
                  <div>
                    <button type="button" className="button button-secondary button-small" aria-label={`Add tier to rate ${index + 1}`} onClick={() => setRate(index, { tiers: [...rate.tiers, emptyTier()] })}>
                      Add tier
                    </button>
                  </div>
                </div>
              ) : null}
              <div>
                <button type="button" className="button button-secondary button-small" aria-label={`Remove rate ${index + 1}`} onClick={() => update((current) => ({ ...current, rates: current.rates.filter((_, r) => r !== index) }))}>
                  Remove rate
                </button>
              </div>
            </fieldset>
          );
        })}
        <div>
          <button type="button" className="button button-secondary button-small" onClick={() => update((current) => ({ ...current, rates: [...current.rates, { ...emptyRate(), name: '' }] }))}>
            Add rate
          </button>
        </div>
      </fieldset>

      <FormActions saveLabel="Save zone" saving={save.isPending} onCancel={() => onDone(false)} refusal={refusal} />
    </form>
  );
}
