import { useQueryClient } from '@tanstack/react-query';
import { isOwnerApiError, StoreCreationError } from '@vitrine/owner-client/browser';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useCan } from '../../../api/hooks';
import { useConfirm } from '../../../ui/confirm';
import { failureText } from '../../../ui/messages';
import { editorKeys, useCreateStore } from './editor-api';
import { STORE_TEXTS as T } from './texts';
import './panel.css';

/**
 * "Create store" on the Products screen (platform §4): the collection, its root category, then a link in the
 * main navigation. A role without `site:write` (a store manager) gets the store without the link; if the
 * server refuses the navigation step (403), the owner is told the store exists without it.
 */
/** The header's "Create store" button (for a role with `store-settings:write`); it opens CreateStore's form. */
export function CreateStoreButton({ open, onOpen, formId }: { open: boolean; onOpen: () => void; formId: string }) {
  const canCreate = useCan('store-settings:write');
  if (!canCreate) return null;
  return (
    <button type="button" id={`${formId}-opener`} className="button button-secondary" aria-expanded={open} aria-controls={open ? formId : undefined} onClick={onOpen}>
      {T.createStore}
    </button>
  );
}

export function CreateStore({ open, setOpen, formId }: { open: boolean; setOpen: (open: boolean) => void; formId: string }) {
  const canCreate = useCan('store-settings:write');
  const canNavigate = useCan('site:write');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const create = useCreateStore();
  const queryClient = useQueryClient();
  const { confirm } = useConfirm();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) setDone(null);
  }, [open]);
  if (!canCreate) return null;
  /** Closes the form; the focus goes back to the header's button. */
  const close = () => {
    setOpen(false);
    window.setTimeout(() => document.getElementById(`${formId}-opener`)?.focus(), 0);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = title.trim();
    if (name === '') {
      setError(T.titleRequired);
      input.current?.focus();
      return;
    }
    setError(null);
    if (!(await confirm({ title: T.confirmTitle(name), message: T.confirmMessage(canNavigate), confirmLabel: T.create }))) return;
    create.mutate({ title: name, addToMainNavigation: canNavigate }, {
      onSuccess: () => {
        setDone(canNavigate ? T.created(name) : T.createdNoNavigation(name));
        setTitle('');
        close();
      },
      onError: (caught) => {
        if (caught instanceof StoreCreationError && caught.step === 'navigation') {
          void queryClient.invalidateQueries({ queryKey: editorKeys.stores });
          setDone(isOwnerApiError(caught.cause, 403) ? T.createdNoNavigation(name) : T.createdNavigationFailed(name, caught.message));
          setTitle('');
          close();
          return;
        }
        setError(failureText(caught instanceof StoreCreationError ? caught.cause : caught));
      },
    });
  };

  return (
    <div className="create-store">
      {open ? (
        <form id={formId} className="card create-store-form" onSubmit={(event) => void submit(event)} noValidate aria-label={T.createStore}>
          <div className="editor-field">
            <label htmlFor={`${id}-title`}>{T.storeTitle}</label>
            <input ref={input} id={`${id}-title`} value={title} maxLength={200} autoFocus aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => setTitle(event.target.value)} />
            {error ? <span id={`${id}-error`} className="field-error" role="alert">{error}</span> : null}
          </div>
          <div className="editor-actions">
            <button type="submit" className="button button-primary" disabled={create.isPending}>{create.isPending ? T.creating : T.create}</button>
            <button type="button" className="button button-secondary" onClick={() => { close(); setError(null); }}>{T.cancel}</button>
          </div>
        </form>
      ) : null}
      <p role="status" className="create-store-status">{done ?? ''}</p>
    </div>
  );
}
