import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { ApiKeyJson, Permission } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { containTab } from '../../../ui/focus';
import { failureText } from '../../../ui/messages';
import { trackPanelEvent } from '../../../ui/track';
import { API_KEY_TEXTS, useCreateApiKey } from './api-keys-api';
import { copyText, COPY_TEXTS } from './clipboard';
import { PERMISSION_DESCRIPTIONS, PERMISSION_ORDER } from './permissions';

const NAME_MAX = 100;

/**
 * The API key creation modal, in two steps: (1) a name and the permissions (those the owner's role has, each with
 * what it allows) → Next creates the key; (2) the secret, shown this once, with Copy → Complete. Cancel (or
 * Escape) at any step closes it; a key made in step 1 stays in the list. Focus starts in it, Tab stays inside, and
 * it goes back to the opener on close. Each step's action sends its platform §2 'api-keys' event.
 */
export function CreateKeyModal({ permissions, onClose, returnFocusTo }: { permissions: readonly Permission[]; onClose: (created: ApiKeyJson | null) => void; returnFocusTo?: RefObject<HTMLElement | null> }) {
  const create = useCreateApiKey();
  const [step, setStep] = useState<1 | 2>(1);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Permission[]>([]);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const [refusal, setRefusal] = useState('');
  const [created, setCreated] = useState<{ apiKey: ApiKeyJson; secret: string } | null>(null);
  const [copyStatus, setCopyStatus] = useState('');
  const dialog = useRef<HTMLDivElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const secretField = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const returnTo = returnFocusTo?.current ?? opener;
    nameField.current?.focus();
    return () => returnTo?.focus();
  }, [returnFocusTo]);
  useEffect(() => {
    if (step === 2) secretField.current?.focus();
  }, [step]);

  const offered = PERMISSION_ORDER.filter((permission) => permissions.includes(permission));

  const cancel = () => {
    trackPanelEvent('api-keys', 'creation-modal-cancel');
    onClose(created?.apiKey ?? null);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
      return;
    }
    if (dialog.current) containTab(event, dialog.current);
  };

  const onNext = (event: FormEvent) => {
    event.preventDefault();
    setRefusal('');
    const trimmed = name.trim();
    const found: { name?: string; scopes?: string } = {};
    if (trimmed === '') found.name = API_KEY_TEXTS.nameMissing;
    else if (trimmed.length > NAME_MAX) found.name = API_KEY_TEXTS.nameTooLong;
    if (scopes.length === 0) found.scopes = API_KEY_TEXTS.scopesMissing;
    setErrors(found);
    if (found.name || found.scopes) {
      (found.name ? nameField.current : dialog.current?.querySelector<HTMLInputElement>('input[type="checkbox"]'))?.focus();
      return;
    }
    trackPanelEvent('api-keys', 'creation-modal-next');
    const ordered = PERMISSION_ORDER.filter((permission) => scopes.includes(permission));
    create.mutate(
      { name: trimmed, scopes: ordered },
      {
        onSuccess: (reply) => {
          setCreated(reply);
          setStep(2);
        },
        onError: (error) => {
          setRefusal(failureText(error));
          if (isOwnerApiError(error) && error.errors) setErrors({ name: error.errors.name, scopes: error.errors.scopes });
        },
      },
    );
  };

  const onCopy = async () => {
    if (!created) return;
    const copied = await copyText(created.secret, secretField.current);
    trackPanelEvent('api-keys', 'creation-modal-copy');
    setCopyStatus(copied ? COPY_TEXTS.copied : COPY_TEXTS.selectToCopy);
  };

  const onComplete = () => {
    trackPanelEvent('api-keys', 'creation-modal-complete');
    onClose(created?.apiKey ?? null);
  };

  const toggle = (permission: Permission, on: boolean) => setScopes((current) => (on ? [...current, permission] : current.filter((scope) => scope !== permission)));

  return createPortal(
    <div className="modal-backdrop">
      <div ref={dialog} className="modal panel-modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-step`} onKeyDown={onKeyDown}>
        <h2 id={`${id}-title`} className="modal-title">
          {step === 1 ? API_KEY_TEXTS.modalTitle : API_KEY_TEXTS.secretTitle}
        </h2>
        <p id={`${id}-step`} className="modal-step">
          {API_KEY_TEXTS.step(step)}
        </p>
        {step === 1 ? (
          <form onSubmit={onNext} noValidate>
            <div className="panel-field">
              <label htmlFor={`${id}-name`}>{API_KEY_TEXTS.name}</label>
              <input
                ref={nameField}
                id={`${id}-name`}
                type="text"
                autoComplete="off"
                value={name}
                maxLength={NAME_MAX + 20}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? `${id}-name-help ${id}-name-error` : `${id}-name-help`}
                onChange={(event) => setName(event.target.value)}
              />
              <p id={`${id}-name-help`} className="panel-help">
                {API_KEY_TEXTS.nameHelp}
              </p>
              {errors.name ? (
                <p id={`${id}-name-error`} className="panel-error">
                  {errors.name}
                </p>
              ) : null}
            </div>
            <fieldset aria-describedby={errors.scopes ? `${id}-scopes-help ${id}-scopes-error` : `${id}-scopes-help`}>
              <legend>{API_KEY_TEXTS.scopes}</legend>
              <p id={`${id}-scopes-help`} className="panel-help">
                {API_KEY_TEXTS.scopesHelp}
              </p>
              {offered.map((permission) => (
                <div key={permission} className="panel-check">
                  <input
                    id={`${id}-${permission}`}
                    type="checkbox"
                    checked={scopes.includes(permission)}
                    aria-describedby={`${id}-${permission}-what`}
                    onChange={(event) => toggle(permission, event.target.checked)}
                  />
                  <label htmlFor={`${id}-${permission}`}>{permission}</label>
                  <p id={`${id}-${permission}-what`} className="panel-help">
                    {PERMISSION_DESCRIPTIONS[permission]}
                  </p>
                </div>
              ))}
              {errors.scopes ? (
                <p id={`${id}-scopes-error`} className="panel-error">
                  {errors.scopes}
                </p>
              ) : null}
            </fieldset>
            <p role="alert" className="panel-error">
              {refusal || (errors.name || errors.scopes ? [errors.name, errors.scopes].filter(Boolean).join(' ') : '')}
            </p>
            <div className="modal-actions">
              <button type="button" className="button button-secondary" onClick={cancel}>
                {API_KEY_TEXTS.cancel}
              </button>
              <button type="submit" className="button button-primary" disabled={create.isPending}>
                {create.isPending ? API_KEY_TEXTS.creating : API_KEY_TEXTS.next}
              </button>
            </div>
          </form>
        ) : (
          <div>
            <p className="panel-notice">{API_KEY_TEXTS.secretNotice}</p>
            <div className="panel-field">
              <label htmlFor={`${id}-secret`}>{API_KEY_TEXTS.secret}</label>
              <div className="panel-row">
                <input ref={secretField} id={`${id}-secret`} type="text" readOnly className="panel-mono" value={created?.secret ?? ''} aria-describedby={`${id}-use`} onFocus={(event) => event.currentTarget.select()} />
                <button type="button" className="button button-primary" aria-label={API_KEY_TEXTS.copyLabel} onClick={() => void onCopy()}>
                  {API_KEY_TEXTS.copy}
                </button>
              </div>
              <p id={`${id}-use`} className="panel-help">
                {API_KEY_TEXTS.secretUse}
              </p>
            </div>
            <p role="status" className="panel-status">
              {copyStatus}
            </p>
            <div className="modal-actions">
              <button type="button" className="button button-secondary" onClick={cancel}>
                {API_KEY_TEXTS.cancel}
              </button>
              <button type="button" className="button button-primary" onClick={onComplete}>
                {API_KEY_TEXTS.complete}
              </button>
            </div>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
