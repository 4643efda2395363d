import { useEffect, useId, useState, type FormEvent } from 'react';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useCan } from '../../../api/hooks';
import { failureText } from '../../../ui/messages';
import { LoadFailed, Loading } from '../../../ui/states';
import { useCommercePreferences, useSaveCommercePreferences, type CommercePreferences } from './commerce-api';
import { changesOf, COMMERCE_TEXTS, CURRENCIES, formOf, KNOWN_PREFERENCES, PREFERENCE_GROUPS, type KnownPreference, type PreferenceForm } from './preferences';
import './panels.css';
import { Outcome } from '../../../ui/outcome';

/** Settings → Commerce preferences: the known preferences as a form with labels and help; Save sends what changed. */
export default function CommerceSection() {
  const preferences = useCommercePreferences();
  if (preferences.isPending) return <Loading />;
  if (preferences.isError) return <LoadFailed error={preferences.error} retry={() => void preferences.refetch()} />;
  return <PreferencesForm saved={preferences.data} />;
}

function PreferencesForm({ saved }: { saved: CommercePreferences }) {
  const mayWrite = useCan('store-settings:write');
  const save = useSaveCommercePreferences();
  const [form, setForm] = useState<PreferenceForm>(() => formOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  // A newer answer (after a save, or another owner's change read again) resets the form to it.
  useEffect(() => setForm(formOf(saved)), [saved]);

  const set = (name: string, value: string | boolean) => {
    setForm((current) => ({ ...current, [name]: value }));
    setStatus('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    const { changes, errors: found } = changesOf(saved, form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setRefusal(COMMERCE_TEXTS.fixFields);
      return;
    }
    if (Object.keys(changes).length === 0) {
      setStatus(COMMERCE_TEXTS.nothingChanged);
      return;
    }
    save.mutate(changes, {
      onSuccess: () => setStatus(COMMERCE_TEXTS.saved),
      onError: (error) => {
        setRefusal(failureText(error));
        if (isOwnerApiError(error) && error.errors) setErrors(error.errors);
      },
    });
  };

  const currencyId = useId();
  return (
    <form className="panel" onSubmit={onSubmit} noValidate aria-label="Commerce preferences">
      {!mayWrite ? <p className="panel-help">{COMMERCE_TEXTS.readOnly}</p> : null}
      <section className="card panel-card" aria-labelledby={`${currencyId}-title`}>
        <h2 id={`${currencyId}-title`}>Currency</h2>
        <div className="panel-field">
          <label htmlFor={currencyId}>{COMMERCE_TEXTS.currency}</label>
          <select id={currencyId} className="panel-narrow" value={String(form.currency)} disabled={!mayWrite} aria-describedby={`${currencyId}-help`} onChange={(event) => set('currency', event.target.value)}>
            {CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <p id={`${currencyId}-help`} className="panel-help">
            {COMMERCE_TEXTS.currencyHelp}
          </p>
        </div>
      </section>
      {PREFERENCE_GROUPS.map((group) => (
        <section key={group.id} className="card panel-card">
          <fieldset disabled={!mayWrite}>
            <legend>{group.title}</legend>
            {KNOWN_PREFERENCES.filter((preference) => preference.group === group.id).map((preference) => (
              <PreferenceField key={preference.name} preference={preference} value={form[preference.name]!} currency={String(form.currency)} error={errors[preference.name]} onChange={(value) => set(preference.name, value)} />
            ))}
          </fieldset>
        </section>
      ))}
      {mayWrite ? (
        <div className="panel-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? COMMERCE_TEXTS.saving : COMMERCE_TEXTS.save}
          </button>
          <Outcome status={status} refusal={refusal} />
        </div>
      ) : null}
    </form>
  );
}

function PreferenceField({ preference, value, currency, error, onChange }: { preference: KnownPreference; value: string | boolean; currency: string; error?: string; onChange: (value: string | boolean) => void }) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${helpId} ${errorId}` : helpId;
  if (preference.kind === 'flag') {
    return (
      <div className="panel-check">
        <input id={id} type="checkbox" checked={value === true} aria-describedby={describedBy} onChange={(event) => onChange(event.target.checked)} />
        <label htmlFor={id}>{preference.label}</label>
        <p id={helpId} className="panel-help">
          {preference.help}
        </p>
      </div>
    );
  }
  const errorLine = error ? (
    <p id={errorId} className="panel-error">
      {error}
    </p>
  ) : null;
  if (preference.kind === 'longText' || preference.kind === 'text') {
    const shared = {
      id,
      value: String(value),
      maxLength: preference.maxLength,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    } as const;
    return (
      <div className="panel-field">
        <label htmlFor={id}>{preference.label}</label>
        {preference.kind === 'longText' ? (
          <textarea {...shared} rows={5} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input {...shared} type="text" autoComplete="off" onChange={(event) => onChange(event.target.value)} />
        )}
        <p id={helpId} className="panel-help">
          {preference.help}
        </p>
        {errorLine}
      </div>
    );
  }
  return (
    <div className="panel-field">
      <label htmlFor={id}>{preference.kind === 'amount' ? `${preference.label} (${currency})` : preference.label}</label>
      <input
        id={id}
        type="text"
        className="panel-narrow"
        inputMode={preference.kind === 'amount' ? 'decimal' : preference.kind === 'days' ? 'numeric' : undefined}
        autoComplete="off"
        size={preference.kind === 'country' || preference.kind === 'days' ? 4 : 14}
        maxLength={preference.kind === 'country' || preference.kind === 'days' ? 2 : 20}
        value={String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(preference.kind === 'country' ? event.target.value.toUpperCase() : event.target.value)}
      />
      <p id={helpId} className="panel-help">
        {preference.help}
      </p>
      {error ? (
        <p id={errorId} className="panel-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
