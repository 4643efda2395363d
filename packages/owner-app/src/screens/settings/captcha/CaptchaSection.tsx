import { useId, useState, type FormEvent } from 'react';
import type { TrackingSettingsJson } from '@vitrine/contracts';
import { useCan } from '../../../api/hooks';
import { failureText } from '../../../ui/messages';
import { LoadFailed, Loading } from '../../../ui/states';
import { CAPTCHA_TEXTS as TEXTS, useCaptchaSettings, useSaveCaptcha, useSaveTracking, useTrackingSettings } from './captcha-api';
import '../commerce/panels.css';
import { Outcome } from '../../../ui/outcome';

/** Settings → Captcha: the website's captcha switch, and the tracking switches beside it. */
export default function CaptchaSection() {
  const mayWrite = useCan('site:write');
  return (
    <div className="panel">
      {mayWrite ? null : <p className="panel-notice">{TEXTS.readOnly}</p>}
      <CaptchaCard />
      <TrackingCard />
    </div>
  );
}

function CaptchaCard() {
  const query = useCaptchaSettings();
  const id = useId();
  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{TEXTS.captcha}</h2>
      {query.isPending ? <Loading /> : query.isError ? <LoadFailed error={query.error} retry={() => void query.refetch()} /> : <CaptchaForm saved={query.data.enabled} />}
    </section>
  );
}

function CaptchaForm({ saved }: { saved: boolean }) {
  const mayWrite = useCan('site:write');
  const save = useSaveCaptcha();
  const id = useId();
  const [enabled, setEnabled] = useState(saved);
  const [stored, setStored] = useState(saved);
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    save.mutate(enabled, {
      onSuccess: (answer) => {
        setStored(answer.enabled);
        setEnabled(answer.enabled);
        setStatus(TEXTS.saved);
      },
      onError: (error) => setRefusal(failureText(error)),
    });
  };

  if (!mayWrite) {
    return (
      <p>
        {TEXTS.captchaLabel}: <strong>{stored ? TEXTS.on : TEXTS.off}</strong>
        <span className="panel-help"> — {TEXTS.captchaHelp}</span>
      </p>
    );
  }
  return (
    <form className="panel-field" onSubmit={onSubmit}>
      <div className="panel-check">
        <input
          id={id}
          type="checkbox"
          checked={enabled}
          aria-describedby={`${id}-help`}
          onChange={(event) => {
            setEnabled(event.target.checked);
            setStatus('');
          }}
        />
        <label htmlFor={id}>{TEXTS.captchaLabel}</label>
        <p id={`${id}-help`} className="panel-help">
          {TEXTS.captchaHelp}
        </p>
      </div>
      <div className="panel-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending || enabled === stored}>
          {save.isPending ? TEXTS.saving : TEXTS.saveCaptcha}
        </button>
        <Outcome status={status} refusal={refusal} />
      </div>
    </form>
  );
}

function TrackingCard() {
  const query = useTrackingSettings();
  const id = useId();
  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{TEXTS.tracking}</h2>
      <p className="panel-help">{TEXTS.trackingIntro}</p>
      {query.isPending ? <Loading /> : query.isError ? <LoadFailed error={query.error} retry={() => void query.refetch()} /> : <TrackingForm saved={query.data} />}
    </section>
  );
}

type Switches = Pick<TrackingSettingsJson, 'analyticsDisabled' | 'analyticsCookieRestrictions'>;

function TrackingForm({ saved }: { saved: TrackingSettingsJson }) {
  const mayWrite = useCan('site:write');
  const save = useSaveTracking();
  const id = useId();
  const [stored, setStored] = useState<Switches>({ analyticsDisabled: saved.analyticsDisabled, analyticsCookieRestrictions: saved.analyticsCookieRestrictions });
  const [draft, setDraft] = useState<Switches>(stored);
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const changed = draft.analyticsDisabled !== stored.analyticsDisabled || draft.analyticsCookieRestrictions !== stored.analyticsCookieRestrictions;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    save.mutate(draft, {
      onSuccess: (answer) => {
        const next = { analyticsDisabled: answer.analyticsDisabled, analyticsCookieRestrictions: answer.analyticsCookieRestrictions };
        setStored(next);
        setDraft(next);
        setStatus(TEXTS.saved);
      },
      onError: (error) => setRefusal(failureText(error)),
    });
  };

  const toggle = (name: keyof Switches, label: string, help: string) =>
    mayWrite ? (
      <div className="panel-check">
        <input
          id={`${id}-${name}`}
          type="checkbox"
          checked={draft[name]}
          aria-describedby={`${id}-${name}-help`}
          onChange={(event) => {
            setDraft({ ...draft, [name]: event.target.checked });
            setStatus('');
          }}
        />
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <p id={`${id}-${name}-help`} className="panel-help">
          {help}
        </p>
      </div>
    ) : (
      <p>
        {label}: <strong>{stored[name] ? TEXTS.on : TEXTS.off}</strong>
        <span className="panel-help"> — {help}</span>
      </p>
    );

  return (
    <form className="panel-field tracking-form" onSubmit={onSubmit}>
      {saved.serverDisabled ? <p className="panel-notice">{TEXTS.serverDisabled}</p> : null}
      <fieldset>
        <legend className="visually-hidden">{TEXTS.tracking}</legend>
        {toggle('analyticsDisabled', TEXTS.analyticsDisabled, TEXTS.analyticsDisabledHelp)}
        {toggle('analyticsCookieRestrictions', TEXTS.cookieRestrictions, TEXTS.cookieRestrictionsHelp)}
      </fieldset>
      {mayWrite ? (
        <div className="panel-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending || !changed}>
            {save.isPending ? TEXTS.saving : TEXTS.saveTracking}
          </button>
          <Outcome status={status} refusal={refusal} />
        </div>
      ) : null}
    </form>
  );
}
