import { useId, useState, type FormEvent } from 'react';
import { useBoot } from '../../../api/client';
import { useCan } from '../../../api/hooks';
import { useConfirm } from '../../../ui/confirm';
import { failureText } from '../../../ui/messages';
import { LoadFailed, Loading } from '../../../ui/states';
import {
  addableLanguages,
  languageName,
  LANGUAGES_TEXTS as TEXTS,
  useDisconnectTranslation,
  useMultilingualSettings,
  useSaveLanguages,
  withLanguage,
  type MultilingualSettings,
} from './languages-api';
import '../commerce/panels.css';
import './languages.css';
import { Outcome } from '../../../ui/outcome';

/** Settings → Languages: the site's language, the other languages it is offered in, the translation service. */
export default function LanguagesSection() {
  const settings = useMultilingualSettings();
  if (settings.isPending) return <Loading />;
  if (settings.isError) return <LoadFailed error={settings.error} retry={() => void settings.refetch()} />;
  return (
    <div className="panel">
      <LanguageList settings={settings.data} />
      <Translation settings={settings.data} />
    </div>
  );
}

function LanguageList({ settings }: { settings: MultilingualSettings }) {
  const mayWrite = useCan('site:write');
  const locale = useBoot().website.locale;
  const save = useSaveLanguages();
  const id = useId();
  const [saved, setSaved] = useState(settings.languages);
  const [languages, setLanguages] = useState(settings.languages);
  const addable = addableLanguages(settings.defaultLanguage, languages, locale);
  const [choice, setChoice] = useState('');
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const changed = languages.join(',') !== saved.join(',');
  const chosen = addable.some((language) => language.code === choice) ? choice : (addable[0]?.code ?? '');

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    if (!chosen) return;
    const next = withLanguage(settings.defaultLanguage, languages, chosen);
    setRefusal(next.error ?? '');
    setLanguages(next.languages);
  };

  const onSave = () => {
    setStatus('');
    setRefusal('');
    save.mutate(languages, {
      onSuccess: (answer) => {
        setSaved(answer.languages);
        setLanguages(answer.languages);
        setStatus(TEXTS.saved);
      },
      onError: (error) => setRefusal(failureText(error)),
    });
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{TEXTS.heading}</h2>
      {mayWrite ? null : <p className="panel-notice">{TEXTS.readOnly}</p>}
      <dl className="languages-site">
        <dt>{TEXTS.siteLanguage}</dt>
        <dd>
          {languageName(settings.defaultLanguage, locale)} <span className="panel-mono">({settings.defaultLanguage})</span>
          <p className="panel-help">{TEXTS.siteLanguageHelp}</p>
        </dd>
      </dl>
      <div>
        <h3 className="languages-subheading">{TEXTS.languages}</h3>
        <p className="panel-help">{TEXTS.languagesHelp}</p>
      </div>
      {languages.length === 0 ? (
        <p>{TEXTS.none}</p>
      ) : (
        <ul className="languages-list" aria-label={TEXTS.languages}>
          {languages.map((code) => {
            const name = languageName(code, locale);
            return (
              <li key={code}>
                <span>
                  {name} <span className="panel-mono">({code})</span>
                </span>
                {mayWrite ? (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={TEXTS.remove(name)}
                    onClick={() => {
                      setLanguages(languages.filter((language) => language !== code));
                      setStatus('');
                      setRefusal('');
                      document.getElementById(`${id}-add`)?.focus();
                    }}
                  >
                    Remove
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {mayWrite ? (
        <>
          <form className="panel-row" onSubmit={onAdd}>
            <label htmlFor={`${id}-add`} className="visually-hidden">
              {TEXTS.add}
            </label>
            <select id={`${id}-add`} value={chosen} onChange={(event) => setChoice(event.target.value)} disabled={addable.length === 0}>
              {addable.map((language) => (
                <option key={language.code} value={language.code}>
                  {`${language.name} (${language.code})`}
                </option>
              ))}
            </select>
            <button type="submit" className="button button-secondary" disabled={addable.length === 0}>
              {TEXTS.add}
            </button>
          </form>
          <div className="panel-actions">
            <button type="button" className="button button-primary" disabled={save.isPending || !changed} onClick={onSave}>
              {save.isPending ? TEXTS.saving : TEXTS.save}
            </button>
            <Outcome status={status} refusal={refusal} />
          </div>
        </>
      ) : null}
    </section>
  );
}

function Translation({ settings }: { settings: MultilingualSettings }) {
  const mayWrite = useCan('site:write');
  const { confirm } = useConfirm();
  const disconnect = useDisconnectTranslation();
  const id = useId();
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');

  const onDisconnect = async () => {
    setStatus('');
    setRefusal('');
    const yes = await confirm({ title: TEXTS.confirmTitle, message: TEXTS.confirmMessage, confirmLabel: TEXTS.confirmLabel, destructive: true });
    if (!yes) return;
    disconnect.mutate(undefined, { onSuccess: () => setStatus(TEXTS.disconnected), onError: (error) => setRefusal(failureText(error)) });
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{TEXTS.translation}</h2>
      {settings.connected && settings.provider ? (
        <div className="panel-row">
          <p>
            <span className="panel-badge languages-connected">Connected</span> {TEXTS.connected(settings.provider)}
          </p>
          {mayWrite ? (
            <button type="button" className="button button-secondary" disabled={disconnect.isPending} onClick={() => void onDisconnect()}>
              {TEXTS.disconnect}
            </button>
          ) : null}
        </div>
      ) : (
        <>
          <p>{TEXTS.notConnected}</p>
          <p className="panel-help">{TEXTS.notConnectedHelp}</p>
        </>
      )}
      <Outcome status={status} refusal={refusal} />
    </section>
  );
}
