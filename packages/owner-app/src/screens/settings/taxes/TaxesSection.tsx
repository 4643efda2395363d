import { useId, useMemo, useState } from 'react';
import type { TaxRuleJson } from '@vitrine/contracts';
import { useCan } from '../../../api/hooks';
import { useLocale } from '../../../ui/locale';
import { failureText } from '../../../ui/messages';
import { LoadFailed, Loading } from '../../../ui/states';
import { countryName, countryOptions } from '../shipping/countries';
import { Field, focusOnMount, RowActions, useCheckedSubmit } from '../shipping/fields';
import { FormActions, ListCard, useListEditing } from '../shipping/list-editing';
import { emptyRule, formOfRule, rateText, ruleBodyOf, TAX_TEXTS, type RuleForm } from './rule-form';
import { useDeleteTaxRule, useSaveTaxRule, useSetPricesIncludeTax, useTaxRules } from './taxes-api';
import '../commerce/panels.css';
import '../shipping/shipping.css';

/**
 * Settings → Taxes (issue 17): whether prices include tax (the `pricesIncludeTax` commerce preference, saved as
 * it is switched), and the tax rules by country and region, added, edited and deleted (through the confirm).
 */
export default function TaxesSection() {
  const rules = useTaxRules();
  const mayWrite = useCan('store-settings:write');
  const locale = useLocale();
  const remove = useDeleteTaxRule();
  const setInclusive = useSetPricesIncludeTax();
  const [switchStatus, setSwitchStatus] = useState('');
  const list = useListEditing<TaxRuleJson>({
    remove,
    deletion: (rule) => ({
      title: 'Delete tax rule?',
      message: `“${rule.name}” will no longer be charged at checkout.`,
      confirmLabel: 'Delete rule',
      done: `Deleted ${rule.name}.`,
    }),
    onClear: () => setSwitchStatus(''),
  });
  const { editing, open, onDelete, setStatus } = list;
  const id = useId();

  if (rules.isPending) return <Loading />;
  if (rules.isError) return <LoadFailed error={rules.error} retry={() => void rules.refetch()} />;
  const { taxRules, pricesIncludeTax } = rules.data;
  const where = (rule: TaxRuleJson) => countryName(rule.country, locale);

  return (
    <div className="panel">
      {!mayWrite ? <p className="panel-help">{TAX_TEXTS.readOnly}</p> : null}
      <section className="card panel-card" aria-labelledby={`${id}-prices`}>
        <h2 id={`${id}-prices`}>Prices and tax</h2>
        <div className="checkout-switch">
          <input
            id={`${id}-inclusive`}
            type="checkbox"
            role="switch"
            checked={pricesIncludeTax}
            disabled={!mayWrite || setInclusive.isPending}
            aria-describedby={`${id}-inclusive-help`}
            onChange={(event) => {
              setSwitchStatus('');
              setStatus('');
              setInclusive.mutate(event.target.checked, { onSuccess: () => setSwitchStatus(TAX_TEXTS.saved), onError: (error) => setSwitchStatus(failureText(error)) });
            }}
          />
          <label htmlFor={`${id}-inclusive`}>Prices include tax</label>
        </div>
        <p id={`${id}-inclusive-help`} className="panel-help">
          On: the prices you enter already contain the tax (as in the EU, the UK or Japan), and checkout shows the part that is tax. Off: tax is added on top at checkout.
        </p>
        <p role="status" className="panel-status">
          {switchStatus}
        </p>
      </section>

      {editing && mayWrite ? (
        <RuleEditor
          key={editing === 'new' ? 'new' : editing.id}
          rule={editing === 'new' ? null : editing}
          locale={locale}
          onDone={(saved) => list.finish(saved ? TAX_TEXTS.saved : undefined)}
        />
      ) : null}

      <ListCard
        id={`${id}-list`}
        title="Tax rules"
        addLabel="Add rule"
        onAdd={mayWrite && !editing ? () => open('new') : undefined}
        note={<p className="panel-help checkout-note">A region’s rules add to its country’s: a state rate on top of a national one.</p>}
        status={list.status}
        refusal={list.refusal}
      >
        {taxRules.length === 0 ? (
          <p className="panel-empty">No tax rules: checkout charges no tax.</p>
        ) : (
          <table className="panel-table" aria-labelledby={`${id}-list`}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Country</th>
                <th scope="col">Region</th>
                <th scope="col">Rate</th>
                <th scope="col">Shipping taxed</th>
                {mayWrite ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {taxRules.map((rule) => (
                <tr key={rule.id}>
                  <th scope="row">{rule.name}</th>
                  <td data-label="Country">{where(rule)}</td>
                  <td data-label="Region">{rule.region ?? TAX_TEXTS.wholeCountry}</td>
                  <td data-label="Rate">{rateText(rule.rateBasisPoints)}</td>
                  <td data-label="Shipping taxed">{rule.shippingTaxable ? 'Yes' : 'No'}</td>
                  {mayWrite ? (
                    <RowActions name={rule.name} onEdit={() => open(rule)} onDelete={() => void onDelete(rule)} deleting={remove.isPending} />
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListCard>
    </div>
  );
}

function RuleEditor({ rule, locale, onDone }: { rule: TaxRuleJson | null; locale: string; onDone: (saved: boolean) => void }) {
  const save = useSaveTaxRule();
  const [form, setForm] = useState<RuleForm>(() => (rule ? formOfRule(rule) : emptyRule()));
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const id = useId();
  const set = (change: Partial<RuleForm>) => setForm((current) => ({ ...current, ...change }));

  const { errors, refusal, onSubmit } = useCheckedSubmit({
    check: () => ruleBodyOf(form),
    fixFields: TAX_TEXTS.fixFields,
    save: (body, callbacks) => save.mutate({ ruleId: rule?.id, body }, callbacks),
    onSaved: () => onDone(true),
  });

  return (
    <form className="card panel-card checkout-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1} ref={focusOnMount}>
        {rule ? `Edit ${rule.name}` : 'Add a tax rule'}
      </h2>
      <div className="checkout-line">
        <Field label="Rule name" help="Shown to shoppers, such as VAT or CA sales tax." error={errors.name}>
          {(control) => <input {...control} type="text" autoComplete="off" maxLength={100} value={form.name} onChange={(event) => set({ name: event.target.value })} />}
        </Field>
        <Field label="Country" error={errors.country}>
          {(control) => (
            <select {...control} value={form.country} onChange={(event) => set({ country: event.target.value })}>
              <option value="">Choose a country</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="checkout-line">
        <Field label="Region (optional)" help="A code such as CA; empty for the whole country." error={errors.region}>
          {(control) => <input {...control} type="text" autoComplete="off" maxLength={3} value={form.region} onChange={(event) => set({ region: event.target.value.toUpperCase() })} />}
        </Field>
        <Field label="Rate (%)" help="Up to two decimals, such as 8.25." error={errors.rateBasisPoints}>
          {(control) => <input {...control} type="text" inputMode="decimal" autoComplete="off" value={form.rate} onChange={(event) => set({ rate: event.target.value })} />}
        </Field>
      </div>
      <div className="panel-check">
        <input id={`${id}-shipping`} type="checkbox" checked={form.shippingTaxable} onChange={(event) => set({ shippingTaxable: event.target.checked })} />
        <label htmlFor={`${id}-shipping`}>Tax shipping too</label>
      </div>
      <FormActions saveLabel="Save rule" saving={save.isPending} onCancel={() => onDone(false)} refusal={refusal} />
    </form>
  );
}
