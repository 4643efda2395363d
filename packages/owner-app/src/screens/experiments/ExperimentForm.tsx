import { DEVICE_VIEWS, EXPERIMENT_LIMITS, EXPERIMENT_TYPES, type DeviceView } from '@vitrine/experiments';
import { EVENT_SCHEMA_NAMES } from '@vitrine/tracking/event-names';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useBoot } from '../../api/client';
import { useCan } from '../../api/hooks';
import { Link, navigate } from '../../app/router';
import { failureText } from '../../ui/messages';
import { Loading, LoadFailed } from '../../ui/states';
import { bodyOf, checkDraft, draftOf, emptyDraft, type ExperimentDraft } from './experiment-draft';
import { useCreateExperiment, useExperiments, useUpdateExperiment, type Experiment } from './experiments-api';
import { EXPERIMENT_TEXTS as TEXTS } from './texts';

/** `/config/experiments/new` (experimentId '') or `/config/experiments/<id>`: the form, once the list is read. */
export function ExperimentEditor({ experimentId }: { experimentId: string }) {
  const experiments = useExperiments();
  // Bumped by Reload after a 409: the form starts again from the server's latest version.
  const [generation, setGeneration] = useState(0);
  if (experiments.isPending) return <Loading />;
  if (experiments.isError) return <LoadFailed error={experiments.error} retry={() => void experiments.refetch()} />;
  const stored = experimentId ? experiments.data.experiments.find((each) => each.id === experimentId) : undefined;
  if (experimentId && !stored) {
    return (
      <div className="card experiments-form-card">
        <p role="alert">{TEXTS.notFound}</p>
        <Link to="/config/experiments">{TEXTS.back}</Link>
      </div>
    );
  }
  const reload = () => void experiments.refetch().then(() => setGeneration((current) => current + 1));
  return <ExperimentForm key={`${stored?.id ?? 'new'}:${generation}`} stored={stored} reload={reload} />;
}

type Refusal = { text: string; changedElsewhere: boolean };

/** Said once by the form of an experiment just created (the create moves to its address, a new form). */
let justCreated = '';

function ExperimentForm({ stored, reload }: { stored: Experiment | undefined; reload: () => void }) {
  const { timeZone } = useBoot().website;
  const canWrite = useCan('site:write');
  const readOnly = !canWrite || stored?.scope === 'platform';
  const create = useCreateExperiment();
  const update = useUpdateExperiment();
  const id = useId();
  const [draft, setDraft] = useState<ExperimentDraft>(() => (stored ? draftOf(stored, timeZone) : emptyDraft()));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [status, setStatus] = useState(() => {
    const said = stored && justCreated === stored.id ? TEXTS.created(stored.name) : '';
    justCreated = '';
    return said;
  });
  // The version the next save is made on: the one read, then each save's answer (a refetch may lag).
  const [version, setVersion] = useState(stored?.version ?? 1);
  const refusalRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  const ownErrors = checkDraft(draft, timeZone);
  /** What shows under a field: its check once it was left or the form sent, else the server's word on it. */
  const errorOf = (field: string) => ((submitted || touched.has(field)) && ownErrors[field]) || serverErrors[field] || '';
  const touch = (field: string) => () => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  const set = <K extends keyof ExperimentDraft>(key: K, value: ExperimentDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => {
      const { [key]: _dropped, ...rest } = current;
      return rest;
    });
    setStatus('');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    setSubmitted(true);
    setRefusal(null);
    setStatus('');
    if (Object.keys(ownErrors).length > 0) {
      setRefusal({ text: TEXTS.fixErrors, changedElsewhere: false });
      return;
    }
    const body = bodyOf(draft, timeZone);
    try {
      if (stored) {
        const answer = await update.mutateAsync({ experimentId: stored.id, body: { ...body, version } });
        setVersion(answer.experiment.version);
        setStatus(TEXTS.saved(body.name));
      } else {
        const answer = await create.mutateAsync(body);
        justCreated = answer.experiment.id;
        navigate(`/config/experiments/${encodeURIComponent(answer.experiment.id)}`, { replace: true, focus: false });
      }
    } catch (error) {
      setServerErrors(isOwnerApiError(error) ? { ...error.errors } : {});
      setRefusal({ text: failureText(error), changedElsewhere: isOwnerApiError(error, 409) && !error.errors.name });
    }
  };

  const field = (name: string, label: string, control: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined; onBlur: () => void }) => ReactNode, hint?: string) => {
    const error = errorOf(name);
    const fieldId = `${id}-${name}`;
    const describedBy = [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className="field experiments-field">
        <label htmlFor={fieldId}>{label}</label>
        {control({ id: fieldId, 'aria-invalid': error !== '', 'aria-describedby': describedBy, onBlur: touch(name) })}
        {hint ? <p id={`${fieldId}-hint`} className="muted experiments-hint">{hint}</p> : null}
        {error ? <p id={`${fieldId}-error`} className="field-error">{error}</p> : null}
      </div>
    );
  };
  const variantsError = errorOf('variants');
  const pending = create.isPending || update.isPending;

  return (
    <div className="experiments-form-wrap">
      <p>
        <Link to="/config/experiments">{TEXTS.back}</Link>
      </p>
      <h2 className="experiments-form-title">{stored ? TEXTS.editTitle(stored.name) : TEXTS.newTitle}</h2>
      {stored?.scope === 'platform' ? <p className="experiments-note">{TEXTS.platformNote}</p> : !canWrite ? <p className="experiments-note">{TEXTS.readOnly}</p> : null}
      <form className="card experiments-form-card" noValidate onSubmit={(event) => void onSubmit(event)} aria-label={stored ? TEXTS.editTitle(stored.name) : TEXTS.newTitle}>
        <fieldset className="experiments-fieldset" disabled={readOnly}>
          {field('name', TEXTS.name, (props) => <input {...props} value={draft.name} maxLength={EXPERIMENT_LIMITS.nameLength} autoComplete="off" onChange={(event) => set('name', event.target.value)} />, TEXTS.nameHint)}
          <fieldset className="experiments-group">
            <legend>{TEXTS.typeLegend}</legend>
            <div className="experiments-choices">
              {EXPERIMENT_TYPES.map((type) => (
                <label key={type} className="experiments-choice">
                  <input type="radio" name={`${id}-type`} value={type} checked={draft.experimentType === type} onChange={() => set('experimentType', type)} />
                  {TEXTS.types[type]}
                </label>
              ))}
            </div>
          </fieldset>
          {draft.experimentType === 'FEATURE_TOGGLE' ? (
            field('rollout', TEXTS.rollout, (props) => <input {...props} type="number" inputMode="decimal" min={0} max={100} step="any" value={draft.rollout} onChange={(event) => set('rollout', event.target.value)} />, TEXTS.rolloutHint)
          ) : (
            <fieldset className="experiments-group" aria-describedby={`${id}-variants-hint${variantsError ? ` ${id}-variants-error` : ''}`}>
              <legend>{TEXTS.variantsLegend}</legend>
              <p id={`${id}-variants-hint`} className="muted experiments-hint">{TEXTS.variantsHint}</p>
              <ol className="experiments-variants">
                {draft.variants.map((variant, index) => (
                  <li key={index} className="experiments-variant">
                    <div className="field">
                      <label htmlFor={`${id}-variant-${index}`}>{TEXTS.variantName(index + 1)}</label>
                      <input id={`${id}-variant-${index}`} value={variant.name} maxLength={EXPERIMENT_LIMITS.variantNameLength} aria-invalid={variantsError !== ''} onBlur={touch('variants')} onChange={(event) => set('variants', draft.variants.map((each, at) => (at === index ? { ...each, name: event.target.value } : each)))} />
                    </div>
                    <div className="field experiments-weight">
                      <label htmlFor={`${id}-weight-${index}`}>{TEXTS.variantWeight(index + 1)}</label>
                      <input id={`${id}-weight-${index}`} type="number" inputMode="decimal" min={0} max={100} step="any" value={variant.weight} aria-invalid={variantsError !== ''} onBlur={touch('variants')} onChange={(event) => set('variants', draft.variants.map((each, at) => (at === index ? { ...each, weight: event.target.value } : each)))} />
                    </div>
                    {draft.variants.length > 2 && !readOnly ? (
                      <button type="button" className="button button-secondary" aria-label={TEXTS.removeVariant(index + 1)} onClick={() => set('variants', draft.variants.filter((_, at) => at !== index))}>
                        {TEXTS.remove}
                      </button>
                    ) : null}
                  </li>
                ))}
              </ol>
              {!readOnly && draft.variants.length < EXPERIMENT_LIMITS.variants ? (
                <button type="button" className="button button-secondary" onClick={() => set('variants', [...draft.variants, { name: `variant-${String.fromCharCode(97 + draft.variants.length)}`, weight: '0' }])}>
                  {TEXTS.addVariant}
                </button>
              ) : null}
              {variantsError ? <p id={`${id}-variants-error`} className="field-error">{variantsError}</p> : null}
            </fieldset>
          )}
          <fieldset className="experiments-group">
            <legend>{TEXTS.segmentLegend}</legend>
            <label className="experiments-choice">
              <input type="checkbox" checked={draft.segmentOn} onChange={(event) => set('segmentOn', event.target.checked)} />
              {TEXTS.segmentOn}
            </label>
            {draft.segmentOn ? (
              <div className="experiments-segment">
                {field('segment.name', TEXTS.segmentName, (props) => <input {...props} value={draft.segmentName} maxLength={64} onChange={(event) => set('segmentName', event.target.value)} />)}
                {field('segment.rules.locales', TEXTS.locales, (props) => <input {...props} value={draft.locales} onChange={(event) => set('locales', event.target.value)} />, TEXTS.localesHint)}
                <fieldset className="experiments-group experiments-inner">
                  <legend>{TEXTS.devices}</legend>
                  <div className="experiments-choices">
                    {DEVICE_VIEWS.map((device: DeviceView) => (
                      <label key={device} className="experiments-choice">
                        <input type="checkbox" checked={draft.devices.includes(device)} onChange={(event) => set('devices', event.target.checked ? DEVICE_VIEWS.filter((each) => each === device || draft.devices.includes(each)) : draft.devices.filter((each) => each !== device))} />
                        {TEXTS.deviceWords[device]}
                      </label>
                    ))}
                  </div>
                </fieldset>
                {field('segment.rules.visitor', TEXTS.visitor, (props) => (
                  <select {...props} value={draft.visitor} onChange={(event) => set('visitor', event.target.value as ExperimentDraft['visitor'])}>
                    {(['', 'new', 'returning'] as const).map((value) => <option key={value} value={value}>{TEXTS.visitorWords[value]}</option>)}
                  </select>
                ))}
                {field('segment.rules.signedIn', TEXTS.signedIn, (props) => (
                  <select {...props} value={draft.signedIn} onChange={(event) => set('signedIn', event.target.value as ExperimentDraft['signedIn'])}>
                    {(['', 'yes', 'no'] as const).map((value) => <option key={value} value={value}>{TEXTS.signedInWords[value]}</option>)}
                  </select>
                ))}
              </div>
            ) : null}
          </fieldset>
          <fieldset className="experiments-group">
            <legend>{TEXTS.scheduleLegend}</legend>
            <div className="experiments-row">
              {field('status', TEXTS.status, (props) => (
                <select {...props} value={draft.status} onChange={(event) => set('status', event.target.value as ExperimentDraft['status'])}>
                  {(['draft', 'running', 'stopped'] as const).map((value) => <option key={value} value={value}>{TEXTS.statuses[value]}</option>)}
                </select>
              ))}
              {field('startsAt', TEXTS.startsAt, (props) => <input {...props} type="datetime-local" value={draft.startsAt} onChange={(event) => set('startsAt', event.target.value)} />)}
              {field('endsAt', TEXTS.endsAt, (props) => <input {...props} type="datetime-local" value={draft.endsAt} onChange={(event) => set('endsAt', event.target.value)} />)}
            </div>
            <p className="muted experiments-hint">{TEXTS.timeHint(timeZone)}</p>
          </fieldset>
          {field('conversionEvent', TEXTS.conversionEvent, (props) => (
            <select {...props} value={draft.conversionEvent} onChange={(event) => set('conversionEvent', event.target.value)}>
              {EVENT_SCHEMA_NAMES.map((name) => <option key={name} value={name}>{name}</option>)}
            </select>
          ), TEXTS.conversionHint)}
        </fieldset>
        {refusal ? (
          <div ref={refusalRef} tabIndex={-1} role="alert" className="experiments-refusal">
            <p>{refusal.text}</p>
            {refusal.changedElsewhere ? (
              <button type="button" className="button button-secondary" onClick={reload}>
                {TEXTS.reload}
              </button>
            ) : null}
          </div>
        ) : null}
        <p role="status" className="experiments-status">{status}</p>
        {readOnly ? null : (
          <div className="experiments-form-actions">
            <button type="submit" className="button button-primary" disabled={pending}>
              {pending ? TEXTS.saving : stored ? TEXTS.save : TEXTS.create}
            </button>
            <Link to="/config/experiments" className="button button-secondary">{TEXTS.cancel}</Link>
          </div>
        )}
      </form>
    </div>
  );
}
