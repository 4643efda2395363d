import { useEffect, useId, useState, type FormEvent } from 'react';
import type { PublishableKeyJson } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useConfirm } from '../../../ui/confirm';
import { failureText } from '../../../ui/messages';
import { LoadFailed, Loading } from '../../../ui/states';
import { copyText, COPY_TEXTS } from '../api-keys/clipboard';
import {
  HEADLESS_TEXTS, originErrorLines, originLines, useCreatePublishableKey, useHeadlessSettings, useRevokePublishableKey, useSaveAllowedOrigins,
} from './headless-api';
import '../commerce/panels.css';
import { Outcome } from '../../../ui/outcome';

/** Settings → Headless API (issue 37 item 3): publishable keys, and the origins a browser may read the API from. */
export default function HeadlessSection() {
  const settings = useHeadlessSettings();
  if (settings.isPending) return <Loading />;
  if (settings.isError) return <LoadFailed error={settings.error} retry={() => void settings.refetch()} />;
  return (
    <div className="panel">
      <p className="panel-intro">{HEADLESS_TEXTS.intro}</p>
      <Keys keys={settings.data.keys} />
      <Origins saved={settings.data.allowedOrigins} />
    </div>
  );
}

function Keys({ keys }: { keys: PublishableKeyJson[] }) {
  const create = useCreatePublishableKey();
  const revoke = useRevokePublishableKey();
  const { confirm } = useConfirm();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState('');
  const [status, setStatus] = useState('');
  const [refusal, setRefusal] = useState('');
  const id = useId();

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setRefusal('');
    const trimmed = name.trim();
    if (!trimmed) {
      setInvalid(HEADLESS_TEXTS.nameMissing);
      return;
    }
    setInvalid('');
    create.mutate(trimmed, {
      onSuccess: () => {
        setName('');
        setStatus(HEADLESS_TEXTS.created(trimmed));
      },
      onError: (error) => setRefusal(failureText(error)),
    });
  };

  const onRevoke = async (key: PublishableKeyJson) => {
    setStatus('');
    setRefusal('');
    const yes = await confirm({ title: HEADLESS_TEXTS.revokeTitle, message: HEADLESS_TEXTS.revokeMessage(key.name), confirmLabel: HEADLESS_TEXTS.revokeConfirm, destructive: true });
    if (!yes) return;
    revoke.mutate(key.id, { onSuccess: () => setStatus(HEADLESS_TEXTS.revoked(key.name)), onError: (error) => setRefusal(failureText(error)) });
  };

  const onCopy = async (key: PublishableKeyJson) => {
    const field = document.getElementById(`${id}-key-${key.id}`) as HTMLInputElement | null;
    setStatus((await copyText(key.key, field)) ? COPY_TEXTS.copied : COPY_TEXTS.selectToCopy);
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{HEADLESS_TEXTS.keysTitle}</h2>
      <p className="panel-help">{HEADLESS_TEXTS.keysHelp}</p>
      {keys.length === 0 ? <p>{HEADLESS_TEXTS.none}</p> : null}
      <ul className="panel-keys">
        {keys.map((key) => (
          <li key={key.id} className="panel-row">
            <span>{key.name}</span>
            <input id={`${id}-key-${key.id}`} type="text" readOnly value={key.key} className="panel-mono" aria-label={HEADLESS_TEXTS.keyLabel(key.name)} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" className="button button-secondary" aria-label={HEADLESS_TEXTS.copyLabel(key.name)} onClick={() => void onCopy(key)}>
              {HEADLESS_TEXTS.copy}
            </button>
            <button type="button" className="button button-secondary" aria-label={HEADLESS_TEXTS.revokeLabel(key.name)} disabled={revoke.isPending} onClick={() => void onRevoke(key)}>
              {HEADLESS_TEXTS.revoke}
            </button>
          </li>
        ))}
      </ul>
      <form className="panel-field" onSubmit={onCreate} noValidate>
        <label htmlFor={`${id}-name`}>{HEADLESS_TEXTS.name}</label>
        <div className="panel-row">
          <input
            id={`${id}-name`}
            type="text"
            maxLength={100}
            value={name}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-name-help ${id}-name-error` : `${id}-name-help`}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? HEADLESS_TEXTS.creating : HEADLESS_TEXTS.create}
          </button>
        </div>
        <p id={`${id}-name-help`} className="panel-help">
          {HEADLESS_TEXTS.nameHelp}
        </p>
        <p id={`${id}-name-error`} className="panel-error">
          {invalid}
        </p>
      </form>
      <Outcome status={status} refusal={refusal} />
    </section>
  );
}

function Origins({ saved }: { saved: string[] }) {
  const save = useSaveAllowedOrigins();
  const [text, setText] = useState(saved.join('\n'));
  const [problems, setProblems] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const id = useId();
  useEffect(() => setText(saved.join('\n')), [saved]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    const lines = originLines(text);
    // Refused here first, as the server would: the owner sees why at once.
    const wildcards = lines.flatMap((line, index) => (line.includes('*') ? [HEADLESS_TEXTS.lineError(index + 1, line, HEADLESS_TEXTS.wildcard)] : []));
    if (wildcards.length > 0) {
      setProblems(wildcards);
      return;
    }
    setProblems([]);
    save.mutate(lines, {
      onSuccess: () => setStatus(HEADLESS_TEXTS.saved),
      onError: (error) => setProblems(isOwnerApiError(error) && error.errors ? originErrorLines(error.errors, lines) : [failureText(error)]),
    });
  };

  return (
    <section className="card panel-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{HEADLESS_TEXTS.originsTitle}</h2>
      <form className="panel-field" onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-origins`}>{HEADLESS_TEXTS.origins}</label>
        <textarea
          id={`${id}-origins`}
          rows={4}
          className="panel-mono"
          value={text}
          aria-invalid={problems.length > 0 ? true : undefined}
          aria-describedby={`${id}-origins-help ${id}-origins-error`}
          onChange={(event) => {
            setText(event.target.value);
            setStatus('');
          }}
        />
        <p id={`${id}-origins-help`} className="panel-help">
          {HEADLESS_TEXTS.originsHelp}
        </p>
        <div id={`${id}-origins-error`} role="alert" className="panel-error">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
        <div className="panel-row">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? HEADLESS_TEXTS.saving : HEADLESS_TEXTS.save}
          </button>
        </div>
        <p role="status" className="panel-status">
          {status}
        </p>
      </form>
    </section>
  );
}
