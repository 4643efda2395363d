import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { WebhookEndpointJson } from '@vitrine/contracts';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { containTab } from '../../../ui/focus';
import { failureText } from '../../../ui/messages';
import { copyText, COPY_TEXTS } from '../api-keys/clipboard';
import { WEBHOOK_TEXTS, useCreateEndpoint, useUpdateEndpoint, type EndpointInput } from './webhooks-api';

const URL_MAX = 2083;
const DESCRIPTION_MAX = 200;

type FieldErrors = { url?: string; description?: string; events?: string };

/** A modal's frame: focus starts inside, Tab stays inside, Escape closes, focus goes back to the opener. */
function ModalFrame({ title, onClose, returnFocusTo, children, initialFocus }: { title: string; onClose: () => void; returnFocusTo?: RefObject<HTMLElement | null>; children: React.ReactNode; initialFocus: RefObject<HTMLElement | null> }) {
  const dialog = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const returnTo = returnFocusTo?.current ?? opener;
    initialFocus.current?.focus();
    return () => returnTo?.focus();
  }, [returnFocusTo, initialFocus]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (dialog.current) containTab(event, dialog.current);
  };
  return createPortal(
    <div className="modal-backdrop">
      <div ref={dialog} className="modal panel-modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <h2 id={`${id}-title`} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** The secret of a new endpoint or a rotation, shown this once, with Copy. */
export function SecretModal({ secret, onClose, returnFocusTo }: { secret: string; onClose: () => void; returnFocusTo?: RefObject<HTMLElement | null> }) {
  const field = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState('');
  const id = useId();
  return (
    <ModalFrame title={WEBHOOK_TEXTS.secretTitle} onClose={onClose} returnFocusTo={returnFocusTo} initialFocus={field}>
      <p className="panel-notice">{WEBHOOK_TEXTS.secretNotice}</p>
      <div className="panel-field">
        <label htmlFor={`${id}-secret`}>{WEBHOOK_TEXTS.secret}</label>
        <div className="panel-row">
          <input ref={field} id={`${id}-secret`} type="text" readOnly className="panel-mono" value={secret} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button button-primary" aria-label={WEBHOOK_TEXTS.copyLabel} onClick={() => void copyText(secret, field.current).then((copied) => setCopyStatus(copied ? COPY_TEXTS.copied : COPY_TEXTS.selectToCopy))}>
            {WEBHOOK_TEXTS.copy}
          </button>
        </div>
      </div>
      <p role="status" className="panel-status">
        {copyStatus}
      </p>
      <div className="modal-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {WEBHOOK_TEXTS.done}
        </button>
      </div>
    </ModalFrame>
  );
}

/**
 * Add or edit an endpoint: URL, description, the events (each with what it means), and its switch. A new endpoint's
 * secret is then shown once (SecretModal, by the caller). The browser checks what it can; the server checks again
 * and its field errors are shown by their fields.
 */
export function EndpointModal({
  events,
  endpoint,
  onClose,
  returnFocusTo,
}: {
  events: { type: string; description: string }[];
  endpoint?: WebhookEndpointJson;
  onClose: (outcome: { endpoint: WebhookEndpointJson; secret?: string } | null) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [chosen, setChosen] = useState<string[]>(endpoint?.events ?? []);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState('');
  const urlField = useRef<HTMLInputElement>(null);
  const id = useId();
  const pending = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal('');
    const trimmed = url.trim();
    const found: FieldErrors = {};
    if (trimmed === '') found.url = WEBHOOK_TEXTS.urlMissing;
    else if (!/^https?:\/\/\S+$/i.test(trimmed) || trimmed.length > URL_MAX) found.url = WEBHOOK_TEXTS.urlInvalid;
    if (description.trim().length > DESCRIPTION_MAX) found.description = WEBHOOK_TEXTS.descriptionHelp;
    if (chosen.length === 0) found.events = WEBHOOK_TEXTS.eventsMissing;
    setErrors(found);
    if (found.url || found.description || found.events) {
      (found.url ? urlField.current : document.getElementById(`${id}-${found.description ? 'description' : events[0]?.type}`))?.focus();
      return;
    }
    const body: EndpointInput = { url: trimmed, description: description.trim(), events: events.map((entry) => entry.type).filter((type) => chosen.includes(type)), enabled };
    const onError = (error: Error) => {
      setRefusal(failureText(error));
      if (isOwnerApiError(error) && error.errors) setErrors({ url: error.errors.url, description: error.errors.description, events: error.errors.events });
    };
    if (endpoint) update.mutate({ endpointId: endpoint.id, body }, { onSuccess: (reply) => onClose({ endpoint: reply.endpoint }), onError });
    else create.mutate(body, { onSuccess: (reply) => onClose({ endpoint: reply.endpoint, secret: reply.secret }), onError });
  };

  const toggle = (type: string, on: boolean) => setChosen((current) => (on ? [...current, type] : current.filter((entry) => entry !== type)));
  const describedBy = (name: keyof FieldErrors) => (errors[name] ? `${id}-${name}-help ${id}-${name}-error` : `${id}-${name}-help`);

  return (
    <ModalFrame title={endpoint ? WEBHOOK_TEXTS.editTitle : WEBHOOK_TEXTS.addTitle} onClose={() => onClose(null)} returnFocusTo={returnFocusTo} initialFocus={urlField}>
      <form onSubmit={onSubmit} noValidate>
        <div className="panel-field">
          <label htmlFor={`${id}-url`}>{WEBHOOK_TEXTS.url}</label>
          <input ref={urlField} id={`${id}-url`} type="text" inputMode="url" spellCheck={false} autoComplete="off" value={url} aria-invalid={errors.url ? true : undefined} aria-describedby={describedBy('url')} onChange={(event) => (setUrl(event.target.value), setErrors((current) => ({ ...current, url: undefined })))} />
          <p id={`${id}-url-help`} className="panel-help">
            {WEBHOOK_TEXTS.urlHelp}
          </p>
          {errors.url ? (
            <p id={`${id}-url-error`} className="panel-error">
              {errors.url}
            </p>
          ) : null}
        </div>
        <div className="panel-field">
          <label htmlFor={`${id}-description`}>{WEBHOOK_TEXTS.description}</label>
          <input id={`${id}-description`} type="text" autoComplete="off" value={description} aria-invalid={errors.description ? true : undefined} aria-describedby={describedBy('description')} onChange={(event) => setDescription(event.target.value)} />
          <p id={`${id}-description-help`} className="panel-help">
            {WEBHOOK_TEXTS.descriptionHelp}
          </p>
          {errors.description ? (
            <p id={`${id}-description-error`} className="panel-error">
              {errors.description}
            </p>
          ) : null}
        </div>
        <fieldset aria-describedby={describedBy('events')}>
          <legend>{WEBHOOK_TEXTS.events}</legend>
          <p id={`${id}-events-help`} className="panel-help">
            {WEBHOOK_TEXTS.eventsHelp}
          </p>
          {events.map((entry) => (
            <div key={entry.type} className="panel-check">
              <input id={`${id}-${entry.type}`} type="checkbox" checked={chosen.includes(entry.type)} aria-describedby={`${id}-${entry.type}-what`} onChange={(event) => (toggle(entry.type, event.target.checked), setErrors((current) => ({ ...current, events: undefined })))} />
              <label htmlFor={`${id}-${entry.type}`}>{entry.type}</label>
              <p id={`${id}-${entry.type}-what`} className="panel-help">
                {entry.description}
              </p>
            </div>
          ))}
          {errors.events ? (
            <p id={`${id}-events-error`} className="panel-error">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <div className="panel-check">
          <input id={`${id}-enabled`} type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <label htmlFor={`${id}-enabled`}>{WEBHOOK_TEXTS.enabled}</label>
        </div>
        <p role="alert" className="panel-error">
          {refusal}
        </p>
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={() => onClose(null)}>
            {WEBHOOK_TEXTS.cancel}
          </button>
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? WEBHOOK_TEXTS.saving : WEBHOOK_TEXTS.save}
          </button>
        </div>
      </form>
    </ModalFrame>
  );
}
